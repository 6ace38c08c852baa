// How driving is figured from raw device data, as SQL pieces shared by the drive summaries read
// from raw data (repository.ts) and the figures computed from it (figures.repository.ts), so the
// two count alike by construction (docs/decisions/2026-11-23-drive-summary-figures.md,
// 2026-11-26-figures.md).
//
// Everything is figured over "spans", a CTE named `spans` with the columns
//   customer_id, vehicle_id, operator_id (null: the vehicle's own figures),
//   from_time, to_time: the positions read, [from_time, to_time);
//   count_to: a segment or an event counts when it begins before count_to (and at or after from_time).
// A segment is two consecutive positions of a span at most MAX_POSITION_GAP_S apart, counted where
// it begins: so to_time reaches MAX_POSITION_GAP_S past count_to (unless the span ends before),
// and a segment that begins before count_to and ends after it still counts.
import { MAX_POSITION_GAP_S, MOVING_SPEED_KMH } from '@fleetlens/contracts';

/** The gap as SQL (a literal: the same constant on every path). */
const GAP = `make_interval(secs => ${MAX_POSITION_GAP_S})`;
const MOVING = `${MOVING_SPEED_KMH}::real`;

/**
 * CTEs `seg` (one row per segment: customer_id, vehicle_id, operator_id, time where it begins,
 * seconds, metres, moving, stop, idle) and `ev` (the events in the spans: customer_id, vehicle_id,
 * operator_id, time, type, excluded), after a `spans` CTE.
 * Operating: either end moves (≥ MOVING_SPEED_KMH); a stop: from moving to standing; idle: both
 * ends standing while the device reports (the engine on, the vehicle still). Distance: haversine
 * on a sphere of the Earth's mean radius, while operating.
 */
export const SEGMENTS_AND_EVENTS = `
  p AS (
    SELECT sp.customer_id, sp.vehicle_id, sp.operator_id, sp.count_to, dp.time, dp.lat, dp.lng, dp.speed,
           lead(dp.time) OVER w AS next_time, lead(dp.lat) OVER w AS next_lat,
           lead(dp.lng) OVER w AS next_lng, lead(dp.speed) OVER w AS next_speed
      FROM spans sp
      JOIN device_positions dp ON dp.vehicle_id = sp.vehicle_id AND dp.customer_id = sp.customer_id
       AND dp.time >= sp.from_time AND dp.time < sp.to_time
    WINDOW w AS (PARTITION BY sp.vehicle_id, sp.operator_id, sp.from_time ORDER BY dp.time, dp.device_pk, dp.message_id))
, seg AS (
    SELECT customer_id, vehicle_id, operator_id, time,
           extract(epoch FROM next_time - time)::float8 AS seconds,
           (speed >= ${MOVING} OR next_speed >= ${MOVING}) AS moving,
           (speed >= ${MOVING} AND next_speed < ${MOVING}) AS stop,
           (speed < ${MOVING} AND next_speed < ${MOVING}) AS idle,
           2 * 6371008.8 * asin(least(1, sqrt(
             power(sin(radians(next_lat - lat) / 2), 2) +
             cos(radians(lat)) * cos(radians(next_lat)) * power(sin(radians(next_lng - lng) / 2), 2)))) AS metres
      FROM p
     WHERE next_time IS NOT NULL AND time < count_to AND next_time - time <= ${GAP})
, ev AS (
    SELECT sp.customer_id, sp.vehicle_id, sp.operator_id, e.time, e.type, e.excluded
      FROM spans sp
      JOIN device_events e ON e.vehicle_id = sp.vehicle_id AND e.customer_id = sp.customer_id
       AND e.time >= sp.from_time AND e.time < least(sp.to_time, sp.count_to))`;

/** The sums of segments (after SEGMENTS_AND_EVENTS), as the columns of a GROUP BY over `seg`. */
export const SEGMENT_SUMS = `
  coalesce(sum(seconds) FILTER (WHERE moving), 0)::float8 AS operating_seconds,
  coalesce(sum(metres) FILTER (WHERE moving), 0)::float8 AS distance_m,
  count(*) FILTER (WHERE stop)::int AS stops,
  coalesce(sum(seconds) FILTER (WHERE idle), 0)::float8 AS idle_seconds`;

/**
 * `spans` of whole vehicles over a period: $1 customer, $2 vehicles, $3 start, $4 end (the
 * counting window; positions are read a gap further).
 */
export const VEHICLE_SPANS = `spans AS (
  SELECT v.customer_id, v.id AS vehicle_id, NULL::uuid AS operator_id, $3::timestamptz AS from_time,
         $4::timestamptz + ${GAP} AS to_time, $4::timestamptz AS count_to
    FROM vehicles v WHERE v.customer_id = $1 AND v.id = ANY($2::uuid[]))`;

/**
 * `spans` of operators over a period: $1 customer, $2 operators, $3 start, $4 end. An operator's
 * span is their time signed on at a vehicle (operator_sign_ons, from a sign-on until the
 * vehicle's next sign-on or sign-off), cut to the period. Spans of one vehicle never overlap, so
 * nothing is counted twice when two operators drove the same vehicle one after the other.
 */
export const OPERATOR_SPANS = `ons AS (
  SELECT s.vehicle_id, s.operator_id, s.action, s.time,
         lead(s.time) OVER (PARTITION BY s.vehicle_id ORDER BY s.time, s.id) AS next_time
    FROM operator_sign_ons s
   WHERE s.customer_id = $1 AND s.time < $4::timestamptz + ${GAP}
     AND s.vehicle_id IN (SELECT o.vehicle_id FROM operator_sign_ons o
                           WHERE o.customer_id = $1 AND o.operator_id = ANY($2::uuid[]) AND o.time < $4::timestamptz))
, spans AS (
  SELECT $1::uuid AS customer_id, vehicle_id, operator_id, greatest(time, $3::timestamptz) AS from_time,
         least(coalesce(next_time, 'infinity'), $4::timestamptz + ${GAP}) AS to_time, $4::timestamptz AS count_to
    FROM ons
   WHERE operator_id = ANY($2::uuid[]) AND action = 'sign-on' AND time < $4::timestamptz
     AND coalesce(next_time, 'infinity') > $3::timestamptz)`;

/** Windows (vehicle, [from, to)) to compute figures in: $1 customers, $2 vehicles, $3 froms, $4 tos. */
const WINDOWS = `w AS (
  SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[], $4::timestamptz[])
    AS w(customer_id, vehicle_id, from_time, to_time))`;

/** `spans` of the vehicles of the windows. */
export const WINDOW_VEHICLE_SPANS = `${WINDOWS}
, spans AS (
  SELECT customer_id, vehicle_id, NULL::uuid AS operator_id, from_time, to_time + ${GAP} AS to_time,
         to_time AS count_to
    FROM w)`;

/** `spans` of every operator signed on at the windows' vehicles, cut to the windows (as OPERATOR_SPANS). */
export const WINDOW_OPERATOR_SPANS = `${WINDOWS}
, ons AS (
  SELECT s.customer_id, s.vehicle_id, s.operator_id, s.action, s.time,
         lead(s.time) OVER (PARTITION BY s.customer_id, s.vehicle_id ORDER BY s.time, s.id) AS next_time
    FROM operator_sign_ons s
   WHERE (s.customer_id, s.vehicle_id) IN (SELECT customer_id, vehicle_id FROM w)
     AND s.time < (SELECT max(to_time) FROM w) + ${GAP})
, spans AS (
  SELECT w.customer_id, w.vehicle_id, o.operator_id, greatest(o.time, w.from_time) AS from_time,
         least(coalesce(o.next_time, 'infinity'), w.to_time + ${GAP}) AS to_time, w.to_time AS count_to
    FROM w JOIN ons o ON o.customer_id = w.customer_id AND o.vehicle_id = w.vehicle_id
   WHERE o.action = 'sign-on' AND o.operator_id IS NOT NULL AND o.time < w.to_time
     AND coalesce(o.next_time, 'infinity') > w.from_time)`;
