// Ingestion that loses nothing. `ingest` resolves only once the message is committed: stored (or
// found to be a duplicate), or stored as a dead letter with its reason. It rejects when the
// database could not take it; the caller then withholds the MQTT acknowledgement, so the device
// (QoS 1) sends the message again. Messages wait at most INGEST_BATCH_DELAY_MS, or until
// INGEST_BATCH_SIZE are waiting, and are written together in one transaction.
import {
  DEVICE_UP_SCHEMAS,
  type DeadLetterReason,
  type DeviceEvent,
  type DevicePosition,
  type DeviceUpMessage,
  isUpChannel,
  MAX_DEVICE_PAYLOAD_BYTES,
  parseDeviceTopic,
} from '@fleetlens/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle, Queryable } from '../../db/client.ts';
import { explainInvalidJson, explainIssues, explainTooLarge } from './explain.ts';
import type { DeviceLivePush } from './live.ts';
import {
  applyCommandAck,
  applyFirmwareAcks,
  applyStatus,
  findLinkedDevice,
  insertDeadLetter,
  insertEvents,
  insertPositions,
  insertSignOns,
  type LinkedDevice,
  type Stored,
  updateLastPositions,
} from './repository.ts';

const KEPT_PAYLOAD_BYTES = 4096;
/** A transaction takes at most this many batches when messages are waiting (the broker's window). */
export const BACKLOG_BATCHES = 4;
const DEVICE_CACHE_MS = 30_000;
/** Live-bus topic: these device ids' records changed (modules/devices); every replica forgets them. */
export const LINKED_DEVICES_CHANGED = 'linked-devices-changed';

interface Pending {
  topic: string;
  device: LinkedDevice;
  message: DeviceUpMessage;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export interface IngestOptions {
  batchSize: number;
  batchDelayMs: number;
}

export class Ingestor {
  private queue: Pending[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private readonly devices = new Map<string, { device: LinkedDevice | undefined; at: number }>();
  /** Called after a commit with the devices that came online. */
  onOnline: (devicePks: string[]) => void = () => {};
  /** Other features' work after a commit (the events module: live pushes, clips); must not throw. */
  readonly committed: ((pushes: BatchPushes) => void)[] = [];
  /** Messages being received (looked up, queued or written), which closing waits for. */
  private readonly receiving = new Set<Promise<void>>();
  private closed = false;

  private readonly database: DatabaseHandle;
  private readonly live: DeviceLivePush;
  private readonly log: FastifyBaseLogger;
  private readonly options: IngestOptions;

  constructor(
    database: DatabaseHandle,
    live: DeviceLivePush,
    log: FastifyBaseLogger,
    options: IngestOptions,
  ) {
    this.database = database;
    this.live = live;
    this.log = log;
    this.options = options;
  }

  /** The registered device of a device id (cached briefly: the link asks for every message). */
  async device(deviceId: string): Promise<LinkedDevice | undefined> {
    const cached = this.devices.get(deviceId);
    if (cached && Date.now() - cached.at < DEVICE_CACHE_MS) return cached.device;
    const device = await findLinkedDevice(this.database, deviceId);
    this.devices.set(deviceId, { device, at: Date.now() });
    return device;
  }

  forget(deviceId: string): void {
    this.devices.delete(deviceId);
  }

  /**
   * One message as published on `topic`, which the broker's ACL let through (the embedded one:
   * contracts' mayPublish; an external one: its own ACL). Once the link closes, a message is
   * refused: not acknowledged, the device sends it to the next server.
   */
  ingest(topic: string, payload: Buffer): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the device link is closing'));
    const received = this.receive(topic, payload);
    this.receiving.add(received);
    const forget = () => this.receiving.delete(received);
    received.then(forget, forget);
    return received;
  }

  /**
   * Stops taking messages and waits until those received are committed (or refused), so that
   * nothing is written after the database closes. Queued ones flush on their own timers.
   */
  async close(): Promise<void> {
    this.closed = true;
    while (this.receiving.size > 0) await Promise.allSettled([...this.receiving]);
    await this.drain();
  }

  private async receive(topic: string, payload: Buffer): Promise<void> {
    const route = parseDeviceTopic(topic);
    const deviceId = route?.deviceId ?? null;
    const dead = (reason: DeadLetterReason, detail: string[] = [], device?: LinkedDevice) =>
      this.deadLetter({ topic, payload, deviceId, customerId: device?.customerId ?? null, reason, detail });

    if (!route || !isUpChannel(route.channel))
      return dead('unknown-topic', [`${topic} is not fleetlens/v1/devices/{device id}/{upward channel}`]);
    if (payload.length > MAX_DEVICE_PAYLOAD_BYTES)
      return dead('payload-too-large', [explainTooLarge(payload.length)]);
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch (error) {
      return dead('invalid-json', [explainInvalidJson(error as Error)]);
    }
    // reportInput: the readable detail shows what the device sent next to what was expected.
    const parsed = DEVICE_UP_SCHEMAS[route.channel].safeParse(json, { reportInput: true });
    const device = await this.device(route.deviceId);
    if (!parsed.success) return dead('invalid-message', explainIssues(parsed.error.issues), device);
    if (!device) return dead('unknown-device', [`no device ${route.deviceId} is registered`]);
    const message = { channel: route.channel, body: parsed.data } as DeviceUpMessage;
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ topic, device, message, resolve, reject });
      if (this.queue.length >= this.options.batchSize) this.flushSoon(0);
      else this.flushSoon(this.options.batchDelayMs);
    });
  }

  private async deadLetter(letter: {
    topic: string;
    payload: Buffer;
    deviceId: string | null;
    customerId: string | null;
    reason: DeadLetterReason;
    detail: string[];
  }): Promise<void> {
    const stored = await insertDeadLetter(this.database, {
      deviceId: letter.deviceId,
      customerId: letter.customerId,
      topic: letter.topic.slice(0, 512),
      reason: letter.reason,
      detail: letter.detail.slice(0, 20),
      size: letter.payload.length,
      payload: letter.payload.subarray(0, KEPT_PAYLOAD_BYTES).toString('utf8').replaceAll('\u0000', ''),
    });
    // A flood is counted, not logged line by line.
    if (stored)
      this.log.warn(
        { topic: letter.topic, reason: letter.reason, detail: letter.detail },
        'device message refused',
      );
  }

  private flushSoon(delay: number): void {
    if (this.timer && delay > 0) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      // One flush at a time: PGlite has one connection, and order per device is kept.
      this.flushing = this.flushing.then(() => this.flush());
    }, delay);
  }

  /** Waits until everything queued so far is committed (shutdown, tests). */
  async drain(): Promise<void> {
    while (this.queue.length > 0 || this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
      this.flushing = this.flushing.then(() => this.flush());
      await this.flushing;
    }
    await this.flushing;
  }

  private async flush(): Promise<void> {
    // Behind (more waiting than a batch, after a pause of the database or a burst): everything
    // waiting, up to BACKLOG_BATCHES batches, in one transaction. A transaction costs less per
    // message the more it holds, so a backlog drains faster than it would batch by batch.
    const take = this.queue.length > this.options.batchSize ? BACKLOG_BATCHES : 1;
    const batch = this.queue.splice(0, this.options.batchSize * take);
    if (batch.length === 0) return;
    if (this.queue.length > 0) this.flushSoon(0);
    try {
      const pushes = await this.database.transaction((tx) => write(tx, batch));
      for (const item of batch) item.resolve();
      this.afterCommit(pushes);
    } catch (error) {
      this.log.warn({ err: error, size: batch.length }, 'batch refused, storing its messages one by one');
      await this.oneByOne(batch);
    }
  }

  private afterCommit(pushes: BatchPushes): void {
    this.live.send(pushes);
    if (pushes.online.length > 0) this.onOnline(pushes.online);
    for (const listener of this.committed) listener(pushes);
  }

  /**
   * After a failed batch: each message alone. One the database refuses by itself (a constraint, a
   * value out of range) becomes a dead letter; any other failure rejects the message, so that it
   * is not acknowledged and the device sends it again.
   */
  private async oneByOne(batch: Pending[]): Promise<void> {
    for (const item of batch) {
      try {
        const pushes = await this.database.transaction((tx) => write(tx, [item]));
        item.resolve();
        this.afterCommit(pushes);
      } catch (error) {
        // Only a refusal of the data itself (SQLSTATE class 22: data exception, 23: constraint)
        // makes a dead letter; anything else (connection lost, database down) is retried by the device.
        if (!/^2[23]/.test(String((error as { code?: unknown }).code ?? ''))) {
          item.reject(error);
          continue;
        }
        try {
          await this.deadLetter({
            topic: item.topic,
            payload: Buffer.from(JSON.stringify(item.message.body)),
            deviceId: item.device.deviceId,
            customerId: item.device.customerId,
            reason: 'storage-refused',
            detail: [`the database refused it: ${(error as Error).message}`],
          });
          item.resolve();
        } catch (again) {
          item.reject(again);
        }
      }
    }
  }
}

/** What a committed batch changed, for the live channel. */
export interface BatchPushes {
  positions: Stored<DevicePosition>[];
  events: (Stored<DeviceEvent> & { operatorId: string | null; eventId: string })[];
  /** devices whose state changed */
  states: string[];
  /** devices that said they are online (external broker: the moment to send their commands) */
  online: string[];
  /** commands the devices answered */
  acks: string[];
}

async function write(tx: Queryable, batch: Pending[]): Promise<BatchPushes> {
  const of = <C extends DeviceUpMessage['channel']>(channel: C) =>
    batch
      .filter((p) => p.message.channel === channel)
      .map((p) => ({
        device: p.device,
        body: p.message.body as Extract<DeviceUpMessage, { channel: C }>['body'],
      }));

  const positions = await insertPositions(tx, of('positions'));
  const newest = new Map<string, (typeof positions)[number]>();
  for (const p of positions) {
    const seen = newest.get(p.device.pk);
    if (!seen || Date.parse(seen.body.time) < Date.parse(p.body.time)) newest.set(p.device.pk, p);
  }
  await updateLastPositions(tx, [...newest.values()]);
  const events = await insertEvents(tx, of('events'));
  const states = new Set(await insertSignOns(tx, of('sign-on')));
  const online: string[] = [];
  for (const status of of('status')) {
    if (await applyStatus(tx, status)) states.add(status.device.pk);
    if (status.body.connection === 'online') online.push(status.device.pk);
  }
  const acks = of('command-acks');
  // A firmware update's steps come from every device of a rollout at once: stored in a few
  // statements (applyFirmwareAcks), the others one by one as before.
  const firmware = acks.filter((a) => a.body.firmware && !a.body.thresholds);
  for (const ack of acks) if (!firmware.includes(ack)) await applyCommandAck(tx, ack);
  await applyFirmwareAcks(tx, firmware);
  return { positions, events, states: [...states], online, acks: acks.map((a) => a.body.command_id) };
}
