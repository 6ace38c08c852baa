// The fuel summary's stored sums (0120_fuel_sums.sql): each current reading's figures and median
// (fuel_day_sums), its parts per operator over its UTC days (fuel_operator_parts), and each
// vehicle's operated hours per UTC day (fuel_operated_days). They are kept where their inputs
// change, in the same transaction: a save, correction or CSV import of readings (keepDaySums, from
// the fuel repository's write), and the figures job's new operator seconds of a vehicle's days
// (operatorDaysChanged, the module's public hook). So the summary sums stored rows instead of
// sharing every reading of its period among its operators at each request.
import { FUEL_ANOMALY_MIN_HOURS, FUEL_MEDIAN_DAYS, FUEL_MEDIAN_MIN_READINGS } from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';

export type FirstDay = { customer_id: string; vehicle_id: string; first: string };

const SPANS = `s AS (SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::date[]) AS s(customer_id, vehicle_id, first))`;
const spanParams = (spans: FirstDay[]) => [
  spans.map((r) => r.customer_id),
  spans.map((r) => r.vehicle_id),
  spans.map((r) => r.first),
];

/**
 * The vehicles' day sums from their first day written on, as their current readings now read
 * (the derived figures already worked out), then their medians and operator parts. A save changes
 * nothing before its first day: the figures of a reading follow from it and the one before.
 */
export async function keepDaySums(tx: Queryable, spans: FirstDay[]) {
  if (spans.length === 0) return;
  // The parts of those days go with them (ON DELETE CASCADE) and are shared again below.
  await tx.query(
    `WITH ${SPANS} DELETE FROM fuel_day_sums d USING s
      WHERE d.customer_id = s.customer_id AND d.vehicle_id = s.vehicle_id AND d.day >= s.first`,
    spanParams(spans),
  );
  await tx.query(
    `WITH ${SPANS}
     INSERT INTO fuel_day_sums (customer_id, vehicle_id, day, previous_day, received_l, working_hours, consumption_l)
     SELECT f.customer_id, f.vehicle_id, f.day, f.previous_day, f.received_l, f.working_hours, f.consumption_l
       FROM s JOIN fuel_results f ON f.customer_id = s.customer_id AND f.vehicle_id = s.vehicle_id AND f.is_current
      WHERE f.day >= s.first`,
    spanParams(spans),
  );
  await recomputeMedians(tx, spans);
  await shareAmongOperators(
    tx,
    spans.map((s) => ({ ...s, last: null })),
  );
}

/**
 * median_l_per_h of each vehicle's day sums from `first` on: the median L/h of its readings of the
 * FUEL_MEDIAN_DAYS before each (those of FUEL_ANOMALY_MIN_HOURS or more), null with fewer than
 * FUEL_MEDIAN_MIN_READINGS. A save changes the rates of its days and of the reading after, and
 * each rate is in the window of the readings of the FUEL_MEDIAN_DAYS after it, so the readings
 * from the first new day on are all that can change.
 */
export async function recomputeMedians(tx: Queryable, spans: FirstDay[]) {
  // One pass over each vehicle's rows in day order, the window's rates gathered by the window
  // frame itself: a lookup of the 90 days per reading is left to a planner that may walk every
  // vehicle's days by the day index when the rows are new and not yet counted.
  await tx.query(
    `WITH ${SPANS},
     w AS (
       SELECT b.customer_id, b.vehicle_id, b.day, b.median_l_per_h AS was, s.first,
              array_agg(b.consumption_l / b.working_hours)
                FILTER (WHERE b.working_hours >= $6 AND b.consumption_l IS NOT NULL)
                OVER (PARTITION BY b.customer_id, b.vehicle_id ORDER BY b.day
                      RANGE BETWEEN make_interval(days => $4) PRECEDING AND '1 day' PRECEDING) AS rates
         FROM s JOIN fuel_day_sums b ON b.customer_id = s.customer_id AND b.vehicle_id = s.vehicle_id
        WHERE b.day >= s.first - $4::int),
     m AS (
       SELECT w.customer_id, w.vehicle_id, w.day, w.was,
              (SELECT CASE WHEN count(*) >= $5 THEN percentile_cont(0.5) WITHIN GROUP (ORDER BY x) END
                 FROM unnest(w.rates) AS x) AS median
         FROM w WHERE w.day >= w.first)
     UPDATE fuel_day_sums f SET median_l_per_h = m.median FROM m
      WHERE f.customer_id = m.customer_id AND f.vehicle_id = m.vehicle_id AND f.day = m.day
        AND m.median IS DISTINCT FROM m.was`,
    [...spanParams(spans), FUEL_MEDIAN_DAYS, FUEL_MEDIAN_MIN_READINGS, FUEL_ANOMALY_MIN_HOURS],
  );
}

type Touched = FirstDay & { last: string | null };

/**
 * Shares again each reading of these vehicles whose UTC days (previous_day, day] meet [first,
 * last] (last null: every reading from first on) among the operators signed on there, by their
 * operating seconds (operator_vehicle_day_figures); time nobody was signed on is shared among
 * those who were. Each reading reads its days' rows through their key (a plan that holds when the
 * rows were written in this transaction and are not yet counted). An upsert, so a save and the figures job that touch one reading one after the
 * other (both hold its vehicle's row lock) leave the later one's parts.
 */
async function shareAmongOperators(tx: Queryable, touched: Touched[]) {
  const readings = `t AS (SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::date[], $4::date[])
                            AS t(customer_id, vehicle_id, first, last)),
     r AS (SELECT d.* FROM t JOIN fuel_day_sums d ON d.customer_id = t.customer_id AND d.vehicle_id = t.vehicle_id
            WHERE d.day >= t.first AND d.previous_day IS NOT NULL AND (t.last IS NULL OR d.previous_day < t.last))`;
  const params = [
    touched.map((r) => r.customer_id),
    touched.map((r) => r.vehicle_id),
    touched.map((r) => r.first),
    touched.map((r) => r.last),
  ];
  await tx.query(
    `WITH ${readings}
     DELETE FROM fuel_operator_parts p USING r
      WHERE p.customer_id = r.customer_id AND p.vehicle_id = r.vehicle_id AND p.day = r.day`,
    params,
  );
  await tx.query(
    `WITH ${readings},
     s AS (
       SELECT r.customer_id, r.vehicle_id, r.day, o.operator_id, sum(o.seconds_through[24]) AS seconds
         FROM r CROSS JOIN LATERAL generate_series(1, r.day - r.previous_day) AS g(n)
         JOIN LATERAL (SELECT * FROM operator_vehicle_day_figures o WHERE o.customer_id = r.customer_id
                          AND o.vehicle_id = r.vehicle_id AND o.day = r.previous_day + g.n) o ON true
        GROUP BY r.customer_id, r.vehicle_id, r.day, o.operator_id),
     p AS (
       SELECT s.*, s.seconds / sum(s.seconds) OVER (PARTITION BY s.customer_id, s.vehicle_id, s.day) AS part
         FROM s WHERE s.seconds > 0)
     INSERT INTO fuel_operator_parts (customer_id, vehicle_id, day, operator_id, received_l, working_hours, consumption_l)
     SELECT p.customer_id, p.vehicle_id, p.day, p.operator_id, r.received_l * p.part,
            coalesce(r.working_hours, 0) * p.part, coalesce(r.consumption_l, 0) * p.part
       FROM p JOIN r ON r.customer_id = p.customer_id AND r.vehicle_id = p.vehicle_id AND r.day = p.day
     ON CONFLICT (customer_id, vehicle_id, day, operator_id) DO UPDATE
        SET received_l = excluded.received_l, working_hours = excluded.working_hours,
            consumption_l = excluded.consumption_l`,
    params,
  );
}

export type OperatorDay = { customerId: string; vehicleId: string; day: string };

/**
 * After the figures job has replaced the operators' seconds of these vehicles' UTC days
 * (operator_vehicle_day_figures): their operated hours, and the parts of every reading whose days
 * hold one of them. Holds each vehicle's row against a fuel save meanwhile (a save locks it FOR
 * UPDATE first), so whichever of the two writes a reading's parts last reads the other's rows.
 */
export async function operatorDaysChanged(tx: Queryable, days: OperatorDay[]) {
  if (days.length === 0) return;
  const params = [days.map((d) => d.customerId), days.map((d) => d.vehicleId), days.map((d) => d.day)];
  const DAYS = `p AS (SELECT DISTINCT * FROM unnest($1::uuid[], $2::uuid[], $3::date[]) AS p(customer_id, vehicle_id, day))`;
  await tx.query(
    `WITH ${DAYS} SELECT 1 FROM vehicles v
      WHERE (v.customer_id, v.id) IN (SELECT customer_id, vehicle_id FROM p) ORDER BY v.id FOR KEY SHARE OF v`,
    params,
  );
  await tx.query(
    `WITH ${DAYS} DELETE FROM fuel_operated_days d USING p
      WHERE d.customer_id = p.customer_id AND d.vehicle_id = p.vehicle_id AND d.day = p.day`,
    params,
  );
  await tx.query(
    `WITH ${DAYS}
     INSERT INTO fuel_operated_days (customer_id, vehicle_id, day, first_hour, end_hour)
     SELECT o.customer_id, o.vehicle_id, o.day,
            min((SELECT count(*) FROM unnest(o.seconds_through) s WHERE s = 0)),
            max(1 + (SELECT count(*) FROM unnest(o.seconds_through) s WHERE s < o.seconds_through[24]))
       FROM p JOIN operator_vehicle_day_figures o
         ON o.customer_id = p.customer_id AND o.vehicle_id = p.vehicle_id AND o.day = p.day
      WHERE o.seconds_through[24] > 0
      GROUP BY o.customer_id, o.vehicle_id, o.day`,
    params,
  );
  const touched = new Map<string, Touched>();
  for (const d of days) {
    const seen = touched.get(d.vehicleId);
    if (!seen)
      touched.set(d.vehicleId, {
        customer_id: d.customerId,
        vehicle_id: d.vehicleId,
        first: d.day,
        last: d.day,
      });
    else {
      if (d.day < seen.first) seen.first = d.day;
      if (d.day > (seen.last as string)) seen.last = d.day;
    }
  }
  await shareAmongOperators(tx, [...touched.values()]);
}
