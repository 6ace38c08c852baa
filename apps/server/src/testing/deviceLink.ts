// Helpers for the device link's tests: a free port, a registered device with a secret, and an
// MQTT client signed in as that device, publishing and answering commands as a device does.
import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import {
  type DeviceCommand,
  type DeviceEvent,
  type DeviceUpChannel,
  deviceTopic,
} from '@fleetlens/contracts';
import { type LiveCameras, Recorder } from '@fleetlens/simulator';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { Queryable } from '../db/client.ts';
import { issueSecret } from '../modules/device-link/credentials.ts';
import { type Harness, startHarness, storingIn } from './harness.ts';
import { freePort } from './ports.ts';
import { INSERT_DEVICE_SQL } from './rows.ts';

export { freePort };

/** The machine's MQTT broker (127.0.0.1:1883, as in CI), or TEST_MQTT_URL. */
export const TEST_BROKER = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

/**
 * Whether the test broker answers. CI runs beside a Mosquitto it starts itself (.ci/run): there
 * (REQUIRE_MQTT_BROKER) a missing broker is a failure, not a reason to skip.
 */
export async function testBrokerAnswers(): Promise<boolean> {
  const url = new URL(TEST_BROKER);
  const available = await new Promise<boolean>((resolve) => {
    const socket = connect(Number(url.port || 1883), url.hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
  if (!available && process.env.REQUIRE_MQTT_BROKER)
    throw new Error(`no MQTT broker answers at ${TEST_BROKER}, and REQUIRE_MQTT_BROKER is set`);
  return available;
}

/** A harsh-driving event as a device reports it (an impact with its g-forces); `more` changes any field. */
export const impactEventBody = (id: string, more: Partial<DeviceEvent> = {}): DeviceEvent => ({
  id,
  time: new Date().toISOString(),
  type: 'Impact',
  lat: 35.6,
  lng: 139.7,
  speed: 12,
  direction: 45,
  gx: 1.4,
  gy: 0.1,
  gz: 1,
  roll: 1,
  pitch: 2,
  yaw: 3,
  rfid: null,
  cameras: 0,
  camera_ids: [],
  samples: [],
  ...more,
});

/** The same as the JSON a device publishes. */
export const impactEvent = (id: string, more: Partial<DeviceEvent> = {}) =>
  JSON.stringify(impactEventBody(id, more));

/** How many positions of a device are stored. */
export async function storedPositions(db: Queryable, devicePk: string): Promise<number> {
  const [row] = await db.query<{ n: string }>(
    'SELECT count(*) AS n FROM device_positions WHERE device_pk = $1',
    [devicePk],
  );
  return Number(row?.n);
}

/** Whether the device's last connection state is online (undefined before it ever connected). */
export async function isOnline(db: Queryable, devicePk: string): Promise<boolean | undefined> {
  const [row] = await db.query<{ online: boolean }>('SELECT online FROM device_states WHERE device_pk = $1', [
    devicePk,
  ]);
  return row?.online;
}

export interface LinkHarness {
  h: Harness;
  port: number;
  /** The demo manager's company. */
  customerId: string;
  /** A vehicle and its device with `cameras` registered cameras, in the demo manager's company unless told. */
  addDevice(cameras?: number, customerId?: string): Promise<TestDevice>;
  /** Waits until the device's last connection state is online (or, with false, offline). */
  untilOnline(device: { pk: string }, online?: boolean): Promise<void>;
  /** An MQTT client signed in as `device`, ended by close(). */
  signIn(device: { deviceId: string; secret: string }, options?: IClientOptions): Promise<MqttClient>;
  /** Ends every client signed in, then the server. */
  close(): Promise<void>;
}

/** A server with the embedded broker on a free port, and the customer of the demo manager. */
export async function startLinkHarness(env: Record<string, string> = {}): Promise<LinkHarness> {
  const port = await freePort();
  const h = await startHarness({
    MQTT_ENABLED: 'true',
    MQTT_PORT: String(port),
    MQTT_HOST: '127.0.0.1',
    INGEST_BATCH_DELAY_MS: '5',
    ...env,
  });
  const [manager] = await h.database.query<{ customer_id: string }>(
    "SELECT customer_id FROM users WHERE username = 'manager'",
  );
  const clients: MqttClient[] = [];
  const customerId = manager?.customer_id as string;
  return {
    h,
    port,
    customerId,
    addDevice: (cameras, company = customerId) => registerTestDevice(h.database, company, cameras),
    untilOnline: async (device, online = true) => {
      await until(
        `the device ${online ? 'online' : 'offline'}`,
        async () => (await isOnline(h.database, device.pk)) === online,
      );
    },
    signIn: async (device, options) => {
      const client = await connectDevice(port, device, options);
      clients.push(client);
      return client;
    },
    close: async () => {
      for (const c of clients) c.end(true);
      await h.close();
    },
  };
}

export interface VideoHarness extends LinkHarness {
  /** The server's own HTTP origin: where a device on the LAN sends its video (and a test fetches). */
  httpBase: string;
  /** The server's data directory (the clips on local disk), the harness's own. */
  dataDir: string;
}

/**
 * A link harness for the tests of video: the server also listens over HTTP, keeps its files in a
 * data directory of its own (removed at close), and with `media` runs the media engine for live
 * camera on a free RTMP port.
 */
export async function startVideoHarness(options: { media?: boolean } = {}): Promise<VideoHarness> {
  const rtmp = options.media ? await freePort() : 0;
  return storingIn('video', async (env) => {
    const link = await startLinkHarness({
      ...env,
      ...(options.media && {
        MEDIA_ENABLED: 'true',
        MEDIA_RTMP_PORT: String(rtmp),
        MEDIA_HOST: '127.0.0.1',
        // The harness's public address is a name nobody resolves.
        MEDIA_PUBLISH_URL: `rtmp://127.0.0.1:${rtmp}/live`,
      }),
    });
    const httpBase = await link.h.app.listen({ port: 0, host: '127.0.0.1' });
    return {
      ...link,
      httpBase,
      close: async () => {
        // A fetch leaves a spare keep-alive connection that never sent a request: the server would
        // wait for it until its keep-alive timeout (72 s) before closing.
        link.h.app.server.closeAllConnections();
        await link.close();
      },
    };
  });
}

export interface TestDevice {
  pk: string;
  deviceId: string;
  customerId: string;
  vehicleId: string;
  secret: string;
}

let counter = 0;

/** A vehicle and its device in `customerId`, with a fresh secret and `cameras` registered cameras. */
export async function registerTestDevice(
  db: Queryable,
  customerId: string,
  cameras = 0,
): Promise<TestDevice> {
  counter += 1;
  const deviceId = `${Date.now()}${String(counter).padStart(3, '0')}`.slice(-16);
  const [vehicle] = await db.query<{ id: string }>(
    `INSERT INTO vehicles (customer_id, name, introduce_date) VALUES ($1, $2, current_date) RETURNING id`,
    [customerId, `Forklift ${deviceId.slice(-4)}-${randomUUID().slice(0, 4)}`],
  );
  const [device] = await db.query<{ id: string }>(INSERT_DEVICE_SQL, [customerId, deviceId, vehicle?.id]);
  if (!vehicle || !device) throw new Error('device not created');
  for (let position = 1; position <= cameras; position += 1)
    await db.query(
      'INSERT INTO device_cameras (device_pk, customer_id, position, camera_id) VALUES ($1, $2, $3, $4)',
      [device.id, customerId, position, `${deviceId}-c${position}`],
    );
  const { secret } = await issueSecret(db, device.id, null);
  return { pk: device.id, deviceId, customerId, vehicleId: vehicle.id, secret };
}

export function connectDevice(
  port: number,
  device: { deviceId: string; secret: string },
  options: IClientOptions = {},
): Promise<MqttClient> {
  return mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
    clientId: device.deviceId,
    username: device.deviceId,
    password: device.secret,
    reconnectPeriod: 0,
    connectTimeout: 5000,
    ...options,
  });
}

/** Polls `probe` every 100 ms until it gives something, or fails naming `what` after `ms`. */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  ms = 20_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

let published = 0;

/**
 * What `device` publishes, as a device does: the body on `channel` at QoS 1, with a fresh message
 * id and the time of now unless the body names its own. Answers the message id.
 */
export function publisherOf(client: MqttClient, device: { deviceId: string }) {
  return async (channel: DeviceUpChannel, body: object): Promise<string> => {
    published += 1;
    const message = { id: `test-${published}-${Date.now()}`, time: new Date().toISOString(), ...body };
    await client.publishAsync(deviceTopic(device.deviceId, channel), JSON.stringify(message), { qos: 1 });
    return message.id;
  };
}

/**
 * What `device` answers from its message handler, where nobody awaits the answer: as
 * publisherOf, except that a device switched off (the test's end) before its answer went out
 * does not answer, rather than leaving a rejected promise behind.
 */
export function answererOf(client: MqttClient, device: { deviceId: string }) {
  const publish = publisherOf(client, device);
  return (channel: DeviceUpChannel, body: object): Promise<string | undefined> =>
    publish(channel, body).catch(() => undefined);
}

/** Subscribes the device's client to its commands; `each` hears every one (a redelivery again). */
export async function onCommands(
  client: MqttClient,
  device: { deviceId: string },
  each: (command: DeviceCommand) => void,
): Promise<void> {
  client.on('message', (_topic, payload) => each(JSON.parse(payload.toString('utf8')) as DeviceCommand));
  await client.subscribeAsync(deviceTopic(device.deviceId, 'commands'), { qos: 1 });
}

type VideoUpload = Extract<DeviceCommand, { type: 'video-upload' }>;

/**
 * Films as a device does: the simulator's recorder answers each video-upload command the device
 * receives with `received`, then completed once the window is rendered and PUT (to `httpBase`,
 * this server's own origin, whatever public address the command names). `publish` sends the
 * device's acknowledgements (answererOf unless told); `seen` hears each command.
 */
export async function filmWithRecorder(
  client: MqttClient,
  device: { deviceId: string },
  options: {
    cameras: number;
    httpBase: string;
    publish?: (channel: 'command-acks', body: object) => Promise<unknown>;
    seen?: (command: VideoUpload) => void;
  },
): Promise<void> {
  const publish = options.publish ?? answererOf(client, device);
  const recorder = new Recorder({
    cameras: options.cameras,
    label: `Test ${device.deviceId}`,
    since: Date.now() - 3600_000,
    online: async () => {},
  });
  await onCommands(client, device, (command) => {
    if (command.type !== 'video-upload') return;
    options.seen?.(command);
    const address = new URL(command.upload_url);
    const local = { ...command, upload_url: `${options.httpBase}${address.pathname}${address.search}` };
    void publish('command-acks', { command_id: command.id, status: 'received' });
    void recorder
      .answer(local)
      .then(({ status, ...answer }) =>
        publish('command-acks', { command_id: command.id, status, ...answer }),
      );
  });
}

/**
 * Streams as a device does: the simulator's live `cameras` publish on each live-start the device
 * receives and stop on its live-stop, each acknowledged received, then completed (or failed with
 * the encoder's reason). `seen` hears each command first.
 */
export async function streamWithLiveCameras(
  client: MqttClient,
  device: { deviceId: string },
  cameras: LiveCameras,
  seen?: (command: DeviceCommand) => void,
): Promise<void> {
  const publish = answererOf(client, device);
  await onCommands(client, device, (command) => {
    seen?.(command);
    const ack = (error?: string) =>
      publish('command-acks', { command_id: command.id, status: error ? 'failed' : 'completed', error });
    if (command.type === 'live-start') {
      void publish('command-acks', { command_id: command.id, status: 'received' });
      void cameras.start(command).then(ack);
    }
    if (command.type === 'live-stop') {
      cameras.stop(command);
      void ack();
    }
  });
}
