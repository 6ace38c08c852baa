// The SQL of device commands (commands.ts holds their rules: when they are queued, sent and
// acknowledged). A threshold write carries the thresholds given, or the device's saved ones.
import { randomUUID } from 'node:crypto';
import type { DeviceCommand, DeviceThresholds } from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';

/** What a video-upload command keeps until it is sent (the address is signed at each sending). */
export interface VideoUploadParams {
  camera: number;
  from: string;
  to: string;
  object_key: string;
}

export interface CommandRow {
  id: string;
  device_id: string;
  type: DeviceCommand['type'];
  status: 'queued' | 'sent' | 'received' | 'completed' | 'failed';
  params: Record<string, unknown>;
  result: Record<string, unknown> | null;
  error: string | null;
  created_at: string;
  sent_at: string | null;
  acknowledged_at: string | null;
}

/** A command waiting to go out, as the dispatcher turns it into a message. */
export interface PendingCommand {
  id: string;
  type: DeviceCommand['type'];
  params: { thresholds?: DeviceThresholds } & Partial<VideoUploadParams>;
}

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const COLUMNS = `c.id, d.device_id, c.type, c.status, c.params, c.result, c.error, ${iso('c.created_at')} AS created_at,
  ${iso('c.sent_at')} AS sent_at, ${iso('c.acknowledged_at')} AS acknowledged_at`;

const THRESHOLDS_OF_DEVICE = `json_build_object(
  'acceleration', json_build_object('threshold', acceleration_threshold, 'duration', acceleration_duration),
  'deceleration', json_build_object('threshold', deceleration_threshold, 'duration', deceleration_duration),
  'impact', json_build_object('threshold', impact_threshold, 'duration', impact_duration),
  'quick_handle', json_build_object('threshold', quick_handle_threshold, 'duration', quick_handle_duration))`;

/** Queues a video-upload (events' clips) in the caller's transaction; the dispatcher sends it. */
export async function queueVideoUpload(
  db: Queryable,
  device: { pk: string; customerId: string },
  params: VideoUploadParams,
): Promise<string> {
  const id = randomUUID();
  await db.query(
    `INSERT INTO device_commands (id, device_pk, customer_id, type, params) VALUES ($1, $2, $3, 'video-upload', $4)`,
    [id, device.pk, device.customerId, JSON.stringify(params)],
  );
  return id;
}

/** Ends commands nobody waits for any more (a clip recreated or deleted): never sent again. */
export async function abandonCommands(db: Queryable, ids: string[], why: string): Promise<void> {
  if (ids.length === 0) return;
  await db.query(
    `UPDATE device_commands SET status = 'failed', error = $2, acknowledged_at = now()
      WHERE id = ANY($1::uuid[]) AND status IN ('queued', 'sent', 'received')`,
    [ids, why],
  );
}

export async function listCommands(db: Queryable, devicePk: string): Promise<CommandRow[]> {
  return db.query<CommandRow>(
    `SELECT ${COLUMNS} FROM device_commands c JOIN devices d ON d.id = c.device_pk AND d.customer_id = c.customer_id
      WHERE c.device_pk = $1 ORDER BY c.created_at DESC LIMIT 50`,
    [devicePk],
  );
}

export async function commandById(db: Queryable, id: string): Promise<CommandRow | undefined> {
  const [row] = await db.query<CommandRow>(
    `SELECT ${COLUMNS} FROM device_commands c JOIN devices d ON d.id = c.device_pk AND d.customer_id = c.customer_id WHERE c.id = $1`,
    [id],
  );
  return row;
}

/** Inserts a threshold read or write and moves the device's threshold state to match. */
export async function insertThresholdCommand(
  tx: Queryable,
  command: {
    id: string;
    devicePk: string;
    type: DeviceCommand['type'];
    thresholds?: DeviceThresholds | undefined;
  },
  userId: string | null,
): Promise<void> {
  await tx.query(
    `INSERT INTO device_commands (id, device_pk, customer_id, type, params, created_by)
     SELECT $1, d.id, d.customer_id, $3,
            CASE WHEN $3 = 'threshold-write' THEN json_build_object('thresholds', coalesce($4::json, ${THRESHOLDS_OF_DEVICE}))::jsonb
                 ELSE '{}'::jsonb END, $5
       FROM devices d WHERE d.id = $2`,
    [
      command.id,
      command.devicePk,
      command.type,
      command.thresholds ? JSON.stringify(command.thresholds) : null,
      userId,
    ],
  );
  await tx.query(
    `UPDATE devices SET threshold_state = CASE WHEN $2 = 'threshold-write' THEN 'change-reserved' ELSE 'reading-requested' END
      WHERE id = $1`,
    [command.devicePk, command.type],
  );
}

/** Whether the device is online, and its id (the topic's name); undefined for an unknown device. */
export async function linkOf(
  db: Queryable,
  devicePk: string,
): Promise<{ online: boolean; device_id: string } | undefined> {
  const [state] = await db.query<{ online: boolean; device_id: string }>(
    `SELECT coalesce(s.online, false) AS online, d.device_id FROM devices d
       LEFT JOIN device_states s ON s.device_pk = d.id AND s.customer_id = d.customer_id WHERE d.id = $1`,
    [devicePk],
  );
  return state;
}

/** A threshold change saved on the device screen ('change-reserved', no open write) becomes a write command. */
export async function queueReservedWrite(db: Queryable, devicePk: string): Promise<void> {
  await db.query(
    `INSERT INTO device_commands (device_pk, customer_id, type, params)
     SELECT d.id, d.customer_id, 'threshold-write', json_build_object('thresholds', ${THRESHOLDS_OF_DEVICE})::jsonb
       FROM devices d
      WHERE d.id = $1 AND d.threshold_state = 'change-reserved'
        AND NOT EXISTS (SELECT 1 FROM device_commands c WHERE c.device_pk = d.id AND c.type = 'threshold-write'
                          AND c.status IN ('queued', 'sent', 'received'))
     ON CONFLICT DO NOTHING`,
    [devicePk],
  );
}

export async function pendingCommands(db: Queryable, devicePk: string): Promise<PendingCommand[]> {
  return db.query<PendingCommand>(
    // 'sent' ones again too: a device that went away before receiving them never answered.
    // Devices recognise a command they already have by its id.
    `SELECT id, type, params FROM device_commands WHERE device_pk = $1 AND status IN ('queued', 'sent')
      ORDER BY created_at`,
    [devicePk],
  );
}

/** The command went out: it is 'sent', and a threshold command moves the device's threshold state. */
export async function markSent(db: Queryable, commandId: string, devicePk: string): Promise<void> {
  await db.query(
    `WITH sent AS (UPDATE device_commands SET status = 'sent', sent_at = now()
                    WHERE id = $1 AND status IN ('queued', 'sent') RETURNING type)
     UPDATE devices SET threshold_state = CASE WHEN sent.type = 'threshold-write' THEN 'change-sent' ELSE 'reading-requested' END
       FROM sent WHERE devices.id = $2 AND sent.type IN ('threshold-read', 'threshold-write')`,
    [commandId, devicePk],
  );
}

/** Devices online with something waiting (a change saved while they were connected, say). */
export async function devicesWaiting(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ device_pk: string }>(
    `SELECT s.device_pk FROM device_states s JOIN devices d ON d.id = s.device_pk AND d.customer_id = s.customer_id
      WHERE s.online AND (d.threshold_state = 'change-reserved'
        OR EXISTS (SELECT 1 FROM device_commands c WHERE c.device_pk = s.device_pk AND c.status = 'queued'))`,
  );
  return rows.map((row) => row.device_pk);
}
