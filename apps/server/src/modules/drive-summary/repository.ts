// Drive summaries in the database: the device link's positions and events (0010_device_link.sql)
// read through the registry (vehicles, vehicle groups, operators, operator groups), figured over
// spans (segments.repository.ts): a vehicle or a vehicle group spans the whole period; an operator spans the
// times they were signed on at a vehicle. Every read
// takes the caller's scope (platform/access.ts) when it finds the subject, and every later join
// stays inside the subject's customer.
import { type DriveSummarySubject, HARSH_EVENT_TYPES } from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import { OPERATOR_SPANS, SEGMENT_SUMS, SEGMENTS_AND_EVENTS, VEHICLE_SPANS } from './segments.repository.ts';

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

/**
 * Operating time, distance and stops per interval, and harsh events per interval and type, read
 * from raw positions and events (segments.repository.ts): for a period that figures cannot answer (a time
 * setting of part of an hour, a period not on whole hours), and as the reference they are tested on.
 */
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
  const motion = await db.query<MotionRow>(
    `WITH ${spans}, ${SEGMENTS_AND_EVENTS}
     SELECT ${bucketOf('time')} AS bucket, ${SEGMENT_SUMS}
       FROM seg GROUP BY 1 ORDER BY 1`,
    params,
  );
  const events = await db.query<EventRow>(
    `WITH ${spans}, ${SEGMENTS_AND_EVENTS}
     SELECT ${bucketOf('time')} AS bucket, type, count(*)::int AS count
       FROM ev WHERE type = ANY($7::text[])
      GROUP BY 1, 2 ORDER BY 1, 2`,
    [...params, [...HARSH_EVENT_TYPES]],
  );
  return { motion, events };
}
