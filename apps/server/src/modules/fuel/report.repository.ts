// The fuel report's SQL: sums of the stored readings' derived figures (working hours and
// consumption since the reading before, never negative: 0055_fuel_results.sql), per vehicle, per
// vehicle and month, per group, and per operator. An operator's share of a reading is their
// signed-on operating time on that vehicle between the reading before and this one (the figures'
// operator hours from the RFID sign-ons, summed per vehicle and UTC day hour by hour in
// operator_vehicle_day_figures), over every operator's time there. The summary sums the stored
// sums the write paths keep (0120_fuel_sums.sql, sums.repository.ts): each reading's figures and
// its parts per operator.
import type { Queryable } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';

export type Filter = { start: string; end: string; vehicleIds: string[] };

/** Current readings in the period, of the visible vehicles (or of those chosen). Parameters $1–$4. */
const READINGS = (scope: Scoped, join = '') => `fuel_results f
  JOIN vehicles v ON v.customer_id = f.customer_id AND v.id = f.vehicle_id ${join}
 WHERE f.is_current AND ${scope.inScope('f.customer_id', 1)} AND f.day BETWEEN $2::date AND $3::date
   AND (cardinality($4::uuid[]) = 0 OR f.vehicle_id = ANY($4::uuid[]))`;
/** The day sums of the current readings in the period, as READINGS (parameters $1–$4). */
const DAY_SUMS = (scope: Scoped) => `fuel_day_sums f
  JOIN vehicles v ON v.customer_id = f.customer_id AND v.id = f.vehicle_id
 WHERE ${scope.inScope('f.customer_id', 1)} AND f.day BETWEEN $2::date AND $3::date
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

/**
 * The whole period: the fleet (id null) and each vehicle group (a vehicle in none: id ''), from
 * the day sums, summed per vehicle before the vehicles and groups are joined.
 */
export async function perGroup(db: Queryable, scope: Scoped, filter: Filter) {
  return db.query<SumRow & { grouping: number }>(
    `WITH s AS (
       SELECT f.customer_id, f.vehicle_id, sum(f.received_l) AS received_l, sum(f.working_hours) AS working_hours,
              sum(f.consumption_l) AS consumption_l
         FROM fuel_day_sums f
        WHERE ${scope.inScope('f.customer_id', 1)} AND f.day BETWEEN $2::date AND $3::date
          AND (cardinality($4::uuid[]) = 0 OR f.vehicle_id = ANY($4::uuid[]))
        GROUP BY f.customer_id, f.vehicle_id)
     SELECT CASE WHEN grouping(v.group_id) = 1 THEN NULL ELSE coalesce(v.group_id::text, '') END AS id,
            coalesce(min(g.name), '') AS name, '' AS part, ${SUMS.replaceAll('f.', 's.')},
            NULL::float8 AS hour_meter, NULL::float8 AS remaining_l, grouping(v.group_id) AS grouping
       FROM s JOIN vehicles v ON v.customer_id = s.customer_id AND v.id = s.vehicle_id
       LEFT JOIN vehicle_groups g ON g.customer_id = v.customer_id AND g.id = v.group_id
      GROUP BY GROUPING SETS ((v.group_id), ())
      ORDER BY grouping(v.group_id) DESC, lower(min(g.name)) NULLS LAST`,
    params(scope, filter),
  );
}

/**
 * Per operator: each reading's litres and hours shared among the operators signed on to the
 * vehicle between the reading before and this one, by their operating time there. An operator
 * hour counts on the local day of its start in `timesetting` (minutes east of UTC), which is the
 * local day of its start shifted by the offset's whole hours, k. The write paths keep each
 * reading's parts over its UTC days (fuel_operator_parts), which are its parts in any time setting
 * unless its edge days hold operator time in the k hours that change local day: for k > 0 the last
 * k hours of its previous day's and its own day's UTC days (the first moves into it, the second
 * out), for k < 0 the first -k hours of the UTC days after those. Those readings (`a`, found from
 * fuel_operated_days) are shared anew from the day figures, as before the parts were kept: of a
 * UTC day's running seconds, the first 24 - k hours are that local day's and the rest the next
 * one's (k ≥ 0), or the first -k hours are the local day before's and the rest its own (k < 0).
 * Every other reading's stored parts are summed as they are.
 */
export async function perOperator(db: Queryable, scope: Scoped, filter: Filter, timesetting: number) {
  const k = Math.floor(timesetting / 60);
  const head = k >= 0 ? 24 - k : -k;
  const shift = k >= 0 ? 0 : -1;
  const vehicles = (t: string) => `(cardinality($4::uuid[]) = 0 OR ${t}.vehicle_id = ANY($4::uuid[]))`;
  const stored = `SELECT p.customer_id, p.operator_id, p.received_l, p.working_hours, p.consumption_l
       FROM fuel_operator_parts p
      WHERE ${scope.inScope('p.customer_id', 1)} AND p.day BETWEEN $2::date AND $3::date AND ${vehicles('p')}`;
  const unchanged = `${stored}
        AND NOT EXISTS (SELECT 1 FROM a WHERE a.customer_id = p.customer_id AND a.vehicle_id = p.vehicle_id AND a.day = p.day)`;
  // The edge day of a reading is its own day (or the one after, k < 0), or the day before its
  // span (or its span's first, k < 0): the reading after that day, if that day has a reading.
  const edge = k > 0 ? `e.end_hour > ${24 - k}` : `e.first_hour < ${-k}`;
  const before = k > 0 ? 0 : 1;
  const shifted = `
     e AS (
       SELECT e.customer_id, e.vehicle_id, e.day - ${before} AS day FROM fuel_operated_days e
        WHERE ${scope.inScope('e.customer_id', 1)} AND ${vehicles('e')} AND ${edge}
          AND e.day >= (SELECT min(previous_day) FROM fuel_day_sums f
                         WHERE ${scope.inScope('f.customer_id', 1)} AND f.day BETWEEN $2::date AND $3::date
                           AND ${vehicles('f')}) + ${before}
          AND e.day <= $3::date + ${before}),
     a AS MATERIALIZED (
       SELECT DISTINCT f.customer_id, f.vehicle_id, f.day, f.previous_day, f.received_l, f.working_hours, f.consumption_l
         FROM e JOIN LATERAL (
           (SELECT * FROM fuel_day_sums f WHERE f.customer_id = e.customer_id AND f.vehicle_id = e.vehicle_id AND f.day = e.day)
           UNION ALL
           (SELECT * FROM fuel_day_sums f WHERE f.customer_id = e.customer_id AND f.vehicle_id = e.vehicle_id AND f.day > e.day
             ORDER BY f.day LIMIT 1)) f ON true
        WHERE f.day BETWEEN $2::date AND $3::date AND f.previous_day IS NOT NULL
          AND (f.day = e.day OR f.previous_day = e.day)),
     s AS (
       SELECT a.customer_id, a.vehicle_id, a.day, o.operator_id,
              sum(CASE WHEN o.day + $6::int > a.previous_day AND o.day + $6::int <= a.day
                       THEN o.seconds_through[$5::int] ELSE 0 END
                + CASE WHEN o.day + $6::int + 1 > a.previous_day AND o.day + $6::int + 1 <= a.day
                       THEN o.seconds_through[24] - o.seconds_through[$5::int] ELSE 0 END) AS seconds
         FROM a JOIN operator_vehicle_day_figures o ON o.customer_id = a.customer_id AND o.vehicle_id = a.vehicle_id
          AND o.day BETWEEN a.previous_day AND a.day + 1
        GROUP BY a.customer_id, a.vehicle_id, a.day, o.operator_id),
     fresh AS (
       SELECT s.customer_id, s.operator_id,
              s.seconds / sum(s.seconds) OVER (PARTITION BY s.customer_id, s.vehicle_id, s.day) AS part,
              a.received_l, coalesce(a.working_hours, 0) AS working_hours, coalesce(a.consumption_l, 0) AS consumption_l
         FROM s JOIN a ON a.customer_id = s.customer_id AND a.vehicle_id = s.vehicle_id AND a.day = s.day
        WHERE s.seconds > 0),`;
  const parts =
    k === 0
      ? `u AS (${stored}),`
      : `${shifted}
     u AS (${unchanged}
       UNION ALL
       SELECT customer_id, operator_id, received_l * part, working_hours * part, consumption_l * part FROM fresh),`;
  return db.query<SumRow>(
    `WITH ${parts}
     t AS (
       SELECT customer_id, operator_id, sum(received_l) AS received_l, sum(working_hours) AS working_hours,
              sum(consumption_l) AS consumption_l
         FROM u GROUP BY customer_id, operator_id)
     SELECT t.operator_id::text AS id, min(trim(p.first_name || ' ' || p.last_name)) AS name, '' AS part,
            sum(t.received_l) AS received_l, sum(t.working_hours) AS working_hours,
            sum(t.consumption_l) AS consumption_l, NULL::float8 AS hour_meter, NULL::float8 AS remaining_l
       FROM t JOIN operators p ON p.customer_id = t.customer_id AND p.id = t.operator_id
      GROUP BY t.operator_id ORDER BY lower(min(trim(p.first_name || ' ' || p.last_name))), t.operator_id`,
    k === 0 ? params(scope, filter) : [...params(scope, filter), head, shift],
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
       FROM ${DAY_SUMS(scope)} AND f.working_hours >= $5 AND f.median_l_per_h > 0
        AND abs((f.consumption_l / f.working_hours - f.median_l_per_h) / f.median_l_per_h) >= $6
      ORDER BY f.vehicle_id, f.day`,
    [...params(scope, filter), minHours, share],
  );
}
