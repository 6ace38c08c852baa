// Where a chart's driving figures come from: the precomputed figures (drive-summary/figures*.ts), read in
// bulk, one query per customer whatever the number of vehicles or operators
// (drive-summary/figures-read.repository.ts; the whole fleet reads its own rows). They count as
// the drive summary screens do: operating time and distance of segments, harsh events per type.
// A time setting of part of an hour (+05:30) has local hours the hour figures cannot split: there
// each subject's drive summary is asked for, from raw data, one at a time (counting.ts caps them).
import {
  type DriveSummaryInterval,
  HARSH_EVENT_TYPES,
  offsetText,
  summaryBucketKeys,
} from '@fleetlens/contracts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import {
  driveSummaryService,
  type FigureRow,
  type FigureSubject,
  figuresAnswer,
  localRanges,
  rangesOf,
  settleSubjects,
  sumFiguresOf,
} from '../drive-summary/public.ts';

export interface FiguresPeriod {
  start: number;
  end: number;
  interval: Extract<DriveSummaryInterval, 'hour' | 'day'>;
  timesetting: number;
}

/** What the charts count of a subject or an interval. */
export interface ChartFigures {
  operating_seconds: number;
  distance_m: number;
  /** Harsh events per type, every one. */
  events: Record<string, number>;
  /** Harsh events per type that a driving score counts (not excluded, not dismissed). */
  counted: Record<string, number>;
}

export const noFigures = (): ChartFigures => ({
  operating_seconds: 0,
  distance_m: 0,
  events: {},
  counted: {},
});

const figuresOfRow = (row: FigureRow): ChartFigures => ({
  operating_seconds: row.operating_seconds,
  distance_m: row.distance_m,
  events: row.events,
  counted: Object.fromEntries(
    Object.entries(row.events).flatMap(([type, n]) => {
      const left = n - (row.excluded_events[type] ?? 0);
      return left > 0 ? [[type, left]] : [];
    }),
  ),
});

const add = (into: ChartFigures, more: ChartFigures) => {
  into.operating_seconds += more.operating_seconds;
  into.distance_m += more.distance_m;
  for (const side of ['events', 'counted'] as const)
    for (const [type, n] of Object.entries(more[side])) into[side][type] = (into[side][type] ?? 0) + n;
};

/** Adds figures to a subject's of an interval. */
function addTo(
  each: Map<string, Map<string, ChartFigures>>,
  key: string,
  subject: string,
  more: ChartFigures,
) {
  const subjects = each.get(key) ?? new Map<string, ChartFigures>();
  const into = subjects.get(subject) ?? noFigures();
  add(into, more);
  subjects.set(subject, into);
  each.set(key, subjects);
}

/** Whether the figures answer the period for any number of subjects (else counting.ts caps them). */
export const figuresInBulk = (period: FiguresPeriod) =>
  figuresAnswer(period.start, period.end, period.timesetting);

/** A read of the subjects' figures over a period, by subject or by interval. */
type FiguresRead = (
  scope: Scoped,
  kind: 'vehicle' | 'operator',
  subjects: readonly FigureSubject[],
  period: FiguresPeriod,
) => Promise<Map<string, ChartFigures>>;

export interface ChartFiguresReader {
  /** Each subject's figures over the period. */
  totals: FiguresRead;
  /** The subjects' figures summed per interval, by the interval's local start ('YYYY-MM-DDTHH:MM:SS'). */
  perInterval: FiguresRead;
  /**
   * Each subject's figures per interval (interval → subject → figures), for a score that pools only
   * the subjects who drove enough that interval to be scored themselves.
   */
  eachPerInterval: (...read: Parameters<FiguresRead>) => Promise<Map<string, Map<string, ChartFigures>>>;
}

export function chartFigures(database: DatabaseHandle): ChartFiguresReader {
  const summaries = driveSummaryService(database);

  /** Raw drive summaries, one subject at a time, for time settings of part of an hour. */
  async function fromSummaries(
    scope: Scoped,
    kind: 'vehicle' | 'operator',
    subjects: readonly FigureSubject[],
    period: FiguresPeriod,
  ) {
    const local = (ms: number) =>
      `${new Date(ms + period.timesetting * 60_000).toISOString().slice(0, 19)}${offsetText(period.timesetting)}`;
    const query = {
      start: local(period.start),
      end: local(period.end),
      interval: period.interval,
      timesetting: period.timesetting,
    };
    const offset = offsetText(period.timesetting).length;
    const totals = new Map<string, ChartFigures>();
    const buckets = new Map<string, ChartFigures>();
    const each = new Map<string, Map<string, ChartFigures>>();
    for (const s of subjects) {
      const summary = await summaries.of(scope, kind, s.id, query);
      const { operating_seconds, distance_m, events } = summary.totals;
      // The summaries count harsh events without telling the excluded apart: counted as all.
      totals.set(s.id, { operating_seconds, distance_m, events, counted: { ...events } });
      for (const b of summary.buckets) {
        const key = b.start.slice(0, b.start.length - offset);
        const into = buckets.get(key) ?? noFigures();
        const own = { ...b, counted: { ...b.events } };
        add(into, own);
        buckets.set(key, into);
        addTo(each, key, s.id, own);
      }
    }
    return { totals, buckets, each };
  }

  /** The subjects' figures from the figure tables (their few dirty hours settled first), per `perMember`. */
  async function fromFigures(
    kind: 'vehicle' | 'operator',
    subjects: readonly FigureSubject[],
    period: FiguresPeriod,
    perMember: boolean,
  ) {
    await settleSubjects(database, kind, subjects, new Date(period.start), new Date(period.end));
    const ranges = perMember
      ? rangesOf('', period.start, period.end)
      : localRanges(period.start, period.end, period.interval, period.timesetting);
    return sumFiguresOf(database, kind, subjects, ranges, { perMember, events: HARSH_EVENT_TYPES });
  }

  return {
    async totals(scope, kind, subjects, period) {
      if (!figuresInBulk(period)) return (await fromSummaries(scope, kind, subjects, period)).totals;
      const rows = await fromFigures(kind, subjects, period, true);
      return new Map(rows.map((row) => [row.member, figuresOfRow(row)]));
    },

    async eachPerInterval(scope, kind, subjects, period) {
      if (!figuresInBulk(period)) return (await fromSummaries(scope, kind, subjects, period)).each;
      await settleSubjects(database, kind, subjects, new Date(period.start), new Date(period.end));
      const ranges = localRanges(period.start, period.end, period.interval, period.timesetting);
      const rows = await sumFiguresOf(database, kind, subjects, ranges, { events: HARSH_EVENT_TYPES });
      const each = new Map<string, Map<string, ChartFigures>>();
      for (const row of rows) addTo(each, row.bucket, row.member, figuresOfRow(row));
      return each;
    },

    async perInterval(scope, kind, subjects, period) {
      if (!figuresInBulk(period)) return (await fromSummaries(scope, kind, subjects, period)).buckets;
      const rows = await fromFigures(kind, subjects, period, false);
      const buckets = new Map(
        summaryBucketKeys(period.start, period.end, period.interval, period.timesetting).map((key) => [
          key,
          noFigures(),
        ]),
      );
      for (const row of rows) {
        const into = buckets.get(row.bucket);
        if (into) add(into, figuresOfRow(row));
      }
      return buckets;
    },
  };
}
