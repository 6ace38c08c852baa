// The clips' SQL: the clip job's work lists (events whose clips are due, clips the device answered,
// clips waiting too long, clips past retention) and the moves between the spec's video states. A
// result is written only while the clip still waits for that command, so an answer that comes
// after a recreate (or a timeout) changes nothing.
import { type ClipDto, type ClipFailure, eventVideoState } from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

interface ClipRow extends Omit<ClipDto, 'event_video_state' | 'recreatable'> {
  failure: ClipFailure | null;
}

const CLIP_COLUMNS = `k.id, k.camera::int AS camera, k.camera_id, k.status::int AS video_status, k.failure,
  ${iso('k.window_from')} AS window_from, ${iso('k.window_to')} AS window_to,
  regexp_replace(k.object_key, '^.*/', '') AS file_name,
  to_char(k.recorded_at, 'YYYY-MM-DD HH24:MI:SS') AS recorded_at, k.bytes::float8 AS bytes,
  k.failure_detail, k.attempts, ${iso('k.updated_at')} AS updated_at`;

const toDto = ({ failure, ...row }: ClipRow): ClipDto => ({
  ...row,
  event_video_state: eventVideoState(row.video_status, failure),
  recreatable: failure !== null,
});

export async function listClips(db: Queryable, eventId: string): Promise<ClipDto[]> {
  const rows = await db.query<ClipRow>(
    `SELECT ${CLIP_COLUMNS} FROM event_clips k WHERE k.event_id = $1 ORDER BY k.camera`,
    [eventId],
  );
  return rows.map(toDto);
}

export interface ClipRecord {
  id: string;
  event_id: string;
  customer_id: string;
  device_pk: string;
  camera: number;
  status: number;
  failure: ClipFailure | null;
  object_key: string;
  /** The SHA-256 (hex) of the object as checked; null for clips checked before it was recorded. */
  sha256: string | null;
  bytes: number | null;
  command_id: string | null;
  window_from: Date;
  window_to: Date;
}

const RECORD_COLUMNS = `id, event_id, customer_id, device_pk, camera, status, failure, object_key, sha256,
  bytes::float8 AS bytes, command_id, window_from, window_to`;

export async function findClip(
  db: Queryable,
  scope: Scoped,
  eventId: string,
  clipId: string,
): Promise<ClipRecord | undefined> {
  const [row] = await db.query<ClipRecord>(
    `SELECT ${RECORD_COLUMNS}
       FROM event_clips WHERE id = $2 AND event_id = $3 AND ${scope.inScope('customer_id', 1)}`,
    [scope.customerIds, clipId, eventId],
  );
  return row;
}

/** The event's clips with video, by camera. */
export async function completedClips(db: Queryable, scope: Scoped, eventId: string): Promise<ClipRecord[]> {
  return db.query<ClipRecord>(
    `SELECT ${RECORD_COLUMNS}
       FROM event_clips WHERE event_id = $2 AND status = 4 AND ${scope.inScope('customer_id', 1)}
      ORDER BY camera`,
    [scope.customerIds, eventId],
  );
}

/**
 * Recomputes the events' video status from their clips. While any clip is on its way the event is
 * where its least advanced one is (0 < 2 < 3): "video available" with cameras still uploading
 * would send the viewer to clips that are not there, and would let a second request for the
 * device through (one at a time counts 0, 2 and 3). Once none is on its way: 4 if any clip has
 * video, else 1 (none at all: 1).
 */
export async function refreshVideoStatus(db: Queryable, eventIds: string[]): Promise<void> {
  if (eventIds.length === 0) return;
  const ids = [...new Set(eventIds)].sort();
  // The events' rows are locked first, in one order, by a statement of their own: the update
  // below then reads the clips with a snapshot taken after any other transaction that holds them
  // has committed. In one statement, two clips of an event finishing at once on PostgreSQL could
  // each read the other's old status (the subquery keeps the statement's first snapshot) and leave
  // the event at 3 with both clips at 4 (videoStatus.test.ts).
  await db.query('SELECT 1 FROM device_events WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE', [ids]);
  await db.query(
    `UPDATE device_events e SET video_status = coalesce((
       SELECT CASE WHEN bool_or(k.status = 0) THEN 0 WHEN bool_or(k.status = 2) THEN 2
                   WHEN bool_or(k.status = 3) THEN 3 WHEN bool_or(k.status = 4) THEN 4 ELSE 1 END
         FROM event_clips k WHERE k.event_id = e.id AND k.customer_id = e.customer_id), 1)
      WHERE e.id = ANY($1::uuid[])`,
    [ids],
  );
}

export interface DueEvent {
  id: string;
  customer_id: string;
  device_pk: string;
  time: Date;
  cameras: number;
  camera_ids: string[];
  online: boolean;
  /** False once the device record is gone: nobody to ask. */
  device_exists: boolean;
}

/** Events whose clips are due (the window after them has passed), oldest first. */
export async function dueEvents(db: Queryable, dueBefore: Date, limit: number): Promise<DueEvent[]> {
  return db.query<DueEvent>(
    `SELECT e.id, e.customer_id, e.device_pk, e.time, e.cameras::int AS cameras, e.camera_ids,
            coalesce(s.online, false) AS online, EXISTS (SELECT 1 FROM devices d WHERE d.id = e.device_pk) AS device_exists
       FROM device_events e LEFT JOIN device_states s ON s.device_pk = e.device_pk AND s.customer_id = e.customer_id
      WHERE e.clips_pending AND (e.time <= $1 OR e.cameras = 0)
      ORDER BY e.time LIMIT $2`,
    [dueBefore, limit],
  );
}

/** The earliest time an event still waits for (its clips are asked once its window has passed). */
export async function nextPendingEvent(db: Queryable): Promise<Date | undefined> {
  const [row] = await db.query<{ time: Date | null }>(
    'SELECT min(time) AS time FROM device_events WHERE clips_pending',
  );
  return row?.time ? new Date(row.time) : undefined;
}

export async function insertClip(
  db: Queryable,
  clip: {
    eventId: string;
    customerId: string;
    devicePk: string;
    camera: number;
    cameraId: string | null;
    status: number;
    from: Date;
    to: Date;
    objectKey: string;
    commandId: string;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO event_clips (event_id, customer_id, device_pk, camera, camera_id, status, window_from, window_to,
                              object_key, command_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (event_id, camera, customer_id) DO NOTHING`,
    [
      clip.eventId,
      clip.customerId,
      clip.devicePk,
      clip.camera,
      clip.cameraId,
      clip.status,
      clip.from,
      clip.to,
      clip.objectKey,
      clip.commandId,
    ],
  );
}

/**
 * Takes the event off the work list, its video starting with the clips' window; false when another
 * run (another replica) took it first, so its clips are asked for once.
 */
export async function claimEvent(db: Queryable, eventId: string, videoStart: Date | null): Promise<boolean> {
  const rows = await db.query(
    `UPDATE device_events SET clips_pending = false, video_start_at = coalesce($2, video_start_at)
      WHERE id = $1 AND clips_pending RETURNING id`,
    [eventId, videoStart],
  );
  return rows.length > 0;
}

/** The device received these commands: their clips wait for the video (offline → waiting). Answers their events. */
export async function markSent(db: Queryable, commandIds: string[]): Promise<string[]> {
  const rows = await db.query<{ event_id: string }>(
    `UPDATE event_clips SET status = 2, sent_at = coalesce(sent_at, now()), updated_at = now()
      WHERE command_id = ANY($1::uuid[]) AND status IN (0, 2) RETURNING event_id`,
    [commandIds],
  );
  const eventIds = rows.map((r) => r.event_id);
  await refreshVideoStatus(db, eventIds);
  return [...new Set(eventIds)];
}

export interface AnsweredClip {
  id: string;
  event_id: string;
  object_key: string;
  command_id: string;
  command_status: 'completed' | 'failed';
  result: { video?: { bytes: number } | null; reason?: string | null } | null;
  error: string | null;
}

/** Clips whose command the device has answered, completed or failed, and which wait for that answer. */
export async function answeredClips(db: Queryable, limit: number): Promise<AnsweredClip[]> {
  return db.query<AnsweredClip>(
    `SELECT k.id, k.event_id, k.object_key, k.command_id, c.status AS command_status, c.result, c.error
       FROM event_clips k JOIN device_commands c ON c.id = k.command_id AND c.customer_id = k.customer_id
      WHERE k.status IN (0, 2) AND c.status IN ('completed', 'failed')
      ORDER BY c.acknowledged_at LIMIT $1`,
    [limit],
  );
}

/**
 * Moves a clip on, if it still waits for `commandId` (and is in one of `from`, default any state on
 * its way); answers whether it did. Processing is taken from 0 or 2 only, so one run checks it.
 */
export async function setClipState(
  db: Queryable,
  clip: { id: string; commandId: string },
  state: {
    status: number;
    failure?: ClipFailure | null;
    detail?: string | null;
    bytes?: number | null;
    recordedAt?: string | null;
    /** The accepted object's own key and SHA-256 (platform/uploads.ts), when completed. */
    kept?: { key: string; sha256: string } | null;
  },
): Promise<boolean> {
  const rows = await db.query<{ event_id: string }>(
    `UPDATE event_clips SET status = $3, failure = $4, failure_detail = $5, bytes = coalesce($6, bytes),
            recorded_at = coalesce($7::timestamp, recorded_at), object_key = coalesce($9, object_key),
            sha256 = coalesce($10, sha256), updated_at = now()
      WHERE id = $1 AND command_id = $2 AND status = ANY($8::smallint[]) RETURNING event_id`,
    [
      clip.id,
      clip.commandId,
      state.status,
      state.failure ?? null,
      state.detail ?? null,
      state.bytes ?? null,
      state.recordedAt ?? null,
      state.status === 3 ? [0, 2] : [0, 2, 3],
      state.kept?.key ?? null,
      state.kept?.sha256 ?? null,
    ],
  );
  await refreshVideoStatus(
    db,
    rows.map((r) => r.event_id),
  );
  return rows.length > 0;
}

/** Clips sent before `sentBefore` and still without an answer: timed out. Answers their commands and events. */
export async function timeOutClips(
  db: Queryable,
  sentBefore: Date,
): Promise<{ commandIds: string[]; eventIds: string[] }> {
  const rows = await db.query<{ event_id: string; command_id: string }>(
    `UPDATE event_clips SET status = 1, failure = 'timeout', failure_detail = NULL, updated_at = now()
      WHERE status IN (2, 3) AND sent_at < $1 RETURNING event_id, command_id`,
    [sentBefore],
  );
  await refreshVideoStatus(
    db,
    rows.map((r) => r.event_id),
  );
  return { commandIds: rows.map((r) => r.command_id), eventIds: [...new Set(rows.map((r) => r.event_id))] };
}

/** When the next waiting clip times out, given the timeout. */
export async function nextTimeout(db: Queryable, timeoutMs: number): Promise<Date | undefined> {
  const [row] = await db.query<{ at: Date | null }>(
    `SELECT min(sent_at) AS at FROM event_clips WHERE status IN (2, 3) AND sent_at IS NOT NULL`,
  );
  return row?.at ? new Date(new Date(row.at).getTime() + timeoutMs) : undefined;
}

/** A failed clip asked for again: a new command and object, attempts counted. */
export async function restartClip(
  db: Queryable,
  clip: { id: string; commandId: string; objectKey: string; status: number },
): Promise<void> {
  const [row] = await db.query<{ event_id: string }>(
    `UPDATE event_clips SET status = $4, failure = NULL, failure_detail = NULL, bytes = NULL, recorded_at = NULL, sha256 = NULL,
            object_key = $3, command_id = $2, attempts = attempts + 1, sent_at = NULL, purged_at = NULL,
            updated_at = now()
      WHERE id = $1 RETURNING event_id`,
    [clip.id, clip.commandId, clip.objectKey, clip.status],
  );
  await refreshVideoStatus(db, row ? [row.event_id] : []);
}

export interface ExpiredClip {
  id: string;
  event_id: string;
  object_key: string;
}

/** Completed clips older than `before` whose event is not restricted (do-not-delete). */
export async function expiredClips(db: Queryable, before: Date, limit: number): Promise<ExpiredClip[]> {
  return db.query<ExpiredClip>(
    `SELECT k.id, k.event_id, k.object_key FROM event_clips k JOIN device_events e ON e.id = k.event_id AND e.customer_id = k.customer_id
      WHERE k.status = 4 AND k.created_at < $1 AND NOT e.do_not_delete
      ORDER BY k.created_at LIMIT $2`,
    [before, limit],
  );
}

/** The clips' videos are deleted: no video any more. */
export async function markPurged(db: Queryable, clips: ExpiredClip[]): Promise<void> {
  if (clips.length === 0) return;
  await db.query(
    `UPDATE event_clips SET status = 1, purged_at = now(), updated_at = now(),
            failure_detail = 'deleted after the retention period'
      WHERE id = ANY($1::uuid[]) AND status = 4`,
    [clips.map((c) => c.id)],
  );
  await refreshVideoStatus(
    db,
    clips.map((c) => c.event_id),
  );
}

/** Whether the device is online now; undefined when there is no such device any more. */
export async function deviceOnline(db: Queryable, devicePk: string): Promise<boolean | undefined> {
  const [row] = await db.query<{ online: boolean }>(
    `SELECT coalesce(s.online, false) AS online FROM devices d
       LEFT JOIN device_states s ON s.device_pk = d.id AND s.customer_id = d.customer_id WHERE d.id = $1`,
    [devicePk],
  );
  return row?.online;
}
