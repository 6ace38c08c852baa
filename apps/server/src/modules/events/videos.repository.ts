// The SQL of videos asked for (on-demand, random): the vehicle's device and its state, whether a
// window lies in the device's running time (migration 0012's motion changes), whether the device
// still has an asked-for video on its way, and the event that carries the clips.
import type { Queryable } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import { firstRow } from '../../platform/rows.repository.ts';

/** A vehicle asked for video, with the device fitted to it now (null fields: none, or never heard from). */
export interface VideoTarget {
  vehicle_id: string;
  vehicle_name: string;
  customer_id: string;
  device_pk: string | null;
  device_id: string | null;
  /** Registered cameras, else the device's channel number (1 to 4). */
  cameras: number;
  camera_ids: string[];
  /** null: the device has never reported (no state yet). */
  online: boolean | null;
}

/** SQL: the cameras of the device aliased `d`: its registered cameras, else its channel number. */
const CAMERAS = (d: string) =>
  `coalesce(nullif((SELECT count(*) FROM device_cameras dc WHERE dc.device_pk = ${d}.id), 0), ${d}.channel_number)::int`;
const CAMERA_IDS = (d: string) =>
  `coalesce((SELECT array_agg(dc.camera_id ORDER BY dc.position) FROM device_cameras dc WHERE dc.device_pk = ${d}.id), '{}')`;

export const findVideoTarget = (db: Queryable, scope: Scoped, vehicleId: string) =>
  firstRow<VideoTarget>(
    db,
    `SELECT v.id AS vehicle_id, v.name AS vehicle_name, v.customer_id, d.id AS device_pk, d.device_id,
            coalesce(${CAMERAS('d')}, 0) AS cameras, coalesce(${CAMERA_IDS('d')}, '{}') AS camera_ids, s.online
       FROM vehicles v
       LEFT JOIN devices d ON d.vehicle_id = v.id AND d.customer_id = v.customer_id
       LEFT JOIN device_states s ON s.device_pk = d.id AND s.customer_id = d.customer_id
      WHERE v.id = $2 AND ${scope.inScope('v.customer_id', 1)}`,
    [scope.customerIds, vehicleId],
  );

/** Holds the device's row until the transaction ends: one request at a time decides for a device. */
export async function lockDevice(db: Queryable, devicePk: string): Promise<void> {
  await db.query('SELECT 1 FROM devices WHERE id = $1 FOR UPDATE', [devicePk]);
}

/**
 * Whether the vehicle ran through [start, end] with this device: its last motion reported at or
 * before start is running, and nothing else was reported until end.
 */
export async function ranThrough(
  db: Queryable,
  w: { devicePk: string; vehicleId: string; start: Date; end: Date },
): Promise<boolean> {
  const [row] = await db.query<{ ran: boolean }>(
    `SELECT coalesce((SELECT state = 'running' FROM device_state_changes
                       WHERE device_pk = $1 AND vehicle_id = $2 AND kind = 'motion' AND time <= $3
                       ORDER BY time DESC, id DESC LIMIT 1), false)
        AND NOT EXISTS (SELECT 1 FROM device_state_changes
                         WHERE device_pk = $1 AND vehicle_id = $2 AND kind = 'motion' AND state <> 'running'
                           AND time > $3 AND time <= $4) AS ran`,
    [w.devicePk, w.vehicleId, w.start.toISOString(), w.end.toISOString()],
  );
  return row?.ran ?? false;
}

/** Whether the device still has an on-demand or random video on its way (0, 2, 3). */
export async function hasOpenRequestedVideo(db: Queryable, devicePk: string): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM device_events
      WHERE device_pk = $1 AND type IN ('clip', 'Random') AND video_status IN (0, 2, 3) LIMIT 1`,
    [devicePk],
  );
  return rows.length > 0;
}

export interface RequestedEvent {
  type: 'clip' | 'Random';
  messageId: string;
  devicePk: string;
  customerId: string;
  vehicleId: string;
  start: Date;
  /** The wall clock the start was chosen in, 'YYYY-MM-DD HH:mm:ss' (answered unconverted). */
  startLocal: string;
  cameras: number;
  cameraIds: string[];
  requestedBy: string | null;
  /** The operator filming, when the caller knows (random video); else the one signed on at start. */
  operatorId?: string | null;
}

/**
 * The event of a video asked for, at the window's start: where the vehicle was then (its last
 * position at or before start, else its state's), and who had signed on with its device. Its clips
 * are made with it (clips_pending false), and nobody is mailed about it (no flag names its type).
 */
export async function insertRequestedEvent(db: Queryable, e: RequestedEvent): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `WITH at_start AS (
       SELECT p.lat, p.lng, p.speed, p.direction FROM device_positions p
        WHERE p.vehicle_id = $3 AND p.customer_id = $4 AND p.time <= $5 AND p.time > $5::timestamptz - interval '1 day'
        ORDER BY p.time DESC LIMIT 1
     ), now_state AS (
       SELECT s.lat, s.lng, s.speed, s.direction FROM device_states s WHERE s.device_pk = $1 AND s.customer_id = $4
     ), sign_on AS (
       SELECT CASE WHEN o.action = 'sign-on' THEN o.operator_id END AS operator_id,
              CASE WHEN o.action = 'sign-on' THEN o.rfid END AS rfid
         FROM operator_sign_ons o WHERE o.device_pk = $1 AND o.customer_id = $4 AND o.time <= $5 ORDER BY o.time DESC LIMIT 1
     )
     INSERT INTO device_events (device_pk, message_id, customer_id, vehicle_id, operator_id, rfid, time, type,
                                lat, lng, speed, direction, gx, gy, gz, roll, pitch, yaw, cameras, camera_ids,
                                video_start_at, video_start_local, clips_pending, mail_pending, requested_by)
     SELECT $1, $2, $4, $3, CASE WHEN $11::boolean THEN $12::uuid ELSE (SELECT operator_id FROM sign_on) END,
            (SELECT rfid FROM sign_on), $5, $6,
            coalesce((SELECT lat FROM at_start), (SELECT lat FROM now_state), 0),
            coalesce((SELECT lng FROM at_start), (SELECT lng FROM now_state), 0),
            coalesce((SELECT speed FROM at_start), (SELECT speed FROM now_state), 0),
            coalesce((SELECT direction FROM at_start), (SELECT direction FROM now_state), 0),
            0, 0, 0, 0, 0, 0, $7, $8, $5, $9::timestamp, false, false, $10
     RETURNING id`,
    [
      e.devicePk,
      e.messageId,
      e.vehicleId,
      e.customerId,
      e.start.toISOString(),
      e.type,
      e.cameras,
      e.cameraIds,
      e.startLocal,
      e.requestedBy,
      e.operatorId !== undefined,
      e.operatorId ?? null,
    ],
  );
  if (!row) throw new Error('requested event not stored');
  return row.id;
}
