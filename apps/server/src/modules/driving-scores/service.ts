// Driving scores (resource `op_score`): a period's score per subject (operator, vehicle, vehicle
// group, operator group) and an operator's score with its trend, its breakdown per behaviour, the
// events behind it and the fleet's median. The formula is the contracts' (driving-scores/formula.ts);
// the figures come from repository.ts. Subjects and their figures are read within the caller's
// scope; another tenant's operator answers 404. A customer's score settings say which events beyond
// the harsh ones its scores count (zone breaches); setting them is audited.
import {
  type DRIVING_SCORE_ORDER,
  type DriveSummaryInterval,
  type DrivingScoreListQuery,
  type DrivingScorePage,
  type DrivingScoreQuery,
  type DrivingScoreRow,
  dayStartMs,
  deductionOf,
  drivingScore,
  HARSH_EVENT_TYPES,
  median,
  type OperatorScore,
  SCORE_EVENTS_SHOWN,
  SCORE_TREND_INTERVAL,
  type ScoreDays,
  type ScoreFigures,
  type ScoreSettings,
  type ScoreSettingsBody,
  type ScoreTiming,
  scoreDays,
  scoreTrendDays,
  summaryBucketKeys,
  weightOf,
} from '@fleetlens/contracts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { RequestAccess } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit.ts';
import { ApiError, found } from '../../platform/errors.ts';
import { pageOf } from '../../platform/lists.ts';
import {
  countedEventsOf,
  type FigurePeriod,
  type IntervalFigures,
  scoreFigures,
  subjectsOf,
} from './repository.ts';
import { hasOwnSettings, optionalTypesOf, settingsOf, writeSettings } from './settings.repository.ts';

/** A period's local days; the query was checked by its schema, so an error here is a bug's 400. */
function daysOf(q: DrivingScoreQuery): ScoreDays {
  const days = scoreDays(q);
  if ('key' in days)
    throw new ApiError('validation', {
      fields: [{ field: days.field, key: days.key.replace('validation.', '') }],
    });
  return days;
}

const periodOf = (days: ScoreDays, timesetting: number, interval: DriveSummaryInterval): FigurePeriod => ({
  start: new Date(dayStartMs(days.from, timesetting)).toISOString(),
  end: new Date(dayStartMs(days.to, timesetting)).toISOString(),
  interval,
  timesetting,
});

/** The one interval a fixed period fills; a manual range is summed over its months. */
const TOTAL_INTERVAL: Record<ScoreTiming, DriveSummaryInterval> = {
  monthly: 'month',
  weekly: 'week',
  daily: 'day',
  manual: 'month',
};

/** The sum of the intervals given, and its score. */
function figuresOf(intervals: Iterable<IntervalFigures>): ScoreFigures {
  let drivingSeconds = 0;
  const events: Record<string, number> = {};
  for (const one of intervals) {
    drivingSeconds += one.driving_seconds;
    for (const [type, n] of Object.entries(one.events)) events[type] = (events[type] ?? 0) + n;
  }
  const eventCount = Object.values(events).reduce((sum, n) => sum + n, 0);
  const score = drivingScore({ driving_seconds: drivingSeconds, events });
  return { driving_seconds: Math.round(drivingSeconds), events, event_count: eventCount, ...score };
}

type Order = (typeof DRIVING_SCORE_ORDER)[number];
/** Sorts rows by the list's order; rows without a score go last either way; name, then id break ties. */
function sortRows(rows: DrivingScoreRow[], orderBy: Order, descending: boolean): DrivingScoreRow[] {
  const byName = (a: DrivingScoreRow, b: DrivingScoreRow) =>
    a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
  const sign = descending ? -1 : 1;
  return [...rows].sort((a, b) => {
    if (orderBy === 'name') return sign * byName(a, b);
    const x = a[orderBy];
    const y = b[orderBy];
    if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
    return sign * (x - y) || byName(a, b);
  });
}

export function drivingScoreService(database: DatabaseHandle) {
  return {
    /** The period's score of every subject of the kind the caller sees, sorted and paged. */
    async list(access: RequestAccess, q: DrivingScoreListQuery): Promise<DrivingScorePage> {
      const days = daysOf(q);
      const period = periodOf(days, q.timesetting, TOTAL_INTERVAL[q.timing]);
      const subjects = await subjectsOf(database, access, q.subject, q);
      const figures = await scoreFigures(database, access, q.subject, subjects, period);
      const rows = subjects.map(
        (s): DrivingScoreRow => ({
          id: s.id,
          kind: q.subject,
          name: s.name,
          customer: { id: s.customer_id, name: s.customer_name },
          ...figuresOf(figures.get(s.id)?.values() ?? []),
        }),
      );
      const sorted = sortRows(rows, q.order_by ?? 'name', q.order === 'desc');
      const from = (q.page - 1) * q.perPage;
      return {
        ...pageOf(q, { list: sorted.slice(from, from + q.perPage), total: sorted.length }),
        start: period.start,
        end: period.end,
        median: median(rows.flatMap((r) => (r.score === null ? [] : [r.score]))),
      };
    },

    /** An operator's score of the period, its trend beside the fleet's median, its breakdown and events. */
    async operator(access: RequestAccess, id: string, q: DrivingScoreQuery): Promise<OperatorScore> {
      const [operator] = await subjectsOf(database, access, 'operator', { id });
      const one = found(operator);
      const days = daysOf(q);
      const period = periodOf(days, q.timesetting, SCORE_TREND_INTERVAL[q.timing]);
      const trendPeriod = periodOf(scoreTrendDays(q.timing, days), q.timesetting, period.interval);
      // The fleet: the operators of the operator's company, the operator among them.
      const fleet = await subjectsOf(database, access, 'operator', { customer_id: one.customer_id });
      const figures = await scoreFigures(database, access, 'operator', fleet, trendPeriod);
      const keys = summaryBucketKeys(
        Date.parse(trendPeriod.start),
        Date.parse(trendPeriod.end),
        trendPeriod.interval,
        q.timesetting,
      );
      const inPeriod = (key: string) => key.slice(0, 10) >= days.from;
      const periodFigures = (subject: string) =>
        figuresOf(
          [...(figures.get(subject) ?? new Map<string, IntervalFigures>())]
            .filter(([key]) => inPeriod(key))
            .map(([, f]) => f),
        );
      const scoresOf = (pick: (subject: string) => ScoreFigures) =>
        fleet.flatMap((o) => {
          const score = pick(o.id).score;
          return score === null ? [] : [score];
        });
      const mine = periodFigures(one.id);
      // The events the operator's company counts beyond the harsh ones: weighed, listed and shown.
      const optional = (await optionalTypesOf(database, [one.customer_id])).get(one.customer_id) ?? [];
      const bucketOf = (subject: string, key: string) =>
        figuresOf([figures.get(subject)?.get(key) ?? { driving_seconds: 0, events: {} }]);
      const fleetScores = scoresOf(periodFigures);
      return {
        operator: { id: one.id, name: one.name, customer: { id: one.customer_id, name: one.customer_name } },
        timing: q.timing,
        start: period.start,
        end: period.end,
        figures: mine,
        fleet: { median: median(fleetScores), scored: fleetScores.length, operators: fleet.length },
        breakdown: [...HARSH_EVENT_TYPES, ...optional]
          .sort((a, b) => weightOf(b) - weightOf(a) || a.localeCompare(b))
          .map((type) => ({
            type,
            count: mine.events[type] ?? 0,
            weight: weightOf(type),
            deduction:
              mine.score === null
                ? 0
                : Math.round(deductionOf(type, mine.events[type] ?? 0, mine.driving_seconds) * 100) / 100,
          })),
        trend: keys.map((key) => {
          const own = bucketOf(one.id, key);
          return {
            day: key.slice(0, 10),
            score: own.score,
            median: median(scoresOf((subject) => bucketOf(subject, key))),
            driving_seconds: own.driving_seconds,
            event_count: own.event_count,
          };
        }),
        events: await countedEventsOf(database, one, period, SCORE_EVENTS_SHOWN, [
          ...HARSH_EVENT_TYPES,
          ...optional,
        ]),
      };
    },

    /** A customer's score settings (the defaults until it sets its own); another tenant's answers 404. */
    async settings(access: RequestAccess, customerId: string): Promise<ScoreSettings> {
      access.mustSee(customerId);
      return {
        customer_id: customerId,
        ...(await settingsOf(database, customerId)),
        is_default: !(await hasOwnSettings(database, customerId)),
      };
    },

    /** Sets a customer's score settings, audited with the settings before and after. */
    async setSettings(access: RequestAccess, customerId: string, body: ScoreSettingsBody) {
      access.mustSee(customerId);
      const { userId, username } = access.principal;
      await database.transaction(async (tx) => {
        const before = (await hasOwnSettings(tx, customerId)) ? await settingsOf(tx, customerId) : null;
        await writeSettings(tx, customerId, body, userId);
        await recordAudit(tx, {
          actor: { userId, username },
          customerId,
          entity: 'score_settings',
          entityId: customerId,
          action: before ? 'update' : 'create',
          before,
          after: await settingsOf(tx, customerId),
        });
      });
      return this.settings(access, customerId);
    },
  };
}
