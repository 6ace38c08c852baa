// The random video job's SQL (migration 0022): operators to plan a week for, their moments, the
// moments due whose operator is driving now, taking a moment once, and missing the rest; and the
// reads and writes of planning the rest of a week again (randomPlan.ts).
import type { Queryable } from '../../db/client.ts';

export interface OperatorToPlan {
  id: string;
  customer_id: string;
  days: string[];
  per_week: number;
}

/** Operators whose random video is on, with candidate days, and no moments for the week yet. */
export async function operatorsToPlan(
  db: Queryable,
  weekStart: Date,
  limit: number,
): Promise<OperatorToPlan[]> {
  return db.query<OperatorToPlan>(
    `SELECT o.id, o.customer_id, o.random_video_days AS days, o.random_video_per_week AS per_week
       FROM operators o
      WHERE o.random_video_enabled AND cardinality(o.random_video_days) > 0
        AND NOT EXISTS (SELECT 1 FROM random_video_moments m WHERE m.operator_id = o.id AND m.week_start = $1)
      ORDER BY o.id LIMIT $2`,
    [weekStart.toISOString(), limit],
  );
}

export interface Moment {
  operatorId: string;
  customerId: string;
  weekStart: Date;
  slot: number;
  dueAt: Date;
  untilAt: Date;
}

/** Stores a week's moments; a plan another replica stored first stays as it is. */
export async function insertMoments(db: Queryable, moments: Moment[]): Promise<void> {
  if (moments.length === 0) return;
  await db.query(
    `INSERT INTO random_video_moments (operator_id, customer_id, week_start, slot, due_at, until_at)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[], $4::smallint[], $5::timestamptz[], $6::timestamptz[])
     ON CONFLICT DO NOTHING`,
    [
      moments.map((m) => m.operatorId),
      moments.map((m) => m.customerId),
      moments.map((m) => m.weekStart.toISOString()),
      moments.map((m) => m.slot),
      moments.map((m) => m.dueAt.toISOString()),
      moments.map((m) => m.untilAt.toISOString()),
    ],
  );
}

export interface DueMoment {
  operator_id: string;
  week_start: Date;
  slot: number;
  customer_id: string;
  device_pk: string;
  vehicle_id: string;
  cameras: number;
  camera_ids: string[];
  minutes: number;
  max_seconds: number;
  /** Since when the vehicle has been running (its last change of motion). */
  running_since: Date;
}

/**
 * Moments due at `now` on their day whose operator, random video still on, is signed on at a
 * connected device that reports its vehicle running.
 */
export async function dueMoments(db: Queryable, now: Date, limit: number): Promise<DueMoment[]> {
  return db.query<DueMoment>(
    `SELECT m.operator_id, m.week_start, m.slot::int AS slot, m.customer_id, d.id AS device_pk, d.vehicle_id,
            coalesce(nullif((SELECT count(*) FROM device_cameras dc WHERE dc.device_pk = d.id), 0), d.channel_number)::int AS cameras,
            coalesce((SELECT array_agg(dc.camera_id ORDER BY dc.position) FROM device_cameras dc WHERE dc.device_pk = d.id), '{}') AS camera_ids,
            o.random_video_minutes AS minutes, c.random_video_max_seconds AS max_seconds,
            coalesce(s.motion_changed_at, s.motion_at) AS running_since
       FROM random_video_moments m
       JOIN operators o ON o.id = m.operator_id AND o.customer_id = m.customer_id AND o.random_video_enabled
       JOIN customers c ON c.id = m.customer_id
       JOIN device_states s ON s.customer_id = m.customer_id AND s.operator_id = m.operator_id AND s.online AND s.motion = 'running'
       JOIN devices d ON d.id = s.device_pk AND d.customer_id = m.customer_id AND d.vehicle_id IS NOT NULL
      WHERE m.taken_at IS NULL AND m.due_at <= $1 AND m.until_at > $1
      ORDER BY m.due_at LIMIT $2`,
    [now.toISOString(), limit],
  );
}

/** Takes the moment (answers false when another run took it first), with the event it filmed. */
export async function takeMoment(
  db: Queryable,
  m: { operator_id: string; week_start: Date; slot: number },
  at: Date,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE random_video_moments SET taken_at = $4
      WHERE operator_id = $1 AND week_start = $2 AND slot = $3 AND taken_at IS NULL RETURNING slot`,
    [m.operator_id, new Date(m.week_start).toISOString(), m.slot, at.toISOString()],
  );
  return rows.length > 0;
}

export async function setMomentEvent(
  db: Queryable,
  m: { operator_id: string; week_start: Date; slot: number },
  eventId: string,
): Promise<void> {
  await db.query(
    'UPDATE random_video_moments SET event_id = $4 WHERE operator_id = $1 AND week_start = $2 AND slot = $3',
    [m.operator_id, new Date(m.week_start).toISOString(), m.slot, eventId],
  );
}

/** Moments whose day ended unfilmed: missed (taken, with no event). */
export async function missMoments(db: Queryable, now: Date): Promise<void> {
  await db.query('UPDATE random_video_moments SET taken_at = $1 WHERE taken_at IS NULL AND until_at <= $1', [
    now.toISOString(),
  ]);
}

/** Drops the operator's moments of the week not yet taken (their settings changed). */
export async function deleteOpenMoments(db: Queryable, operatorId: string, weekStart: Date): Promise<void> {
  await db.query(
    'DELETE FROM random_video_moments WHERE operator_id = $1 AND week_start = $2 AND taken_at IS NULL',
    [operatorId, weekStart.toISOString()],
  );
}

/** The operator's random video settings as they are now. */
export async function operatorRandomVideo(
  db: Queryable,
  operatorId: string,
): Promise<(OperatorToPlan & { enabled: boolean }) | undefined> {
  const [row] = await db.query<OperatorToPlan & { enabled: boolean }>(
    `SELECT id, customer_id, random_video_enabled AS enabled, random_video_days AS days,
            random_video_per_week AS per_week
       FROM operators WHERE id = $1`,
    [operatorId],
  );
  return row;
}

/** The clips filmed for the operator this week, and the week's last slot (-1: none yet). */
export async function weekSoFar(
  db: Queryable,
  operatorId: string,
  weekStart: Date,
): Promise<{ filmed: number; lastSlot: number }> {
  const [row] = await db.query<{ filmed: number; last_slot: number }>(
    `SELECT count(*) FILTER (WHERE event_id IS NOT NULL)::int AS filmed, coalesce(max(slot), -1)::int AS last_slot
       FROM random_video_moments WHERE operator_id = $1 AND week_start = $2`,
    [operatorId, weekStart.toISOString()],
  );
  return { filmed: row?.filmed ?? 0, lastSlot: row?.last_slot ?? -1 };
}

/** The next moment to come due after `now`. */
export async function nextMoment(db: Queryable, now: Date): Promise<Date | undefined> {
  const [row] = await db.query<{ at: Date | null }>(
    'SELECT min(due_at) AS at FROM random_video_moments WHERE taken_at IS NULL AND due_at > $1',
    [now.toISOString()],
  );
  return row?.at ? new Date(row.at) : undefined;
}
