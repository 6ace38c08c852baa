// Commands to devices (docs/device-protocol.md): created by a call or by the device screens, sent at once when
// the device is online, otherwise kept queued and sent when it comes back; the device's
// acknowledgements move them on (repository applyCommandAck; their SQL: commands.repository.ts). The devices' threshold state follows
// (domain spec §4): a threshold change saved on the device screen is 'change-reserved'; sending it
// makes it 'change-sent'; the device's confirmation 'sending-completed'. A reading is
// 'reading-requested' until the device answers ('reading-completed', and its values are kept).
import { randomUUID } from 'node:crypto';
import { type DeviceCommand, type DeviceThresholds, deviceTopic } from '@fleetlens/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle, Queryable } from '../../db/client.ts';
import { type AuditActor, auditedIn, auditTrail } from '../../platform/audit.ts';
import type { SignUpload } from '../../platform/deviceLink.ts';
import { uniqueOn } from '../../platform/errors.ts';
import {
  type CommandRow,
  commandById,
  devicesWaiting,
  insertThresholdCommand,
  linkOf,
  markSent,
  type PendingCommand,
  pendingCommands,
  queueReservedWrite,
  type VideoUploadParams,
} from './commands.repository.ts';

export type Publish = (topic: string, payload: string) => Promise<void>;

/** How often the link looks for devices online with something waiting (docs/device-protocol.md, "Commands"). */
export const COMMAND_SWEEP_MS = 10_000;

/** At most one threshold change on its way per device (0014_*.sql): a second is refused until the first is done. */
const ONE_OPEN_WRITE = {
  device_commands_open_write_key: { field: 'thresholds', key: 'thresholdChangePending' },
};
const audit = auditTrail('device_command', 'device_commands');

export class CommandDispatcher {
  private readonly database: DatabaseHandle;
  /** How commands reach devices; undefined while no broker is joined (commands stay queued). */
  publish: Publish | undefined;
  /** Signs video-upload addresses; undefined: video-upload commands stay queued. */
  signUpload: SignUpload | undefined;
  /** Told which commands went out (platform.deviceLink's onCommandsSent); must not throw. */
  readonly sent: ((commandIds: string[]) => void)[] = [];
  /** Told when a device comes online, before its commands go out (platform.deviceLink's onDeviceOnline). */
  readonly online: ((devicePk: string) => Promise<void>)[] = [];
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
      await insertThresholdCommand(tx, { id, devicePk, ...body }, userId);
      return id;
    };
    await uniqueOn(ONE_OPEN_WRITE, () =>
      this.database.transaction((tx) => (actor ? auditedIn(tx, audit(actor, 'create'), write) : write(tx))),
    );
    await this.sendPending(devicePk);
    const row = await commandById(this.database, id);
    return row as CommandRow;
  }

  /** A device came online: what the modules give it on each connection is queued, then all that waits goes out. */
  async deviceOnline(devicePk: string): Promise<void> {
    for (const listener of this.online)
      await listener(devicePk).catch((error) =>
        this.log.warn({ err: error, device: devicePk }, 'commands of a connection not queued'),
      );
    await this.sendPending(devicePk);
  }

  /**
   * Sends what waits for an online device (called when it subscribes to its commands, says it is
   * online, or by the sweep): a threshold change saved on the device screen
   * ('change-reserved' with no open write) becomes a write command, then every queued command
   * goes out in order.
   */
  async sendPending(devicePk: string, connected = false): Promise<void> {
    if (!this.publish) return;
    const state = await linkOf(this.database, devicePk);
    if (!state || !(connected || state.online)) return;
    await queueReservedWrite(this.database, devicePk);
    const queued = await pendingCommands(this.database, devicePk);
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
      await markSent(this.database, command.id, devicePk);
      sentIds.push(command.id);
    }
    if (sentIds.length > 0) for (const listener of this.sent) listener(sentIds);
  }

  private async messageOf(command: PendingCommand): Promise<DeviceCommand> {
    const time = new Date().toISOString();
    if (command.type === 'threshold-write')
      return {
        id: command.id,
        time,
        type: 'threshold-write',
        thresholds: command.params.thresholds as DeviceThresholds,
      };
    if (command.type === 'threshold-read') return { id: command.id, time, type: 'threshold-read' };
    // Live commands (modules/live-camera) are stored as they are sent: their addresses are signed when queued.
    // So are firmware updates (modules/firmware): their download address is signed for the whole window.
    // And the lock-out's lock and unlock (modules/lockouts) and the zones' speed limits (modules/zones),
    // which carry nothing to sign.
    if (
      command.type === 'live-start' ||
      command.type === 'live-stop' ||
      command.type === 'firmware-update' ||
      command.type === 'vehicle-lock' ||
      command.type === 'vehicle-unlock' ||
      command.type === 'zone-speed-limits'
    )
      return { ...(command.params as object), id: command.id, time, type: command.type } as DeviceCommand;
    const { camera, from, to, object_key } = command.params as VideoUploadParams;
    if (!this.signUpload) throw new Error('no storage signs upload addresses');
    // Signed at each sending: a command resent after a long absence carries a fresh address.
    const signed = await this.signUpload(object_key, command.id);
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
    for (const devicePk of await devicesWaiting(this.database)) await this.sendPending(devicePk);
  }
}
