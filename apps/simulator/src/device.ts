// One simulated on-board device: a real MQTT client signed in with its device id and secret, no
// back door. It publishes what the device link expects (docs/device-protocol.md): positions,
// status (online, running/stopping, hour meter), harsh events when its g-sensor passes its
// thresholds, operator sign-ons by RFID card, and answers to commands — a video-upload by
// filming the window asked for (recorder.ts), a firmware update by installing it once the
// vehicle stands (firmware.ts). Now and then it drops off the network; what it
// measured meanwhile is kept and sent when it is back, with the same ids.
import {
  type DeviceChannel,
  type DeviceEventType,
  type DeviceThresholds,
  type DeviceUpChannel,
  deviceCommandSchema,
  deviceTopic,
} from '@fleetlens/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import { type FirmwareFault, FirmwareUpdater, faultOf } from './firmware.ts';
import { LiveCameras } from './live.ts';
import { Recorder } from './recorder.ts';
import { harshRate, rosterPlace, shiftAt } from './shift.ts';
import { type Motion, VehicleModel } from './vehicle.ts';
import { round, toLatLng, toPoint, type Yard } from './yard.ts';

export interface DeviceIdentity {
  deviceId: string;
  secret: string;
  /** The roster: the RFID cards of the fleet's operators, the same list in the same order for every device of the fleet (shift.ts spreads them, one vehicle each). */
  cards: string[];
  /** The vehicle's place in its fleet and the fleet's size (shift.ts); startFleet sets them. */
  place?: { index: number; of: number };
  /**
   * The hour meter at start, hours: the device's last reading, so that it counts on (a meter never
   * runs backwards; the server keeps such readings aside). A new device without one starts at a
   * random figure.
   */
  hourMeter?: number;
  /** The registered cameras' ids, one per camera (1 to 4); two unnamed cameras when absent. */
  cameraIds?: string[];
  /** The vehicle's name, burned into the cameras' pictures. */
  vehicle?: string;
  /** The firmware version it runs at start (8690 unless told). */
  firmware?: string;
  /** How its firmware updates go wrong (firmware.ts's faultOf by its id unless told; null: never). */
  firmwareFault?: FirmwareFault | null;
}

export interface SimulatorOptions {
  url: string;
  yard: Yard;
  /** one step of the vehicle model, ms */
  tickMs: number;
  /** chance per step of dropping off the network */
  offlineChance: number;
  /** Seconds of driving before the driver's first abrupt moment, from..to (vehicle.ts's default). */
  firstHarshS?: readonly [number, number];
  random?: () => number;
  log?: (line: string) => void;
}

export const DEFAULT_THRESHOLDS: DeviceThresholds = {
  acceleration: { threshold: 0.35, duration: 300 },
  deceleration: { threshold: 0.4, duration: 300 },
  impact: { threshold: 1, duration: 100 },
  quick_handle: { threshold: 0.35, duration: 300 },
};

const RECONNECT_MS = 3000;
/**
 * The sensor readings an event carries (the protocol's `samples`): from 10 s before the moment to
 * 5 s after it, so the device sends the event 5 s late, once those are recorded, as event
 * recorders do. One reading per step of the model (1 s on the demo).
 */
const SAMPLES_BEFORE_MS = 10_000;
const SAMPLES_AFTER_MS = 5_000;

/** One step's reading of the sensors, kept for the events around it. */
interface Reading {
  at: number;
  motion: Motion;
  roll: number;
  pitch: number;
}

export class SimulatedDevice {
  readonly identity: DeviceIdentity;
  private readonly options: SimulatorOptions;
  private readonly random: () => number;
  private readonly model: VehicleModel;
  private readonly boot = Date.now().toString(36);
  private sequence = 0;
  private client: MqttClient | undefined;
  private timer: NodeJS.Timeout | undefined;
  private offlineUntil = 0;
  private thresholds: DeviceThresholds = structuredClone(DEFAULT_THRESHOLDS);
  private hourMeter: number;
  private running = false;
  private lastPositionAt = 0;
  private lastStatusAt = 0;
  private card: string | undefined;
  /** The shift the device last signed on for (-1: none yet). */
  private shiftIndex = -1;
  private steps = 0;
  private last: Motion | undefined;
  /** The last readings (SAMPLES_BEFORE_MS and a little more), oldest first. */
  private readings: Reading[] = [];
  /** Events detected whose readings after the moment are still being recorded. */
  private held: { at: number; body: Record<string, unknown> }[] = [];
  private readonly cameraIds: string[];
  private readonly recorder: Recorder;
  private readonly live: LiveCameras;
  private readonly updater: FirmwareUpdater;
  private firmware: string;
  private stopped = false;

  /** The hour meter now, hours: what a restart gives back as `identity.hourMeter`. */
  get hourMeterNow(): number {
    return this.hourMeter;
  }

  constructor(identity: DeviceIdentity, options: SimulatorOptions) {
    this.identity = identity;
    this.options = options;
    this.random = options.random ?? Math.random;
    this.model = new VehicleModel(options.yard, this.random, undefined, options.firstHarshS);
    this.hourMeter = identity.hourMeter ?? 1000 + Math.floor(this.random() * 4000);
    this.cameraIds = identity.cameraIds?.length
      ? identity.cameraIds.slice(0, 4)
      : [`${identity.deviceId}-1`, `${identity.deviceId}-2`];
    this.recorder = new Recorder({
      cameras: this.cameraIds.length,
      label: `${identity.vehicle ?? 'Vehicle'} (${identity.deviceId})`,
      since: Date.now(),
      online: () => this.online(),
      log: (line) => options.log?.(`${identity.deviceId} ${line}`),
    });
    this.firmware = identity.firmware ?? '8690';
    this.updater = new FirmwareUpdater({
      version: () => this.firmware,
      install: (version) => {
        this.firmware = version;
        // After its reboot the device says what it runs, as after any boot.
        this.publish('status', {
          id: this.id(),
          time: new Date().toISOString(),
          hour_meter: round(this.hourMeter, 3),
          firmware: version,
        });
      },
      running: () => this.running,
      ack: (commandId, status, extra = {}) =>
        this.publish('command-acks', {
          id: this.id(),
          time: new Date().toISOString(),
          command_id: commandId,
          status,
          ...extra,
        }),
      fault:
        identity.firmwareFault === null ? undefined : (identity.firmwareFault ?? faultOf(identity.deviceId)),
      log: (line) => options.log?.(`${identity.deviceId} ${line}`),
    });
    this.live = new LiveCameras({
      cameras: this.cameraIds.length,
      label: `${identity.vehicle ?? 'Vehicle'} (${identity.deviceId})`,
      log: (line) => options.log?.(`${identity.deviceId} ${line}`),
    });
  }

  /** Resolves once the device is on the network again (at once when it is). */
  private async online(): Promise<void> {
    while (this.offlineUntil > 0 || !this.client?.connected) {
      if (this.stopped) throw new Error('the device was switched off');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }

  start(): void {
    this.connect();
    this.timer = setInterval(() => this.step(), this.options.tickMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.live.stopAll();
    await this.client?.endAsync();
  }

  private id(): string {
    this.sequence += 1;
    return `${this.boot}-${this.sequence}`;
  }

  private topic(channel: DeviceChannel): string {
    return deviceTopic(this.identity.deviceId, channel);
  }

  private connect(): void {
    const { deviceId, secret } = this.identity;
    const client = mqtt.connect(this.options.url, {
      clientId: deviceId,
      username: deviceId,
      password: secret,
      // MQTT 3.1.1: what the embedded broker speaks, and what every external one accepts.
      protocolVersion: 4,
      clean: true,
      reconnectPeriod: RECONNECT_MS,
      // "Server unavailable" (the server's database away for a moment) is worth another try;
      // mqtt.js would otherwise stop for good on a refused CONNACK.
      reconnectOnConnackError: true,
      connectTimeout: 10_000,
      will: {
        topic: this.topic('status'),
        payload: Buffer.from(
          JSON.stringify({ id: this.id(), time: new Date().toISOString(), connection: 'offline' }),
        ),
        qos: 1,
        retain: false,
      },
    });
    this.client = client;
    client.on('connect', () => {
      client.options.reconnectPeriod = RECONNECT_MS;
      client.subscribe(this.topic('commands'), { qos: 1 });
      this.publish('status', {
        id: this.id(),
        time: new Date().toISOString(),
        connection: 'online',
        motion: this.running ? 'running' : 'stopping',
        hour_meter: round(this.hourMeter, 3),
        firmware: this.firmware,
      });
    });
    client.on('message', (_topic, payload) => this.onCommand(payload));
    client.on('error', (error) => this.options.log?.(`${deviceId}: ${error.message}`));
  }

  /** Only the five upward channels: a publish anywhere else would close the connection. */
  private publish(channel: DeviceUpChannel, body: object): void {
    // QoS 1: mqtt.js keeps the message until the broker's PUBACK, queues it while offline, and
    // sends it again after a reconnect, with the same id (so the server stores it once). But a
    // message published while it is still resending its store after a reconnect is handed back
    // with "Connection closed" if that connection drops too (mqtt.js 5,
    // _flushStoreProcessingQueue): the device keeps it and publishes it again, or it is lost.
    const payload = JSON.stringify(body);
    const send = () =>
      this.client?.publish(this.topic(channel), payload, { qos: 1 }, (error) => {
        if (error && !this.stopped) setTimeout(send, RECONNECT_MS);
      });
    send();
  }

  private step(): void {
    const now = Date.now();
    const dt = this.options.tickMs / 1000;
    this.steps += 1;
    if (this.offlineUntil > 0 && now >= this.offlineUntil) this.offlineUntil = 0;
    else if (this.offlineUntil === 0 && this.steps > 30 && this.random() < this.options.offlineChance) {
      const away = 20_000 + this.random() * 70_000;
      this.offlineUntil = now + away;
      this.options.log?.(`${this.identity.deviceId} drops off the network for ${Math.round(away / 1000)} s`);
      // The network goes away without a goodbye (the broker publishes the last will). mqtt.js
      // keeps every unacknowledged and every new message and sends them when it is back.
      // Its live cameras lose the network too; the server asks again when the device is back.
      this.live.stopAll();
      if (this.client) {
        this.client.options.reconnectPeriod = away;
        this.client.stream.destroy();
      }
    }
    const motion = this.model.step(dt);
    this.last = motion;
    this.record(now, motion);
    const time = new Date(now).toISOString();
    if (motion.running) this.hourMeter += dt / 3600;
    this.shift(now, time);
    const changed = motion.running !== this.running;
    if (changed) {
      this.running = motion.running;
      this.publish('status', { id: this.id(), time, motion: motion.running ? 'running' : 'stopping' });
    }
    if (now - this.lastStatusAt >= 60_000) {
      this.lastStatusAt = now;
      this.publish('status', { id: this.id(), time, hour_meter: round(this.hourMeter, 3) });
    }
    if (motion.running || changed || now - this.lastPositionAt >= 30_000) {
      this.lastPositionAt = now;
      this.publish('positions', { id: this.id(), time, ...this.where(motion), satellites: 9, hdop: 0.9 });
    }
    this.detectEvents(now, time);
    this.sendHeld(now);
  }

  /** Keeps this step's reading; the attitude follows the g-forces (the body leans into them). */
  private record(now: number, motion: Motion): void {
    const jitter = () => (this.random() - 0.5) * 0.6;
    this.readings.push({ at: now, motion, roll: motion.gy * 8 + jitter(), pitch: -motion.gx * 6 + jitter() });
    while ((this.readings[0]?.at ?? now) < now - SAMPLES_BEFORE_MS - 2 * this.options.tickMs)
      this.readings.shift();
  }

  private where(motion: Motion) {
    return {
      ...toLatLng(this.options.yard, motion.position),
      speed: round(motion.speed * 3.6, 1),
      direction: motion.heading % 360,
    };
  }

  /**
   * The roster's operator for this vehicle and shift (shift.ts) signs on at the start and off at
   * the shift's change, when the next one signs on: each operator on one vehicle at a time.
   */
  private shift(now: number, time: string): void {
    const shift = shiftAt(now);
    if (shift.index === this.shiftIndex) return;
    this.shiftIndex = shift.index;
    const { index, of } = this.identity.place ?? { index: 0, of: 1 };
    const place = rosterPlace(index, shift.index, of, this.identity.cards.length);
    const card = place === undefined ? undefined : this.identity.cards[place];
    this.model.harshPerHour = harshRate(place);
    if (card === this.card) return;
    if (this.card) this.publish('sign-on', { id: this.id(), time, action: 'sign-off', rfid: this.card });
    this.card = card;
    if (card) this.publish('sign-on', { id: this.id(), time, action: 'sign-on', rfid: card });
  }

  private detectEvents(now: number, time: string): void {
    const reading = this.readings.at(-1);
    if (!reading) return;
    const { motion } = reading;
    const t = this.thresholds;
    let type: DeviceEventType | undefined;
    const vertical = Math.abs(motion.gz - 1);
    if (vertical > t.impact.threshold) type = 'Impact';
    else if (-motion.gx > t.deceleration.threshold) type = 'SuddenDeceleration';
    else if (motion.gx > t.acceleration.threshold) type = 'SuddenAcceleration';
    else if (Math.abs(motion.gy) > t.quick_handle.threshold) type = 'SuddenTurn';
    if (!type) return;
    this.held.push({
      at: now,
      body: {
        time,
        type,
        ...this.where(motion),
        ...this.sensors(reading),
        rfid: this.card ?? null,
        cameras: this.cameraIds.length,
        camera_ids: this.cameraIds,
      },
    });
  }

  /** Sends the events whose readings after the moment are recorded, with their samples. */
  private sendHeld(now: number): void {
    while (this.held[0] && this.held[0].at + SAMPLES_AFTER_MS <= now) {
      const { at, body } = this.held.shift() as { at: number; body: Record<string, unknown> };
      const samples = this.readings
        .filter((r) => r.at >= at - SAMPLES_BEFORE_MS && r.at <= at + SAMPLES_AFTER_MS)
        .map((r) => ({ offset_ms: r.at - at, ...this.sensors(r), speed: round(r.motion.speed * 3.6, 1) }));
      this.publish('events', { id: this.id(), ...body, samples });
    }
  }

  private sensors({ motion, roll, pitch }: Reading) {
    return {
      gx: round(motion.gx, 3),
      gy: round(motion.gy, 3),
      gz: round(motion.gz, 3),
      roll: round(roll, 2),
      pitch: round(pitch, 2),
      yaw: round(motion.heading > 180 ? motion.heading - 360 : motion.heading, 2),
    };
  }

  private onCommand(payload: Buffer): void {
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch {
      return;
    }
    const parsed = deviceCommandSchema.safeParse(json);
    if (!parsed.success) return;
    const command = parsed.data;
    const ack = (status: 'received' | 'completed' | 'failed', extra: object = {}) =>
      this.publish('command-acks', {
        id: this.id(),
        time: new Date().toISOString(),
        command_id: command.id,
        status,
        ...extra,
      });
    ack('received');
    if (command.type === 'live-start') {
      void this.live
        .start(command)
        .then((error) => ack(error ? 'failed' : 'completed', error ? { error } : {}));
      return;
    }
    if (command.type === 'live-stop') {
      this.live.stop(command);
      ack('completed');
      return;
    }
    if (command.type === 'firmware-update') {
      void this.updater.handle(command);
      return;
    }
    // Held at creep speed after an impact until the unlock (docs/device-protocol.md, "Impact lock-out").
    if (command.type === 'vehicle-lock' || command.type === 'vehicle-unlock') {
      this.model.speedCap = command.type === 'vehicle-lock' ? command.max_speed / 3.6 : undefined;
      ack('completed');
      return;
    }
    // Under the limit inside the site's speed-limit zones (docs/device-protocol.md, "Zone speed limits").
    if (command.type === 'zone-speed-limits') {
      this.model.zoneLimits = command.zones.map((zone) => ({
        limit: zone.limit_kmh / 3.6,
        ring: zone.ring.map(([lng, lat]) => {
          const { x, y } = toPoint(this.options.yard, lat, lng);
          return [x, y] as const;
        }),
      }));
      ack('completed');
      return;
    }
    if (command.type === 'video-upload') {
      void this.recorder.answer(command).then(({ status, ...answer }) => ack(status, answer));
      return;
    }
    setTimeout(
      () => {
        if (command.type === 'threshold-write') this.thresholds = structuredClone(command.thresholds);
        ack('completed', { thresholds: this.thresholds });
      },
      500 + this.random() * 1500,
    );
  }

  /** Where the vehicle is now (for the command line's summary). */
  get lastMotion(): Motion | undefined {
    return this.last;
  }
}
