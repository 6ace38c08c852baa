// A chart's figures per template, from the drive summaries (figures.ts) and the vehicles' states
// (repository.ts). What each counts (docs/decisions/2026-11-26-dashboard-charts.md):
// - over time (events per type, score trend): the operators named, else the vehicles named (or
//   in a named group), else every vehicle the reader sees, per hour (a day) or per day;
// - per vehicle (operating hours, utilisation, distance, idle time): the vehicles so chosen;
// - the operators' ranking: harsh events per driving hour, best five and worst five;
// - vehicles online now: the vehicles so chosen, by their device's connection now.
// The score here is harsh events per driving hour; the official driving score replaces it in
// `rateOf` when its module exists.
import {
  CHART_SUBJECTS_MAX,
  type Chart,
  type ChartData,
  type ChartTemplate,
  type ChartUnit,
  offsetText,
  summaryBucketKeys,
} from '@fleetlens/contracts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { RequestAccess } from '../../platform/access.ts';
import type { chartFigures, FiguresPeriod, SubjectFigures } from './figures.ts';
import {
  chartOperators,
  chartVehicles,
  type Named,
  type StateChange,
  stateChanges,
  vehicleStatesNow,
} from './repository.ts';

type FiguresOf = ReturnType<typeof chartFigures>;
/** What a count reads of a chart (a report is counted the same way: modules/reports). */
export type CountedChart = Pick<Chart, 'id' | 'template' | 'operator_ids' | 'vehicle_ids' | 'group_ids'>;
type Answer = Omit<ChartData, 'chart_id' | 'template' | 'start' | 'end'>;

/** What a count needs: where the figures come from, whose scope, which chart, over which period. */
export interface Counting {
  database: DatabaseHandle;
  figuresOf: FiguresOf;
  access: RequestAccess;
  chart: CountedChart;
  period: FiguresPeriod;
  now: number;
}

const HOUR_S = 3600;
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Harsh events per driving hour; null without driving. The official score plugs in here. */
export const rateOf = (events: number, operatingSeconds: number): number | null =>
  operatingSeconds > 0 ? round(events / (operatingSeconds / HOUR_S)) : null;

/** Idle: online and standing, folded from the state changes (the first of each kind is the state at start). */
export function idleSeconds(changes: StateChange[], start: number, end: number): Map<string, number> {
  const idle = new Map<string, number>();
  let vehicle = '';
  let online = false;
  let standing = false;
  let since = start;
  const close = (until: number) => {
    if (online && standing && until > since)
      idle.set(vehicle, (idle.get(vehicle) ?? 0) + (until - since) / 1000);
  };
  for (const change of changes) {
    const at = Math.max(Date.parse(change.time), start);
    if (change.vehicle_id !== vehicle) {
      if (vehicle) close(end);
      [vehicle, online, standing, since] = [change.vehicle_id, false, false, at];
    }
    close(at);
    since = at;
    if (change.kind === 'connection') online = change.state === 'online';
    else standing = change.state === 'stopping';
  }
  if (vehicle) close(end);
  return idle;
}

/** The first CHART_SUBJECTS_MAX subjects, and how many were left out. */
const capped = (subjects: Named[]) => ({
  shown: subjects.slice(0, CHART_SUBJECTS_MAX),
  subjects: subjects.length,
  left_out: Math.max(0, subjects.length - CHART_SUBJECTS_MAX),
});

const vehiclesOf = (c: Counting) => chartVehicles(c.database, c.access, c.chart);
/** The end of what has happened of the period: now, within it. */
const untilOf = ({ period, now }: Counting) => Math.min(period.end, Math.max(period.start, now));

/** One bar per vehicle, of a figure of its drive summary's totals. */
const perVehicle =
  (unit: ChartUnit, value: (totals: SubjectFigures['totals'], elapsedSeconds: number) => number | null) =>
  async (c: Counting): Promise<Answer> => {
    const { shown, ...count } = capped(await vehiclesOf(c));
    const figures = await c.figuresOf(
      c.access,
      'vehicle',
      shown.map((v) => v.id),
      c.period,
    );
    const elapsed = (untilOf(c) - c.period.start) / 1000;
    return {
      axis: 'subject',
      categories: shown.map((v) => v.name),
      series: [{ key: 'value', values: figures.map((f) => value(f.totals, elapsed)) }],
      unit,
      ...count,
    };
  };

/** Per interval: harsh events per type, or (score trend) harsh events per driving hour. */
const overTime =
  (rate: boolean) =>
  async (c: Counting): Promise<Answer> => {
    const { chart, period } = c;
    const byOperator = chart.operator_ids.length > 0;
    const subjects = byOperator
      ? await chartOperators(c.database, c.access, chart.operator_ids)
      : await vehiclesOf(c);
    const { shown, ...count } = capped(subjects);
    const figures = await c.figuresOf(
      c.access,
      byOperator ? 'operator' : 'vehicle',
      shown.map((s) => s.id),
      period,
    );
    const offset = offsetText(period.timesetting);
    const keys = summaryBucketKeys(period.start, period.end, period.interval, period.timesetting).map(
      (key) => `${key}${offset}`,
    );
    const index = new Map(keys.map((key, i) => [key, i]));
    const events = new Map<string, number[]>();
    const seconds = keys.map(() => 0);
    const all = keys.map(() => 0);
    for (const f of figures)
      for (const bucket of f.buckets) {
        const i = index.get(bucket.start);
        if (i === undefined) continue;
        seconds[i] = (seconds[i] ?? 0) + bucket.operating_seconds;
        all[i] = (all[i] ?? 0) + bucket.event_count;
        for (const [type, n] of Object.entries(bucket.events)) {
          const row = events.get(type) ?? keys.map(() => 0);
          row[i] = (row[i] ?? 0) + n;
          events.set(type, row);
        }
      }
    const series = rate
      ? [{ key: 'value', values: all.map((n, i) => rateOf(n, seconds[i] ?? 0)) }]
      : [...events.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([key, values]) => ({ key, values }));
    return { axis: period.interval, categories: keys, series, unit: rate ? 'perHour' : 'count', ...count };
  };

const COUNTERS: Record<ChartTemplate, (c: Counting) => Promise<Answer>> = {
  eventsPerType: overTime(false),
  scoreTrend: overTime(true),
  operatingPerVehicle: perVehicle('hours', (t) => round(t.operating_seconds / HOUR_S)),
  distancePerVehicle: perVehicle('km', (t) => round(t.distance_m / 1000)),
  utilisationPerVehicle: perVehicle('percent', (t, elapsed) =>
    elapsed > 0 ? round((t.operating_seconds / elapsed) * 100, 1) : null,
  ),

  async idlePerVehicle(c) {
    const { shown, ...count } = capped(await vehiclesOf(c));
    const until = untilOf(c);
    const changes = await stateChanges(
      c.database,
      c.access,
      shown.map((v) => v.id),
      new Date(c.period.start).toISOString(),
      new Date(until).toISOString(),
    );
    const idle = idleSeconds(changes, c.period.start, until);
    return {
      axis: 'subject',
      categories: shown.map((v) => v.name),
      series: [{ key: 'value', values: shown.map((v) => round((idle.get(v.id) ?? 0) / HOUR_S)) }],
      unit: 'hours',
      ...count,
    };
  },

  /** Harsh events per driving hour of each operator who drove: the five best and five worst. */
  async operatorRanking(c) {
    const { shown, ...count } = capped(await chartOperators(c.database, c.access, c.chart.operator_ids));
    const figures = await c.figuresOf(
      c.access,
      'operator',
      shown.map((o) => o.id),
      c.period,
    );
    const ranked = shown
      .map((o, i) => {
        const totals = figures[i]?.totals;
        return { name: o.name, rate: totals ? rateOf(totals.event_count, totals.operating_seconds) : null };
      })
      .filter((o): o is { name: string; rate: number } => o.rate !== null)
      .sort((a, b) => a.rate - b.rate || a.name.localeCompare(b.name));
    const kept = ranked.length > 10 ? [...ranked.slice(0, 5), ...ranked.slice(-5)] : ranked;
    return {
      axis: 'subject',
      categories: kept.map((o) => o.name),
      series: [{ key: 'value', values: kept.map((o) => o.rate) }],
      unit: 'perHour',
      ...count,
    };
  },

  async vehiclesOnline(c) {
    const all = await vehiclesOf(c);
    const states = await vehicleStatesNow(
      c.database,
      c.access,
      all.map((v) => v.id),
    );
    return {
      axis: 'state',
      categories: ['online', 'offline', 'none'],
      series: [{ key: 'value', values: [states.online, states.offline, states.none] }],
      unit: 'vehicles',
      subjects: all.length,
      left_out: 0,
    };
  },
};

/** A chart's figures over its period. */
export async function countChart(c: Counting): Promise<ChartData> {
  const counted = await COUNTERS[c.chart.template](c);
  return {
    chart_id: c.chart.id,
    template: c.chart.template,
    start: new Date(c.period.start).toISOString(),
    end: new Date(c.period.end).toISOString(),
    ...counted,
  };
}
