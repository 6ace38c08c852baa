// Commands to devices (issue 5 §4): created by a call or by the device screens, sent at once when
// the device is online, otherwise kept queued and sent when it comes back; the device's
// acknowledgements move them on (repository applyCommandAck). The devices' threshold state follows
// (domain spec §4): a threshold change saved on the device screen is 'change-reserved'; sending it
// makes it 'change-sent'; the device's confirmation 'sending-completed'. A reading is
// 'reading-requested' until the device answers ('reading-completed', and its values are kept).
import { randomUUID } from 'node:crypto';
import { type DeviceCommand, type DeviceThresholds, deviceTopic } from '@fleetlens/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle, Queryable } from '../../db/client.ts';
import { type AuditActor, auditedIn, auditTrail } from '../../platform/audit.ts';
import { uniqueOn } from '../../platform/errors.ts';

export type Publish = (topic: string, payload: string) => Promise<void>;
/** A signed PUT address for a video-upload's object (platform/storage.ts), made when the command goes out. */
export type SignUpload = (objectKey: string) => Promise<{ url: string; expiresAt: Date }>;

/** What a video-upload command keeps until it is sent (the address is signed at each sending). */
export interface VideoUploadParams {
  camera: number;
  from: string;
  to: string;
  object_key: string;
}

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

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const COLUMNS = `c.id, d.device_id, c.type, c.status, c.params, c.result, c.error, ${iso('c.created_at')} AS created_at,
  ${iso('c.sent_at')} AS sent_at, ${iso('c.acknowledged_at')} AS acknowledged_at`;

const THRESHOLDS_OF_DEVICE = `json_build_object(
  'acceleration', json_build_object('threshold', acceleration_threshold, 'duration', acceleration_duration),
  'deceleration', json_build_object('threshold', deceleration_threshold, 'duration', deceleration_duration),
  'impact', json_build_object('threshold', impact_threshold, 'duration', impact_duration),
  'quick_handle', json_build_object('threshold', quick_handle_threshold, 'duration', quick_handle_duration))`;

/** At most one threshold change on its way per device (0014_*.sql): a second is refused until the first is done. */
const ONE_OPEN_WRITE = {
  device_commands_open_write_key: { field: 'thresholds', key: 'thresholdChangePending' },
};
const audit = auditTrail('device_command', 'device_commands');

export async function listCommands(db: Queryable, devicePk: string): Promise<CommandRow[]> {
  return db.query<CommandRow>(
    `SELECT ${COLUMNS} FROM device_commands c JOIN devices d ON d.id = c.device_pk
      WHERE c.device_pk = $1 ORDER BY c.created_at DESC LIMIT 50`,
    [devicePk],
  );
}

export class CommandDispatcher {
  private readonly database: DatabaseHandle;
  /** How commands reach devices; undefined while no broker is joined (commands stay queued). */
  publish: Publish | undefined;
  /** Signs video-upload addresses; undefined: video-upload commands stay queued. */
  signUpload: SignUpload | undefined;
  /** Told which commands went out (the events module moves their clips to waiting); must not throw. */
  readonly sent: ((commandIds: string[]) => void)[] = [];
  private readonly log: FastifyBaseLogger;

  constructor(database: DatabaseHandle, publish: Publish | undefined, log: FastifyBaseLogger) {
    this.database = database;
    this.publish = publish;
    this.signUpload = undefined;
    this.log = log;
  }

  /** Queues a command (a write takes the thresholds given, or the device's saved ones) and sends it if it can. */
  async create(
    devicePk: string,
    body: { type: DeviceCommand['type']; thresholds?: DeviceThresholds | undefined },
    actor: AuditActor | null,
  ): Promise<CommandRow> {
    const id = randomUUID();
    const userId = actor?.userId ?? null;
    const write = async (tx: Queryable) => {
      await tx.query(
        `INSERT INTO device_commands (id, device_pk, customer_id, type, params, created_by)
         SELECT $1, d.id, d.customer_id, $3,
                CASE WHEN $3 = 'threshold-write' THEN json_build_object('thresholds', coalesce($4::json, ${THRESHOLDS_OF_DEVICE}))::jsonb
                     ELSE '{}'::jsonb END, $5
           FROM devices d WHERE d.id = $2`,
        [id, devicePk, body.type, body.thresholds ? JSON.stringify(body.thresholds) : null, userId],
      );
      await tx.query(
        `UPDATE devices SET threshold_state = CASE WHEN $2 = 'threshold-write' THEN 'change-reserved' ELSE 'reading-requested' END
          WHERE id = $1`,
        [devicePk, body.type],
      );
      return id;
    };
    await uniqueOn(ONE_OPEN_WRITE, () =>
      this.database.transaction((tx) => (actor ? auditedIn(tx, audit(actor, 'create'), write) : write(tx))),
    );
    await this.sendPending(devicePk);
    const [row] = await this.database.query<CommandRow>(
      `SELECT ${COLUMNS} FROM device_commands c JOIN devices d ON d.id = c.device_pk WHERE c.id = $1`,
      [id],
    );
    return row as CommandRow;
  }

  /**
   * Sends what waits for an online device (called when it subscribes to its commands, says it is
   * online, or by the sweep): a threshold change saved on the device screen
   * ('change-reserved' with no open write) becomes a write command, then every queued command
   * goes out in order.
   */
  async sendPending(devicePk: string, connected = false): Promise<void> {
    if (!this.publish) return;
    const [state] = await this.database.query<{ online: boolean; device_id: string }>(
      `SELECT coalesce(s.online, false) AS online, d.device_id FROM devices d
         LEFT JOIN device_states s ON s.device_pk = d.id WHERE d.id = $1`,
      [devicePk],
    );
    if (!state || !(connected || state.online)) return;
    await this.database.query(
      `INSERT INTO device_commands (device_pk, customer_id, type, params)
       SELECT d.id, d.customer_id, 'threshold-write', json_build_object('thresholds', ${THRESHOLDS_OF_DEVICE})::jsonb
         FROM devices d
        WHERE d.id = $1 AND d.threshold_state = 'change-reserved'
          AND NOT EXISTS (SELECT 1 FROM device_commands c WHERE c.device_pk = d.id AND c.type = 'threshold-write'
                            AND c.status IN ('queued', 'sent', 'received'))
       ON CONFLICT DO NOTHING`,
      [devicePk],
    );
    const queued = await this.database.query<{
      id: string;
      type: DeviceCommand['type'];
      params: { thresholds?: DeviceThresholds } & Partial<VideoUploadParams>;
    }>(
      // 'sent' ones again too: a device that went away before receiving them never answered.
      // Devices recognise a command they already have by its id.
      `SELECT id, type, params FROM device_commands WHERE device_pk = $1 AND status IN ('queued', 'sent')
        ORDER BY created_at`,
      [devicePk],
    );
    const sentIds: string[] = [];
    for (const command of queued) {
      let message: DeviceCommand;
      try {
        message = await this.messageOf(command);
      } catch (error) {
        this.log.warn({ err: error, command: command.id }, 'command not signed; stays queued');
        continue;
      }
      try {
        await this.publish(deviceTopic(state.device_id, 'commands'), JSON.stringify(message));
      } catch (error) {
        this.log.warn({ err: error, command: command.id }, 'command not sent; stays queued');
        break;
      }
      await this.database.query(
        `WITH sent AS (UPDATE device_commands SET status = 'sent', sent_at = now()
                        WHERE id = $1 AND status IN ('queued', 'sent') RETURNING type)
         UPDATE devices SET threshold_state = CASE WHEN sent.type = 'threshold-write' THEN 'change-sent' ELSE 'reading-requested' END
           FROM sent WHERE devices.id = $2 AND sent.type <> 'video-upload'`,
        [command.id, devicePk],
      );
      sentIds.push(command.id);
    }
    if (sentIds.length > 0) for (const listener of this.sent) listener(sentIds);
  }

  private async messageOf(command: {
    id: string;
    type: DeviceCommand['type'];
    params: { thresholds?: DeviceThresholds } & Partial<VideoUploadParams>;
  }): Promise<DeviceCommand> {
    const time = new Date().toISOString();
    if (command.type === 'threshold-write')
      return {
        id: command.id,
        time,
        type: 'threshold-write',
        thresholds: command.params.thresholds as DeviceThresholds,
      };
    if (command.type === 'threshold-read') return { id: command.id, time, type: 'threshold-read' };
    const { camera, from, to, object_key } = command.params as VideoUploadParams;
    if (!this.signUpload) throw new Error('no storage signs upload addresses');
    // Signed at each sending: a command resent after a long absence carries a fresh address.
    const signed = await this.signUpload(object_key);
    return {
      id: command.id,
      time,
      type: 'video-upload',
      camera,
      from,
      to,
      upload_url: signed.url,
      expires_at: signed.expiresAt.toISOString(),
    };
  }

  /** Devices online with something waiting (a change saved while they were connected, say). */
  async sweep(): Promise<void> {
    const rows = await this.database.query<{ device_pk: string }>(
      `SELECT s.device_pk FROM device_states s JOIN devices d ON d.id = s.device_pk
        WHERE s.online AND (d.threshold_state = 'change-reserved'
          OR EXISTS (SELECT 1 FROM device_commands c WHERE c.device_pk = s.device_pk AND c.status = 'queued'))`,
    );
    for (const row of rows) await this.sendPending(row.device_pk);
  }
}
