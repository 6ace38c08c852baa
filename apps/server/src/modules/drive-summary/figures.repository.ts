// Figures (0037_figures.sql, 0039_figures_fleet_operator_columns.sql,
// docs/decisions/2026-11-26-figures.md): each vehicle's and each operator's (at each vehicle)
// operating time, distance, stops, idle time and events per type per UTC hour, and their sums:
// vehicles' and operators' UTC days and months, the fleet's hours, days and months.
// computeFigures is the one way they are written: the hours from raw data with the spans and
// segments of segments.repository.ts, for windows of (vehicle, hours), then the sums they touch.
// The rebuild calls it over whole periods; settleFigures over the hours the triggers marked dirty.
// So incremental figures and a rebuild agree by construction.
import { DEVICE_EVENT_TYPES } from '@fleetlens/contracts';
import type { DatabaseHandle, Queryable } from '../../db/client.ts';
import { operatorDaysChanged } from '../fuel/public.ts';
import {
  SEGMENT_SUMS,
  SEGMENTS_AND_EVENTS,
  WINDOW_OPERATOR_SPANS,
  WINDOW_VEHICLE_SPANS,
} from './segments.repository.ts';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** A vehicle's hours [from, to) (whole UTC hours) whose figures are computed again. */
export interface FigureWindow {
  customerId: string;
  vehicleId: string;
  from: Date;
  to: Date;
}

const windowParams = (windows: FigureWindow[]) => [
  windows.map((w) => w.customerId),
  windows.map((w) => w.vehicleId),
  windows.map((w) => w.from.toISOString()),
  windows.map((w) => w.to.toISOString()),
];

/** A device event type's column name: SuddenDeceleration → sudden_deceleration. */
const snake = (type: string) => type.replaceAll(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();

/**
 * Each event type's two count columns (0039_figures_fleet_operator_columns.sql): every event of
 * the type, and those of them excluded from scores (by hand or by a dismissal).
 */
export const EVENT_COLUMNS = DEVICE_EVENT_TYPES.map((type) => ({
  type,
  events: `events_${snake(type)}`,
  excluded: `excluded_${snake(type)}`,
}));

/** The columns of every figure row besides its key: what is summed from hours to days to months. */
export const FIGURE_COLUMNS = [
  'operating_seconds',
  'distance_m',
  'stops',
  'idle_seconds',
  ...EVENT_COLUMNS.flatMap((c) => [c.events, c.excluded]),
] as const;
const FIGURES = FIGURE_COLUMNS.join(', ');
const UPDATE_FIGURES = FIGURE_COLUMNS.map((c) => `${c} = EXCLUDED.${c}`).join(', ');
const EVENT_COUNTS = EVENT_COLUMNS.map(
  (c) =>
    `count(*) FILTER (WHERE type = '${c.type}')::int AS ${c.events}, ` +
    `count(*) FILTER (WHERE type = '${c.type}' AND excluded)::int AS ${c.excluded}`,
).join(',\n');

/**
 * The kinds of figures: the tables of each grain and the member column that keys them (fleet
 * rows are keyed by the customer alone). Vehicle and operator hours are computed from raw data
 * (operators' per vehicle, `keys`); everything else is a sum of hours.
 */
export const FIGURE_KINDS = {
  vehicle: {
    hours: 'vehicle_hour_figures',
    days: 'vehicle_day_figures',
    months: 'vehicle_month_figures',
    member: 'vehicle_id',
  },
  operator: {
    hours: 'operator_hour_figures',
    days: 'operator_day_figures',
    months: 'operator_month_figures',
    member: 'operator_id',
  },
  fleet: {
    hours: 'fleet_hour_figures',
    days: 'fleet_day_figures',
    months: 'fleet_month_figures',
    member: null,
  },
} as const;
export type FigureKind = keyof typeof FIGURE_KINDS;

/** The hours computed from raw data: their spans and keys. */
const COMPUTED = [
  { kind: 'vehicle', spans: WINDOW_VEHICLE_SPANS, keys: 'customer_id, vehicle_id' },
  { kind: 'operator', spans: WINDOW_OPERATOR_SPANS, keys: 'customer_id, operator_id, vehicle_id' },
] as const;

/** Rows (customer, member, period start) of a kind whose sums are computed again. */
type Targets = Map<string, { customer: string; member: string | null; at: number }>;

const addTarget = (into: Targets, customer: string, member: string | null, at: number) =>
  into.set(`${customer}/${member}/${at}`, { customer, member, at });

const dayOf = (at: number) => Math.floor(at / DAY_MS) * DAY_MS;
const monthOf = (at: number) => {
  const d = new Date(at);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
};
const nextMonth = (at: number) => {
  const d = new Date(at);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
};

/**
 * Computes the figures of the windows from raw data, replacing what was there: the vehicles' and
 * operators' hours, then every sum they touch (the vehicles' and operators' UTC days and months,
 * the fleet's hours, days and months). Run it inside a transaction.
 *
 * The sums are taken under a lock per customer, after the hours are written: two transactions
 * that computed hours of one fleet (the job and a drive summary) sum one after the other, the
 * second seeing the first's hours, so no sum misses an hour written beside it.
 */
export async function computeFigures(tx: Queryable, windows: FigureWindow[]): Promise<void> {
  if (windows.length === 0) return;
  const params = windowParams(windows);
  const changed = { vehicle: new Map() as Targets, operator: new Map() as Targets };
  for (const { kind, spans, keys } of COMPUTED) {
    const { hours, member } = FIGURE_KINDS[kind];
    const touched = (rows: { customer_id: string; member: string; hour: Date }[]) => {
      for (const r of rows) addTarget(changed[kind], r.customer_id, r.member, new Date(r.hour).getTime());
    };
    touched(
      await tx.query(
        `DELETE FROM ${hours} f
          USING unnest($1::uuid[], $2::uuid[], $3::timestamptz[], $4::timestamptz[]) AS w(customer_id, vehicle_id, from_time, to_time)
          WHERE f.customer_id = w.customer_id AND f.vehicle_id = w.vehicle_id
            AND f.hour >= w.from_time AND f.hour < w.to_time
         RETURNING f.customer_id, f.${member} AS member, f.hour`,
        params,
      ),
    );
    touched(
      await tx.query(
        `WITH ${spans}, ${SEGMENTS_AND_EVENTS}
         , motion AS (
           SELECT ${keys}, date_trunc('hour', time, 'UTC') AS hour, ${SEGMENT_SUMS}
             FROM seg GROUP BY ${keys}, hour)
         , counts AS (
           SELECT ${keys}, date_trunc('hour', time, 'UTC') AS hour, ${EVENT_COUNTS}
             FROM ev GROUP BY ${keys}, hour)
         INSERT INTO ${hours} (${keys}, hour, ${FIGURES})
         SELECT ${keys}, hour, ${FIGURE_COLUMNS.map((c) => `coalesce(${c}, 0)`).join(', ')}
           FROM motion FULL JOIN counts USING (${keys}, hour)
         ON CONFLICT (${keys}, hour) DO UPDATE SET ${UPDATE_FIGURES}
         RETURNING customer_id, ${member} AS member, hour`,
        params,
      ),
    );
  }
  const customers = [...new Set(windows.map((w) => w.customerId))].sort();
  await tx.query(
    "SELECT pg_advisory_xact_lock(hashtextextended('figures ' || c, 0)) FROM unnest($1::text[]) AS c ORDER BY c",
    [customers],
  );
  const fleetHours: Targets = new Map();
  for (const t of changed.vehicle.values()) addTarget(fleetHours, t.customer, null, t.at);
  await resum(tx, 'vehicle', changed.vehicle);
  await resum(tx, 'operator', changed.operator);
  await sumInto(
    tx,
    FIGURE_KINDS.fleet.hours,
    'hour',
    FIGURE_KINDS.vehicle.hours,
    'hour',
    null,
    fleetHours,
    HOUR_MS,
  );
  await resum(tx, 'fleet', fleetHours);
  await sumOperatorVehicleDays(tx, windows);
}

/**
 * Replaces the operators' running seconds at each window's vehicle for the UTC days the windows
 * touch (operator_vehicle_day_figures, the fuel summary's shares) by those of the operator hours
 * now stored, and has the fuel module share its readings over those days again. Run it after
 * those hours are written, under the customers' figures lock.
 */
export async function sumOperatorVehicleDays(tx: Queryable, windows: FigureWindow[]): Promise<void> {
  const days = new Map<string, { customer: string; vehicle: string; day: string }>();
  for (const w of windows)
    for (let at = dayOf(w.from.getTime()); at < w.to.getTime(); at += DAY_MS) {
      const day = new Date(at).toISOString().slice(0, 10);
      days.set(`${w.vehicleId}/${day}`, { customer: w.customerId, vehicle: w.vehicleId, day });
    }
  if (days.size === 0) return;
  const list = [...days.values()];
  const params = [list.map((d) => d.customer), list.map((d) => d.vehicle), list.map((d) => d.day)];
  const periods = `p AS (SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::date[]) AS p(customer_id, vehicle_id, day))`;
  await tx.query(
    `WITH ${periods}
     DELETE FROM operator_vehicle_day_figures f USING p
      WHERE f.customer_id = p.customer_id AND f.vehicle_id = p.vehicle_id AND f.day = p.day`,
    params,
  );
  await tx.query(
    `WITH ${periods}
     , h AS (
       SELECT p.customer_id, p.vehicle_id, p.day, h.operator_id,
              extract(hour FROM h.hour AT TIME ZONE 'UTC')::int AS i, h.operating_seconds
         FROM p JOIN operator_hour_figures h ON h.customer_id = p.customer_id AND h.vehicle_id = p.vehicle_id
          AND h.hour >= p.day::timestamp AT TIME ZONE 'UTC' AND h.hour < (p.day + 1)::timestamp AT TIME ZONE 'UTC')
     , k AS (SELECT DISTINCT customer_id, vehicle_id, day, operator_id FROM h)
     , t AS (
       SELECT k.customer_id, k.vehicle_id, k.day, k.operator_id, g.i,
              sum(coalesce(h.operating_seconds, 0))
                OVER (PARTITION BY k.customer_id, k.vehicle_id, k.day, k.operator_id ORDER BY g.i) AS through
         FROM k CROSS JOIN generate_series(0, 23) g(i)
         LEFT JOIN h ON h.customer_id = k.customer_id AND h.vehicle_id = k.vehicle_id AND h.day = k.day
          AND h.operator_id = k.operator_id AND h.i = g.i)
     INSERT INTO operator_vehicle_day_figures (customer_id, vehicle_id, day, operator_id, seconds_through)
     SELECT customer_id, vehicle_id, day, operator_id, array_agg(through ORDER BY i)
       FROM t GROUP BY customer_id, vehicle_id, day, operator_id`,
    params,
  );
  await operatorDaysChanged(
    tx,
    list.map((d) => ({ customerId: d.customer, vehicleId: d.vehicle, day: d.day })),
  );
}

/** The days of the hours given, then the months of those days, summed again for a kind. */
async function resum(tx: Queryable, kind: FigureKind, hours: Targets): Promise<void> {
  const { hours: hourTable, days, months, member } = FIGURE_KINDS[kind];
  const dayTargets: Targets = new Map();
  for (const t of hours.values()) addTarget(dayTargets, t.customer, t.member, dayOf(t.at));
  const monthTargets: Targets = new Map();
  for (const t of dayTargets.values()) addTarget(monthTargets, t.customer, t.member, monthOf(t.at));
  await sumInto(tx, days, 'day', hourTable, 'hour', member, dayTargets, DAY_MS);
  await sumInto(tx, months, 'month', days, 'day', member, monthTargets, 'month');
}

/**
 * Replaces the rows `targets` of `into` (keyed by customer, `member` unless fleet, and the period
 * start `column`) by the sums of the `from` rows of their period: one `length` of time, or a UTC
 * month. A period without rows to sum has no row.
 */
async function sumInto(
  tx: Queryable,
  into: string,
  column: string,
  from: string,
  fromColumn: string,
  member: string | null,
  targets: Targets,
  length: number | 'month',
): Promise<void> {
  if (targets.size === 0) return;
  const list = [...targets.values()];
  const params = [
    list.map((t) => t.customer),
    list.map((t) => t.member),
    list.map((t) => new Date(t.at).toISOString()),
    list.map((t) => new Date(length === 'month' ? nextMonth(t.at) : t.at + length).toISOString()),
  ];
  const periods = `p AS (SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[], $4::timestamptz[])
                           AS p(customer_id, member, at, until))`;
  const sameMember = member ? `AND f.${member} = p.member` : '';
  await tx.query(
    `WITH ${periods}
     DELETE FROM ${into} f USING p WHERE f.customer_id = p.customer_id ${sameMember} AND f.${column} = p.at`,
    params,
  );
  await tx.query(
    `WITH ${periods}
     INSERT INTO ${into} (customer_id, ${member ? `${member}, ` : ''}${column}, ${FIGURES})
     SELECT p.customer_id, ${member ? 'p.member, ' : ''}p.at, ${FIGURE_COLUMNS.map((c) => `sum(f.${c})`).join(', ')}
       FROM p JOIN ${from} f ON f.customer_id = p.customer_id ${sameMember}
        AND f.${fromColumn} >= p.at AND f.${fromColumn} < p.until
      GROUP BY p.customer_id, p.member, p.at`,
    params,
  );
}

/** Dirty hours as windows: a vehicle's consecutive hours make one window. */
export function windowsOf(hours: { customer_id: string; vehicle_id: string; hour: Date }[]): FigureWindow[] {
  const sorted = hours
    .map((h) => ({ customerId: h.customer_id, vehicleId: h.vehicle_id, at: new Date(h.hour).getTime() }))
    .sort((a, b) => a.vehicleId.localeCompare(b.vehicleId) || a.at - b.at);
  const windows: FigureWindow[] = [];
  for (const h of sorted) {
    const last = windows.at(-1);
    if (last && last.vehicleId === h.vehicleId && last.to.getTime() >= h.at)
      last.to = new Date(Math.max(last.to.getTime(), h.at + HOUR_MS));
    else
      windows.push({
        customerId: h.customerId,
        vehicleId: h.vehicleId,
        from: new Date(h.at),
        to: new Date(h.at + HOUR_MS),
      });
  }
  return windows;
}

/** Which dirty marks to settle: a subject's vehicles over a period, or every mark of an hour before `before`. */
export type DirtyFilter =
  | { customerId: string; vehicleIds: string[]; from: Date; to: Date }
  | { before: Date };

/**
 * Computes again the hours marked dirty (all, or those of the filter), at most `limit` (vehicle,
 * hour) at a time with every mark of each, in one transaction: the marks it takes are deleted in
 * it, so marks written meanwhile by a transaction that commits later stay for the next round.
 * Marks are locked in the order of their ids, so two settling transactions never deadlock.
 * Answers how many hours it computed.
 */
export async function settleFigures(db: DatabaseHandle, filter?: DirtyFilter, limit = 500): Promise<number> {
  const [where, params] = !filter
    ? ['', []]
    : 'before' in filter
      ? ['WHERE hour < $2', [filter.before.toISOString()]]
      : [
          'WHERE customer_id = $2 AND vehicle_id = ANY($3::uuid[]) AND hour >= $4 AND hour < $5',
          [filter.customerId, filter.vehicleIds, filter.from.toISOString(), filter.to.toISOString()],
        ];
  return db.transaction(async (tx) => {
    const taken = await tx.query<{ customer_id: string; vehicle_id: string; hour: Date }>(
      `WITH k AS (
         SELECT DISTINCT customer_id, vehicle_id, hour FROM figures_dirty_hours ${where}
          ORDER BY customer_id, vehicle_id, hour LIMIT $1)
       , m AS (
         SELECT d.customer_id, d.id FROM figures_dirty_hours d JOIN k USING (customer_id, vehicle_id, hour)
          ORDER BY d.id FOR UPDATE OF d)
       DELETE FROM figures_dirty_hours x USING m WHERE x.customer_id = m.customer_id AND x.id = m.id
       RETURNING x.customer_id, x.vehicle_id, x.hour`,
      [limit, ...params],
    );
    const windows = windowsOf(taken);
    await computeFigures(tx, windows);
    return new Set(taken.map((t) => `${t.vehicle_id}/${new Date(t.hour).getTime()}`)).size;
  });
}

/** How many of a subject's vehicles have hours of a period marked dirty. */
export async function dirtyVehicles(
  db: Queryable,
  filter: Extract<DirtyFilter, { customerId: string }>,
): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(DISTINCT vehicle_id)::int AS n FROM figures_dirty_hours
      WHERE customer_id = $1 AND vehicle_id = ANY($2::uuid[]) AND hour >= $3 AND hour < $4`,
    [filter.customerId, filter.vehicleIds, filter.from.toISOString(), filter.to.toISOString()],
  );
  return Number(row?.n ?? 0);
}

/** The vehicles the operators were ever signed on at before `until` (whose hours hold their figures). */
export async function vehiclesOfOperators(
  db: Queryable,
  customerId: string,
  operatorIds: string[],
  until: Date,
): Promise<string[]> {
  const rows = await db.query<{ vehicle_id: string }>(
    `SELECT DISTINCT vehicle_id FROM operator_sign_ons
      WHERE customer_id = $1 AND operator_id = ANY($2::uuid[]) AND time < $3 AND vehicle_id IS NOT NULL`,
    [customerId, operatorIds, until.toISOString()],
  );
  return rows.map((r) => r.vehicle_id);
}

/** The vehicles whose figures a rebuild computes: one customer's, or every customer's. */
export async function vehiclesToRebuild(
  db: Queryable,
  customerId: string | undefined,
): Promise<{ customer_id: string; id: string }[]> {
  return db.query<{ customer_id: string; id: string }>(
    'SELECT customer_id, id FROM vehicles WHERE $1::uuid IS NULL OR customer_id = $1 ORDER BY customer_id, id',
    [customerId ?? null],
  );
}
