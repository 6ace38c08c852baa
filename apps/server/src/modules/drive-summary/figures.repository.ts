// Figures (0037_figures.sql, docs/decisions/2026-11-26-figures.md): each vehicle's and each
// operator's operating time, distance, stops, idle time and events per type, per UTC hour and per
// UTC day. computeFigures is the one way they are written: from raw data with the spans and
// segments of segments.repository.ts, for windows of (vehicle, hours). The rebuild calls it over whole
// periods; settleFigures over the hours the triggers marked dirty. So incremental figures and a
// rebuild agree by construction.
import type { DatabaseHandle, Queryable } from '../../db/client.ts';
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

const FIGURES = 'operating_seconds, distance_m, stops, idle_seconds, events, excluded_events';
const UPDATE_FIGURES = FIGURES.split(', ')
  .map((c) => `${c} = EXCLUDED.${c}`)
  .join(', ');

/** The two kinds of figures: the table names and keys of each. */
export const FIGURE_KINDS = {
  vehicle: {
    spans: WINDOW_VEHICLE_SPANS,
    hours: 'vehicle_hour_figures',
    days: 'vehicle_day_figures',
    months: 'vehicle_month_figures',
    keys: 'customer_id, vehicle_id',
    member: 'vehicle_id',
  },
  operator: {
    spans: WINDOW_OPERATOR_SPANS,
    hours: 'operator_hour_figures',
    days: 'operator_day_figures',
    months: 'operator_month_figures',
    keys: 'customer_id, operator_id, vehicle_id',
    member: 'operator_id',
  },
} as const;
export type FigureKind = keyof typeof FIGURE_KINDS;

/**
 * Computes the figures of the windows from raw data, replacing what was there: the hours, then
 * the UTC days and months they touch (sums of their hours, of their days). Run it inside a
 * transaction.
 */
export async function computeFigures(tx: Queryable, windows: FigureWindow[]): Promise<void> {
  if (windows.length === 0) return;
  const params = windowParams(windows);
  for (const kind of Object.values(FIGURE_KINDS)) {
    await tx.query(
      `DELETE FROM ${kind.hours} f
        USING unnest($1::uuid[], $2::uuid[], $3::timestamptz[], $4::timestamptz[]) AS w(customer_id, vehicle_id, from_time, to_time)
        WHERE f.customer_id = w.customer_id AND f.vehicle_id = w.vehicle_id
          AND f.hour >= w.from_time AND f.hour < w.to_time`,
      params,
    );
    await tx.query(
      `WITH ${kind.spans}, ${SEGMENTS_AND_EVENTS}
       , motion AS (
         SELECT ${kind.keys}, date_trunc('hour', time, 'UTC') AS hour, ${SEGMENT_SUMS}
           FROM seg GROUP BY ${kind.keys}, hour)
       , per_type AS (
         SELECT ${kind.keys}, date_trunc('hour', time, 'UTC') AS hour, type,
                count(*)::int AS n, count(*) FILTER (WHERE excluded)::int AS x
           FROM ev GROUP BY ${kind.keys}, hour, type)
       , counts AS (
         SELECT ${kind.keys}, hour, jsonb_object_agg(type, n) AS events,
                coalesce(jsonb_object_agg(type, x) FILTER (WHERE x > 0), '{}') AS excluded_events
           FROM per_type GROUP BY ${kind.keys}, hour)
       INSERT INTO ${kind.hours} (${kind.keys}, hour, ${FIGURES})
       SELECT ${kind.keys}, hour, coalesce(operating_seconds, 0), coalesce(distance_m, 0), coalesce(stops, 0),
              coalesce(idle_seconds, 0), coalesce(events, '{}'), coalesce(excluded_events, '{}')
         FROM motion FULL JOIN counts USING (${kind.keys}, hour)
       ON CONFLICT (${kind.keys}, hour) DO UPDATE SET ${UPDATE_FIGURES}`,
      params,
    );
    await rollUp(
      tx,
      params,
      kind.keys,
      { table: kind.hours, column: 'hour' },
      { table: kind.days, column: 'day' },
    );
    await rollUp(
      tx,
      params,
      kind.keys,
      { table: kind.days, column: 'day' },
      { table: kind.months, column: 'month' },
    );
  }
}

/**
 * Replaces the `into` rows (days, months) that the windows touch by the sums of their `from` rows
 * (hours, days). Days and months are UTC: computed on timestamps without a zone, where a day is
 * 24 hours and a month a calendar month whatever the session's time zone.
 */
async function rollUp(
  tx: Queryable,
  params: unknown[],
  keys: string,
  from: { table: string; column: string },
  into: { table: string; column: 'day' | 'month' },
): Promise<void> {
  const unit = into.column;
  const periods = `p AS (
    SELECT DISTINCT w.customer_id, w.vehicle_id, s AT TIME ZONE 'UTC' AS at,
                    (s + interval '1 ${unit}') AT TIME ZONE 'UTC' AS until
      FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[], $4::timestamptz[]) AS w(customer_id, vehicle_id, from_time, to_time)
     CROSS JOIN LATERAL generate_series(date_trunc('${unit}', w.from_time AT TIME ZONE 'UTC'),
                                        (w.to_time - interval '1 microsecond') AT TIME ZONE 'UTC',
                                        interval '1 ${unit}') AS s)`;
  const f = keys.replaceAll(/(\w+)/g, 'f.$1');
  await tx.query(
    `WITH ${periods}
     DELETE FROM ${into.table} f USING p
      WHERE f.customer_id = p.customer_id AND f.vehicle_id = p.vehicle_id AND f.${unit} = p.at`,
    params,
  );
  await tx.query(
    `WITH ${periods}
     INSERT INTO ${into.table} (${keys}, ${unit}, ${FIGURES})
     SELECT ${f}, p.at, sum(f.operating_seconds), sum(f.distance_m), sum(f.stops), sum(f.idle_seconds),
            figures_counts(f.events), figures_counts(f.excluded_events)
       FROM p JOIN ${from.table} f ON f.customer_id = p.customer_id AND f.vehicle_id = p.vehicle_id
        AND f.${from.column} >= p.at AND f.${from.column} < p.until
      GROUP BY ${f}, p.at
     ON CONFLICT (${keys}, ${unit}) DO UPDATE SET ${UPDATE_FIGURES}`,
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
