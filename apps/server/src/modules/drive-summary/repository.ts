// Drive summaries in the database: the device link's positions and events (0010_device_link.sql)
// read through the registry (vehicles, vehicle groups, operators, operator groups). A summary is
// figured over "spans": which vehicle, from when, until when. A vehicle or a vehicle group spans
// the whole period; an operator spans the times they were signed on at a vehicle
// (operator_sign_ons, from a sign-on until the vehicle's next sign-on or sign-off). Every read
// takes the caller's scope (platform/access.ts) when it finds the subject, and every later join
// stays inside the subject's customer.
import {
  type DriveSummarySubject,
  HARSH_EVENT_TYPES,
  MAX_POSITION_GAP_S,
  MOVING_SPEED_KMH,
} from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';

export interface Subject {
  kind: DriveSummarySubject;
  id: string;
  name: string;
  customer_id: string;
  /** The vehicles (vehicle, vehicle group) or operators (operator, operator group) summed up. */
  members: string[];
}

const SUBJECT_SQL: Record<DriveSummarySubject, string> = {
  vehicle: `SELECT s.id, s.name, s.customer_id, ARRAY[s.id] AS members FROM vehicles s`,
  vehicleGroup: `SELECT s.id, s.name, s.customer_id,
       ARRAY(SELECT v.id FROM vehicles v WHERE v.group_id = s.id AND v.customer_id = s.customer_id) AS members
     FROM vehicle_groups s`,
  operator: `SELECT s.id, s.first_name || ' ' || s.last_name AS name, s.customer_id, ARRAY[s.id] AS members
     FROM operators s`,
  operatorGroup: `SELECT s.id, s.name, s.customer_id,
       ARRAY(SELECT o.id FROM operators o WHERE o.group_id = s.id AND o.customer_id = s.customer_id) AS members
     FROM operator_groups s`,
};

/** The subject the caller sees, with its members; undefined when it does not exist for them. */
export async function findSubject(
  db: Queryable,
  scope: Scoped,
  kind: DriveSummarySubject,
  id: string,
): Promise<Subject | undefined> {
  const [row] = await db.query<Omit<Subject, 'kind'>>(
    `${SUBJECT_SQL[kind]} WHERE s.id = $1 AND ${scope.inScope('s.customer_id', 2)}`,
    [id, scope.customerIds],
  );
  return row ? { kind, ...row } : undefined;
}

export interface Period {
  start: string;
  end: string;
  interval: 'hour' | 'day' | 'week' | 'month';
  /** minutes east of UTC */
  timesetting: number;
}

// $1 customer, $2 members, $3 start, $4 end. Spans of one vehicle never overlap, so nothing is
// counted twice when two operators of a group drove the same vehicle one after the other.
const VEHICLE_SPANS = `spans AS (
  SELECT v.customer_id, v.id AS vehicle_id, $3::timestamptz AS from_time, $4::timestamptz AS to_time
    FROM vehicles v WHERE v.customer_id = $1 AND v.id = ANY($2::uuid[]))`;
const OPERATOR_SPANS = `ons AS (
  SELECT s.vehicle_id, s.operator_id, s.action, s.time,
         lead(s.time) OVER (PARTITION BY s.vehicle_id ORDER BY s.time, s.id) AS next_time
    FROM operator_sign_ons s
   WHERE s.customer_id = $1 AND s.time < $4::timestamptz
     AND s.vehicle_id IN (SELECT o.vehicle_id FROM operator_sign_ons o
                           WHERE o.customer_id = $1 AND o.operator_id = ANY($2::uuid[]) AND o.time < $4::timestamptz))
, spans AS (
  SELECT $1::uuid AS customer_id, vehicle_id, greatest(time, $3::timestamptz) AS from_time,
         least(coalesce(next_time, $4::timestamptz), $4::timestamptz) AS to_time
    FROM ons
   WHERE operator_id = ANY($2::uuid[]) AND action = 'sign-on' AND coalesce(next_time, $4::timestamptz) > $3::timestamptz)`;

// $5 interval, $6 offset minutes: the local wall-clock start of the interval, as text.
const bucketOf = (column: string) =>
  `to_char(date_trunc($5::text, (${column} AT TIME ZONE 'UTC') + make_interval(mins => $6::int)), 'YYYY-MM-DD"T"HH24:MI:SS')`;

export interface MotionRow {
  bucket: string;
  operating_seconds: number;
  distance_m: number;
  stops: number;
}
export interface EventRow {
  bucket: string;
  type: string;
  count: number;
}

/** Operating time, distance and stops per interval, and harsh events per interval and type. */
export async function summarize(
  db: Queryable,
  subject: Subject,
  period: Period,
): Promise<{ motion: MotionRow[]; events: EventRow[] }> {
  const spans =
    subject.kind === 'vehicle' || subject.kind === 'vehicleGroup' ? VEHICLE_SPANS : OPERATOR_SPANS;
  const params = [
    subject.customer_id,
    subject.members,
    period.start,
    period.end,
    period.interval,
    period.timesetting,
  ];
  // One ordered index range (vehicle_id, time) per span; consecutive positions make a segment,
  // attributed to the interval where it begins. Haversine on a sphere of the Earth's mean radius.
  const motion = await db.query<MotionRow>(
    `WITH ${spans}
     , p AS (
       SELECT dp.time, dp.lat, dp.lng, dp.speed,
              lag(dp.time) OVER w AS prev_time, lag(dp.lat) OVER w AS prev_lat,
              lag(dp.lng) OVER w AS prev_lng, lag(dp.speed) OVER w AS prev_speed
         FROM spans sp
         JOIN device_positions dp ON dp.vehicle_id = sp.vehicle_id AND dp.customer_id = sp.customer_id
          AND dp.time >= sp.from_time AND dp.time < sp.to_time
       WINDOW w AS (PARTITION BY sp.vehicle_id, sp.from_time ORDER BY dp.time))
     , seg AS (
       SELECT ${bucketOf('prev_time')} AS bucket,
              (speed >= $7 OR prev_speed >= $7) AS moving,
              prev_speed >= $7 AND speed < $7 AS stop,
              extract(epoch FROM time - prev_time)::float8 AS seconds,
              2 * 6371008.8 * asin(least(1, sqrt(
                power(sin(radians(lat - prev_lat) / 2), 2) +
                cos(radians(prev_lat)) * cos(radians(lat)) * power(sin(radians(lng - prev_lng) / 2), 2)))) AS metres
         FROM p
        WHERE prev_time IS NOT NULL AND time - prev_time <= make_interval(secs => $8::int))
     SELECT bucket,
            coalesce(sum(seconds) FILTER (WHERE moving), 0)::float8 AS operating_seconds,
            coalesce(sum(metres) FILTER (WHERE moving), 0)::float8 AS distance_m,
            count(*) FILTER (WHERE stop)::int AS stops
       FROM seg GROUP BY bucket ORDER BY bucket`,
    [...params, MOVING_SPEED_KMH, MAX_POSITION_GAP_S],
  );
  const events = await db.query<EventRow>(
    `WITH ${spans}
     SELECT ${bucketOf('e.time')} AS bucket, e.type, count(*)::int AS count
       FROM spans sp
       JOIN device_events e ON e.vehicle_id = sp.vehicle_id AND e.customer_id = sp.customer_id
        AND e.time >= sp.from_time AND e.time < sp.to_time
      WHERE e.type = ANY($7::text[])
      GROUP BY 1, 2 ORDER BY 1, 2`,
    [...params, [...HARSH_EVENT_TYPES]],
  );
  return { motion, events };
}
