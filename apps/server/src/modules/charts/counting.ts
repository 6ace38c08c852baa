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
type Answer = Omit<ChartData, 'chart_id' | 'template' | 'start' | 'end'>;

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

export async function countChart(
  database: DatabaseHandle,
  figuresOf: FiguresOf,
  access: RequestAccess,
  chart: Chart,
  period: FiguresPeriod,
  now: number,
): Promise<ChartData> {
  const counted = await answer(database, figuresOf, access, chart, period, now);
  return {
    chart_id: chart.id,
    template: chart.template,
    start: new Date(period.start).toISOString(),
    end: new Date(period.end).toISOString(),
    ...counted,
  };
}

/** The first CHART_SUBJECTS_MAX subjects, and how many were left out. */
const capped = (subjects: Named[]) => ({
  shown: subjects.slice(0, CHART_SUBJECTS_MAX),
  subjects: subjects.length,
  left_out: Math.max(0, subjects.length - CHART_SUBJECTS_MAX),
});

const perSubject = (
  shown: Named[],
  figures: SubjectFigures[],
  value: (f: SubjectFigures) => number | null,
  unit: ChartUnit,
): Pick<Answer, 'axis' | 'categories' | 'series' | 'unit'> => ({
  axis: 'subject',
  categories: shown.map((s) => s.name),
  series: [{ key: 'value', values: figures.map(value) }],
  unit,
});

async function answer(
  database: DatabaseHandle,
  figuresOf: FiguresOf,
  access: RequestAccess,
  chart: Chart,
  period: FiguresPeriod,
  now: number,
): Promise<Answer> {
  const vehicles = () => chartVehicles(database, access, chart);
  const until = Math.min(period.end, Math.max(period.start, now));

  switch (chart.template) {
    case 'vehiclesOnline': {
      const all = await vehicles();
      const states = await vehicleStatesNow(
        database,
        access,
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
    }
    case 'idlePerVehicle': {
      const all = await vehicles();
      const { shown, ...count } = capped(all);
      const changes = await stateChanges(
        database,
        access,
        shown.map((v) => v.id),
        new Date(period.start).toISOString(),
        new Date(until).toISOString(),
      );
      const idle = idleSeconds(changes, period.start, until);
      return {
        axis: 'subject',
        categories: shown.map((v) => v.name),
        series: [{ key: 'value', values: shown.map((v) => round((idle.get(v.id) ?? 0) / HOUR_S)) }],
        unit: 'hours',
        ...count,
      };
    }
    case 'operatingPerVehicle':
    case 'utilisationPerVehicle':
    case 'distancePerVehicle': {
      const { shown, ...count } = capped(await vehicles());
      const figures = await figuresOf(
        access,
        'vehicle',
        shown.map((v) => v.id),
        period,
      );
      const elapsed = (until - period.start) / 1000;
      if (chart.template === 'operatingPerVehicle')
        return {
          ...perSubject(shown, figures, (f) => round(f.totals.operating_seconds / HOUR_S), 'hours'),
          ...count,
        };
      if (chart.template === 'distancePerVehicle')
        return { ...perSubject(shown, figures, (f) => round(f.totals.distance_m / 1000), 'km'), ...count };
      return {
        ...perSubject(
          shown,
          figures,
          (f) => (elapsed > 0 ? round((f.totals.operating_seconds / elapsed) * 100, 1) : null),
          'percent',
        ),
        ...count,
      };
    }
    case 'operatorRanking': {
      const { shown, ...count } = capped(await chartOperators(database, access, chart.operator_ids));
      const figures = await figuresOf(
        access,
        'operator',
        shown.map((o) => o.id),
        period,
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
    }
    default: {
      // Over time: events per type, or the score trend.
      const byOperator = chart.operator_ids.length > 0;
      const subjects = byOperator
        ? await chartOperators(database, access, chart.operator_ids)
        : await vehicles();
      const { shown, ...count } = capped(subjects);
      const figures = await figuresOf(
        access,
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
      const series =
        chart.template === 'scoreTrend'
          ? [{ key: 'value', values: all.map((n, i) => rateOf(n, seconds[i] ?? 0)) }]
          : [...events.entries()]
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([key, values]) => ({ key, values }));
      return {
        axis: period.interval,
        categories: keys,
        series,
        unit: chart.template === 'scoreTrend' ? 'perHour' : 'count',
        ...count,
      };
    }
  }
}
