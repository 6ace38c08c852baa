// The fuel report's SQL: sums of the stored readings' derived figures (working hours and
// consumption since the reading before, never negative: 0055_fuel_results.sql), per vehicle, per
// vehicle and month, per group, and per operator. An operator's share of a reading is their
// signed-on operating time on that vehicle between the reading before and this one (the figures'
// operator hours from the RFID sign-ons, summed per vehicle and UTC day hour by hour in
// operator_vehicle_day_figures), over every operator's time there.
import type { Queryable } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';

export type Filter = { start: string; end: string; vehicleIds: string[] };

/** Current readings in the period, of the visible vehicles (or of those chosen). Parameters $1–$4. */
const READINGS = (scope: Scoped, join = '') => `fuel_results f
  JOIN vehicles v ON v.customer_id = f.customer_id AND v.id = f.vehicle_id ${join}
 WHERE f.is_current AND ${scope.inScope('f.customer_id', 1)} AND f.day BETWEEN $2::date AND $3::date
   AND (cardinality($4::uuid[]) = 0 OR f.vehicle_id = ANY($4::uuid[]))`;
const params = (scope: Scoped, f: Filter) => [scope.customerIds, f.start, f.end, f.vehicleIds];

/** Sums of a group of readings: litres per hour only over the readings that have both figures. */
const SUMS = `coalesce(sum(f.received_l), 0) AS received_l,
       coalesce(sum(f.working_hours), 0) AS working_hours,
       coalesce(sum(f.consumption_l), 0) AS consumption_l`;

export type SumRow = {
  id: string | null;
  name: string;
  part: string;
  received_l: number;
  working_hours: number;
  consumption_l: number;
  hour_meter: number | null;
  remaining_l: number | null;
};

export async function fuelVehicles(db: Queryable, scope: Scoped) {
  return db.query<{ id: string; name: string; capacity_l: number | null; group: string | null }>(
    `SELECT v.id, v.name, coalesce(v.fuel_capacity_l, m.fuel_tank_l) AS capacity_l, g.name AS "group"
       FROM vehicles v
       LEFT JOIN vehicle_models m ON m.customer_id = v.customer_id AND m.id = v.model_id
       LEFT JOIN vehicle_groups g ON g.customer_id = v.customer_id AND g.id = v.group_id
      WHERE ${scope.inScope('v.customer_id', 1)}
      ORDER BY lower(v.name), v.id`,
    [scope.customerIds],
  );
}

/** Per vehicle over the period, with its last meter and remaining amount. */
export async function perVehicle(db: Queryable, scope: Scoped, filter: Filter) {
  return db.query<SumRow>(
    `SELECT f.vehicle_id AS id, min(v.name) AS name, '' AS part, ${SUMS},
            (array_agg(f.hour_meter ORDER BY f.day DESC))[1] AS hour_meter,
            (array_agg(f.remaining_l ORDER BY f.day DESC))[1] AS remaining_l
       FROM ${READINGS(scope)}
      GROUP BY f.vehicle_id ORDER BY lower(min(v.name)), f.vehicle_id`,
    params(scope, filter),
  );
}

export type DayRow = SumRow & { vehicle_id: string; day: string };

/** Every reading of the period (its own figures). */
export async function perDay(db: Queryable, scope: Scoped, filter: Filter) {
  return db.query<DayRow>(
    `SELECT f.vehicle_id AS id, f.vehicle_id, v.name, to_char(f.day, 'YYYY-MM-DD') AS part,
            to_char(f.day, 'YYYY-MM-DD') AS day, f.received_l, coalesce(f.working_hours, 0) AS working_hours,
            coalesce(f.consumption_l, 0) AS consumption_l, f.hour_meter, f.remaining_l
       FROM ${READINGS(scope)}
      ORDER BY lower(v.name), f.vehicle_id, f.day`,
    params(scope, filter),
  );
}

/** Per vehicle and month, and the whole fleet per month (id null). */
export async function perMonth(db: Queryable, scope: Scoped, filter: Filter) {
  return db.query<SumRow>(
    `SELECT f.vehicle_id AS id, coalesce(min(v.name), '') AS name, to_char(date_trunc('month', f.day), 'YYYY-MM') AS part,
            ${SUMS}, NULL::float8 AS hour_meter, NULL::float8 AS remaining_l
       FROM ${READINGS(scope)}
      GROUP BY GROUPING SETS ((f.vehicle_id, date_trunc('month', f.day)), (date_trunc('month', f.day)))
      ORDER BY f.vehicle_id NULLS FIRST, 3`,
    params(scope, filter),
  );
}

/** The whole period: the fleet (id null) and each vehicle group (a vehicle in none: id ''). */
export async function perGroup(db: Queryable, scope: Scoped, filter: Filter) {
  return db.query<SumRow & { grouping: number }>(
    `SELECT CASE WHEN grouping(v.group_id) = 1 THEN NULL ELSE coalesce(v.group_id::text, '') END AS id,
            coalesce(min(g.name), '') AS name, '' AS part, ${SUMS},
            NULL::float8 AS hour_meter, NULL::float8 AS remaining_l, grouping(v.group_id) AS grouping
       FROM ${READINGS(scope, 'LEFT JOIN vehicle_groups g ON g.customer_id = v.customer_id AND g.id = v.group_id')}
      GROUP BY GROUPING SETS ((v.group_id), ())
      ORDER BY grouping(v.group_id) DESC, lower(min(g.name)) NULLS LAST`,
    params(scope, filter),
  );
}

/**
 * Per operator: each reading's litres and hours shared among the operators signed on to the
 * vehicle between the reading before and this one, by their operating time there. An operator
 * hour counts on the local day of its start in `timesetting` (minutes east of UTC), which is the
 * local day of its start shifted by the offset's whole hours, k: of a UTC day's running seconds
 * (operator_vehicle_day_figures), the first 24 - k hours are that local day's and the rest the
 * next one's (k ≥ 0), or the first -k hours are the local day before's and the rest its own
 * (k < 0). So the day rows become local-day rows (`d`, two per row), and a reading of one day
 * (nearly all: a reading a day) meets its local day's rows by an equality join, which PostgreSQL
 * hashes in one pass; the few readings spanning days meet theirs by range. Reading each
 * reading's rows through the key (a lateral join per reading) took three times as long on the
 * bench's 395,000 readings; expanding every reading into its days (generate_series) twice as
 * long, the planner unable to count the days.
 */
export async function perOperator(db: Queryable, scope: Scoped, filter: Filter, timesetting: number) {
  const k = Math.floor(timesetting / 60);
  const head = k >= 0 ? 24 - k : -k;
  const shift = k >= 0 ? 0 : -1;
  const parts = (join: string, readings: string) =>
    `SELECT f.customer_id, f.id, min(f.received_l) AS received_l, min(f.working_hours) AS working_hours,
            min(f.consumption_l) AS consumption_l, d.operator_id, sum(d.seconds) AS seconds
       FROM f JOIN d ON d.customer_id = f.customer_id AND d.vehicle_id = f.vehicle_id AND ${join}
      WHERE ${readings} GROUP BY f.customer_id, f.id, d.operator_id`;
  return db.query<SumRow>(
    `WITH f AS MATERIALIZED (
       SELECT f.customer_id, f.id, f.vehicle_id, f.day, f.previous_day, f.received_l, f.working_hours, f.consumption_l
         FROM ${READINGS(scope)} AND f.previous_day IS NOT NULL),
     o AS (
       SELECT o.* FROM operator_vehicle_day_figures o
        WHERE ${scope.inScope('o.customer_id', 1)} AND (cardinality($4::uuid[]) = 0 OR o.vehicle_id = ANY($4::uuid[]))
          AND o.day >= (SELECT min(previous_day) FROM f) - 1 AND o.day <= $3::date),
     d AS (
       SELECT customer_id, vehicle_id, day + $6::int AS local, operator_id, seconds_through[$5::int] AS seconds FROM o
       UNION ALL
       SELECT customer_id, vehicle_id, day + $6::int + 1, operator_id, seconds_through[24] - seconds_through[$5::int] FROM o),
     r AS (
       ${parts('d.local = f.day', 'f.previous_day = f.day - 1')}
       UNION ALL
       ${parts('d.local > f.previous_day AND d.local <= f.day', 'f.previous_day < f.day - 1')}),
     s AS (
       SELECT customer_id, operator_id, seconds / sum(seconds) OVER (PARTITION BY customer_id, id) AS part,
              received_l, working_hours, consumption_l
         FROM r WHERE seconds > 0)
     SELECT s.operator_id::text AS id, min(trim(p.first_name || ' ' || p.last_name)) AS name, '' AS part,
            sum(s.received_l * s.part) AS received_l, sum(s.working_hours * s.part) AS working_hours,
            sum(s.consumption_l * s.part) AS consumption_l, NULL::float8 AS hour_meter, NULL::float8 AS remaining_l
       FROM s JOIN operators p ON p.customer_id = s.customer_id AND p.id = s.operator_id
      GROUP BY s.operator_id ORDER BY lower(min(trim(p.first_name || ' ' || p.last_name))), s.operator_id`,
    [...params(scope, filter), head, shift],
  );
}

/**
 * The unusual readings of the period: those of `minHours` or more whose L/h lies `share` or more
 * from the median their vehicle's readings before them kept (median_l_per_h, the write path's).
 */
export async function unusualIn(
  db: Queryable,
  scope: Scoped,
  filter: Filter,
  minHours: number,
  share: number,
) {
  return db.query<{ vehicle_id: string; name: string; day: string; l_per_h: number; median: number }>(
    `SELECT f.vehicle_id, v.name, to_char(f.day, 'YYYY-MM-DD') AS day, f.consumption_l / f.working_hours AS l_per_h,
            f.median_l_per_h AS median
       FROM ${READINGS(scope)} AND f.working_hours >= $5 AND f.median_l_per_h > 0
        AND abs((f.consumption_l / f.working_hours - f.median_l_per_h) / f.median_l_per_h) >= $6
      ORDER BY f.vehicle_id, f.day`,
    [...params(scope, filter), minHours, share],
  );
}
