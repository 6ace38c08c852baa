// A chart's figures per template, from the precomputed figures read in bulk (figures.ts) and the
// vehicles' states (repository.ts). What each counts (docs/decisions/2026-11-26-dashboard-charts.md):
// - over time (events per type, score trend): the operators named, else the vehicles named (or
//   in a named group), else every vehicle the reader sees, per hour (a day) or per day;
// - per vehicle (operating hours, utilisation, distance, idle time): the vehicles so chosen;
// - the operators' ranking: the driving score, best five and worst five;
// - vehicles online now: the vehicles so chosen, by their device's connection now.
// Scores are the published driving score's (contracts driving-scores/formula.ts), as the driving
// score screens compute them: one rule in one place.
import {
  CHART_SUBJECTS_MAX,
  type Chart,
  type ChartData,
  type ChartTemplate,
  type ChartUnit,
  drivingScore,
  offsetText,
  summaryBucketKeys,
} from '@fleetlens/contracts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { RequestAccess } from '../../platform/access.ts';
import {
  type ChartFigures,
  type chartFigures,
  type FiguresPeriod,
  figuresInBulk,
  noFigures,
} from './figures.ts';
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

/** The published driving score of figures (counted harsh events per driving hour, weighted); null under an hour of driving. */
const scoreOf = (f: ChartFigures): number | null =>
  drivingScore({ driving_seconds: f.operating_seconds, events: f.counted }).score;

/**
 * The score of an interval: the figures pooled over the subjects scored themselves that interval
 * (an hour of driving each); none → null, a gap. Pooling every subject's minutes let six vehicles
 * that each drove ten minutes make an hour, and a burst of harsh events then drew a score of 0 on a
 * day the score pages leave unscored.
 */
function scoreOfScored(subjects: Iterable<ChartFigures>): number | null {
  const pooled = noFigures();
  let scored = false;
  for (const figures of subjects) {
    if (scoreOf(figures) === null) continue;
    scored = true;
    pooled.operating_seconds += figures.operating_seconds;
    for (const [type, n] of Object.entries(figures.counted))
      pooled.counted[type] = (pooled.counted[type] ?? 0) + n;
  }
  return scored ? scoreOf(pooled) : null;
}

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

/**
 * The subjects a chart counts: all of them when the figures are read in bulk; the first
 * CHART_SUBJECTS_MAX in a time setting of part of an hour, where each is read from raw data.
 */
const capped = (c: Counting, subjects: Named[]) => {
  const max = figuresInBulk(c.period) ? subjects.length : CHART_SUBJECTS_MAX;
  return {
    shown: subjects.slice(0, max),
    subjects: subjects.length,
    left_out: Math.max(0, subjects.length - max),
  };
};

const vehiclesOf = (c: Counting) => chartVehicles(c.database, c.access, c.chart);
/** The end of what has happened of the period: now, within it. */
const untilOf = ({ period, now }: Counting) => Math.min(period.end, Math.max(period.start, now));

/** One bar per vehicle, of a figure of its totals. */
const perVehicle =
  (unit: ChartUnit, value: (totals: ChartFigures, elapsedSeconds: number) => number | null) =>
  async (c: Counting): Promise<Answer> => {
    const { shown, ...count } = capped(c, await vehiclesOf(c));
    const totals = await c.figuresOf.totals(c.access, 'vehicle', shown, c.period);
    const elapsed = (untilOf(c) - c.period.start) / 1000;
    return {
      axis: 'subject',
      categories: shown.map((v) => v.name),
      series: [{ key: 'value', values: shown.map((v) => value(totals.get(v.id) ?? noFigures(), elapsed)) }],
      unit,
      ...count,
    };
  };

/** Per interval: harsh events per type, or (score trend) the driving score of the subjects scored together. */
const overTime =
  (score: boolean) =>
  async (c: Counting): Promise<Answer> => {
    const { chart, period } = c;
    const byOperator = chart.operator_ids.length > 0;
    const subjects = byOperator
      ? await chartOperators(c.database, c.access, chart.operator_ids)
      : await vehiclesOf(c);
    const { shown, ...count } = capped(c, subjects);
    const kind = byOperator ? 'operator' : 'vehicle';
    const offset = offsetText(period.timesetting);
    const keys = summaryBucketKeys(period.start, period.end, period.interval, period.timesetting);
    if (score) {
      const each = await c.figuresOf.eachPerInterval(c.access, kind, shown, period);
      return {
        axis: period.interval,
        categories: keys.map((key) => `${key}${offset}`),
        series: [{ key: 'value', values: keys.map((key) => scoreOfScored(each.get(key)?.values() ?? [])) }],
        unit: 'score',
        ...count,
      };
    }
    const buckets = await c.figuresOf.perInterval(c.access, kind, shown, period);
    const figures = keys.map((key) => buckets.get(key) ?? noFigures());
    const types = [...new Set(figures.flatMap((f) => Object.keys(f.events)))].sort((a, b) =>
      a.localeCompare(b),
    );
    return {
      axis: period.interval,
      categories: keys.map((key) => `${key}${offset}`),
      series: types.map((key) => ({ key, values: figures.map((f) => f.events[key] ?? 0) })),
      unit: 'count',
      ...count,
    };
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
    const { shown, ...count } = capped(c, await vehiclesOf(c));
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

  /** The driving score of each operator who drove enough for one: the five best and five worst. */
  async operatorRanking(c) {
    const { shown, ...count } = capped(c, await chartOperators(c.database, c.access, c.chart.operator_ids));
    const totals = await c.figuresOf.totals(c.access, 'operator', shown, c.period);
    const ranked = shown
      .map((o) => ({ name: o.name, score: scoreOf(totals.get(o.id) ?? noFigures()) }))
      .filter((o): o is { name: string; score: number } => o.score !== null)
      .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name));
    const kept = ranked.length > 10 ? [...ranked.slice(0, 5), ...ranked.slice(-5)] : ranked;
    return {
      axis: 'subject',
      categories: kept.map((o) => o.name),
      series: [{ key: 'value', values: kept.map((o) => o.score) }],
      unit: 'score',
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
