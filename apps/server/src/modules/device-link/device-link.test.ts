// The device link end to end over a real MQTT connection to the embedded broker: per-device
// secrets, topic ACL, ingestion acknowledged only after the commit, duplicates dropped,
// invalid and oversized messages dead-lettered, states and positions pushed live to the device's
// customer only.
import type { AddressInfo } from 'node:net';
import { deviceBodyOf, deviceTopic, MAX_DEVICE_PAYLOAD_BYTES } from '@fleetlens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  connectDevice,
  impactEvent,
  isOnline,
  type LinkHarness,
  registerTestDevice,
  startLinkHarness,
  type TestDevice,
} from '../../testing/deviceLink.ts';
import { bearer, type Harness, tokenOf } from '../../testing/harness.ts';

let h: Harness;
let port: number;
let customerId: string;
let otherCustomerId: string;
let device: TestDevice;
let other: TestDevice;
let link: LinkHarness;

beforeAll(async () => {
  link = await startLinkHarness();
  ({ h, port, customerId } = link);
  const [corp] = await h.database.query<{ id: string }>(
    `INSERT INTO customers (name, description, stk_user, realm) VALUES ('Link Other Corp', 'x', 'linkother', 'fleet')
     RETURNING id`,
  );
  otherCustomerId = corp?.id as string;
  device = await registerTestDevice(h.database, customerId);
  other = await registerTestDevice(h.database, otherCustomerId);
});
afterAll(async () => link?.close());

const now = () => new Date().toISOString();
const position = (id: string, extra: object = {}) =>
  JSON.stringify({ id, time: now(), lat: 35.6581, lng: 139.7017, speed: 8.5, direction: 90, ...extra });

/** A live socket signed in as `username`, keeping what it is sent, once a `first` message came. */
async function liveAs(url: string, username: string, first: string) {
  const socket = new WebSocket(url);
  const messages: { type: string; data?: { positions?: { device_id: string }[] } }[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  await new Promise<void>((resolve) => socket.on('open', () => resolve()));
  socket.send(JSON.stringify({ type: 'auth', token: await h.token(username) }));
  await expect.poll(() => messages.some((m) => m.type === first)).toBe(true);
  return { socket, messages };
}

const count = async (sql: string, params: unknown[]) =>
  Number((await h.database.query<{ n: string }>(sql, params))[0]?.n);

describe('device credentials', () => {
  it('kitting issues a secret shown once; a customer user may not', async () => {
    const kitting = h.as('kitting');
    const issued = await kitting.post(`/device-link/devices/${other.pk}/credentials`);
    expect(issued.status).toBe(201);
    const answer = issued.body.data;
    expect(answer).toMatchObject({ device_id: other.deviceId, username: other.deviceId });
    expect(answer.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    other.secret = answer.secret;
    const status = await kitting.get(`/device-link/devices/${other.pk}/credentials`);
    expect(status.body.data).toMatchObject({ issued: true });
    expect(status.text).not.toContain(answer.secret);

    const refused = await h.as('manager').post(`/device-link/devices/${device.pk}/credentials`);
    expect(refused.status).toBe(403);
    const unknown = await kitting.post(
      '/device-link/devices/00000000-0000-4000-8000-000000000000/credentials',
    );
    expect(unknown.status).toBe(404);
  });

  it('refuses a device with a wrong secret, and a client id that is not its device id', async () => {
    await expect(connectDevice(port, { deviceId: device.deviceId, secret: 'wrong-secret' })).rejects.toThrow(
      /Bad username or password/,
    );
    await expect(connectDevice(port, device, { clientId: `${device.deviceId}-x` })).rejects.toThrow(
      /Bad username or password/,
    );
    await expect(connectDevice(port, { deviceId: '123456789012', secret: 'nothing' })).rejects.toThrow(
      /Bad username or password/,
    );
  });
});

describe('ingestion', () => {
  it('stores a position once even when it is published twice, and acknowledges after the commit', async () => {
    const client = await link.signIn(device);
    const payload = position('pos-dup-1');
    await client.publishAsync(deviceTopic(device.deviceId, 'positions'), payload, { qos: 1 });
    // The PUBACK came back: the row is already committed.
    const sql = 'SELECT count(*) AS n FROM device_positions WHERE device_pk = $1 AND message_id = $2';
    expect(await count(sql, [device.pk, 'pos-dup-1'])).toBe(1);
    await client.publishAsync(deviceTopic(device.deviceId, 'positions'), payload, { qos: 1 });
    expect(await count(sql, [device.pk, 'pos-dup-1'])).toBe(1);
    const [state] = await h.database.query<{ online: boolean; lat: number }>(
      'SELECT online, lat FROM device_states WHERE device_pk = $1',
      [device.pk],
    );
    expect(state).toMatchObject({ online: true, lat: 35.6581 });
    const [vehicle] = await h.database.query<{ last_latitude: number }>(
      'SELECT last_latitude FROM vehicles WHERE id = $1',
      [device.vehicleId],
    );
    expect(vehicle?.last_latitude).toBe(35.6581);
  });

  it('reads a device afresh once it is saved: its next position goes to its new vehicle', async () => {
    const moved = await registerTestDevice(h.database, customerId);
    const client = await link.signIn(moved);
    const topic = deviceTopic(moved.deviceId, 'positions');
    await client.publishAsync(topic, position('pos-before-move'), { qos: 1 });
    // The ingestion now holds the device's record (cached); the device is given another vehicle.
    const vehicle = await h.addVehicle(customerId, 'Reach stacker moved to');
    const saved = (await h.as('admin').get(`/devices/${moved.pk}`)).body.data;
    const res = await h.as('admin').put(`/devices/${moved.pk}`, {
      ...deviceBodyOf(saved),
      vehicle_id: vehicle,
      cameras: [{ camera_id: `CAM-${moved.deviceId}`, rotation: 'normal' }],
    });
    expect(res.status).toBe(200);
    await client.publishAsync(topic, position('pos-after-move'), { qos: 1 });
    const rows = await h.database.query<{ message_id: string; vehicle_id: string }>(
      'SELECT message_id, vehicle_id FROM device_positions WHERE device_pk = $1 ORDER BY message_id DESC',
      [moved.pk],
    );
    expect(rows).toEqual([
      { message_id: 'pos-before-move', vehicle_id: moved.vehicleId },
      { message_id: 'pos-after-move', vehicle_id: vehicle },
    ]);
  });

  it('dead-letters an invalid message with its reason and keeps going', async () => {
    const client = await link.signIn(device);
    const topic = deviceTopic(device.deviceId, 'positions');
    await client.publishAsync(topic, position('pos-bad-1', { lat: 123 }), { qos: 1 });
    await client.publishAsync(topic, '{not json', { qos: 1 });
    await client.publishAsync(topic, 'x'.repeat(MAX_DEVICE_PAYLOAD_BYTES + 1), { qos: 1 });
    await client.publishAsync(topic, position('pos-after-bad'), { qos: 1 });
    expect(
      await count('SELECT count(*) AS n FROM device_positions WHERE message_id = $1', ['pos-bad-1']),
    ).toBe(0);
    expect(
      await count('SELECT count(*) AS n FROM device_positions WHERE message_id = $1', ['pos-after-bad']),
    ).toBe(1);
    const admin = await tokenOf(h.app, 'admin');
    const list = await h.app.inject({
      url: `/api/v1/device-link/dead-letters?filter=${device.deviceId}`,
      headers: bearer(admin),
    });
    expect(list.statusCode).toBe(200);
    const letters = list.json().data.list as { reason: string; detail: string[] }[];
    expect(letters.map((l) => l.reason)).toEqual(['payload-too-large', 'invalid-json', 'invalid-message']);
    expect(letters[2]?.detail).toEqual([expect.stringMatching(/^lat: /)]);
    const manager = await tokenOf(h.app, 'manager');
    const refused = await h.app.inject({ url: '/api/v1/device-link/dead-letters', headers: bearer(manager) });
    expect(refused.statusCode).toBe(403);
  });

  it("refuses a device publishing to another device's topic, and grants no subscription to it", async () => {
    const client = await link.signIn(device);
    // The broker answers the grant 0x80 (refused), which mqtt.js reports as an error.
    await expect(client.subscribeAsync(deviceTopic(other.deviceId, 'commands'), { qos: 1 })).rejects.toThrow(
      /Subscribe error/,
    );
    const own = await client.subscribeAsync(deviceTopic(device.deviceId, 'commands'), { qos: 1 });
    expect(own[0]?.qos).toBe(1);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish(deviceTopic(other.deviceId, 'positions'), position('pos-foreign-1'), { qos: 1 });
    await closed;
    expect(
      await count('SELECT count(*) AS n FROM device_positions WHERE message_id = $1', ['pos-foreign-1']),
    ).toBe(0);
  });

  it('stores events, sign-ons and status, and marks a device offline when it leaves', async () => {
    const client = await link.signIn(device);
    const topic = (c: 'events' | 'sign-on' | 'status') => deviceTopic(device.deviceId, c);
    await client.publishAsync(
      topic('sign-on'),
      JSON.stringify({ id: 'sign-1', time: now(), action: 'sign-on', rfid: 'CARD-0001' }),
      { qos: 1 },
    );
    const impact = impactEvent;
    await client.publishAsync(
      topic('events'),
      impact('ev-1', { rfid: 'CARD-0001', cameras: 2, camera_ids: ['c1', 'c2'] }),
      { qos: 1 },
    );
    await client.publishAsync(
      topic('status'),
      JSON.stringify({ id: 'st-1', time: now(), motion: 'running', hour_meter: 1234.5 }),
      { qos: 1 },
    );
    const [state] = await h.database.query<Record<string, unknown>>(
      'SELECT motion, hour_meter, rfid FROM device_states WHERE device_pk = $1',
      [device.pk],
    );
    expect(state).toEqual({ motion: 'running', hour_meter: 1234.5, rfid: 'CARD-0001' });
    const [vehicle] = await h.database.query<{ cumulative_uptime_hours: number }>(
      'SELECT cumulative_uptime_hours FROM vehicles WHERE id = $1',
      [device.vehicleId],
    );
    expect(vehicle?.cumulative_uptime_hours).toBe(1234.5);
    expect(await count('SELECT count(*) AS n FROM device_events WHERE device_pk = $1', [device.pk])).toBe(1);
    // The readings around an event are kept with it, in time order whatever order they came in;
    // a reading out of reach (more than 60 s away) refuses the whole message, which keeps nothing.
    const late = { offset_ms: 500, gx: 0.2, gy: 0, gz: 1, speed: 10 };
    const early = { offset_ms: -500, gx: 0.1, gy: 0, gz: 1 };
    await client.publishAsync(topic('events'), impact('ev-2', { cameras: 0, samples: [late, early] }), {
      qos: 1,
    });
    await client.publishAsync(
      topic('events'),
      impact('ev-3', { cameras: 0, samples: [{ ...late, offset_ms: 90_000 }] }),
      { qos: 1 },
    );
    const [kept] = await h.database.query<{ samples: object[] }>(
      `SELECT s.samples FROM device_event_samples s JOIN device_events e ON e.id = s.event_id
        WHERE e.device_pk = $1 AND e.message_id = 'ev-2'`,
      [device.pk],
    );
    expect(kept?.samples).toEqual([early, late]);
    expect(
      await count("SELECT count(*) AS n FROM device_events WHERE device_pk = $1 AND message_id = 'ev-3'", [
        device.pk,
      ]),
    ).toBe(0);
    await client.endAsync();
    await expect.poll(() => isOnline(h.database, device.pk)).toBe(false);
  });
});

describe('live', () => {
  it("pushes a device's positions to its customer's users only", async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `ws://127.0.0.1:${(h.app.server.address() as AddressInfo).port}/api/v1/live`;
    const mine = await liveAs(url, 'manager', 'device-states');
    const snapshot = mine.messages.find((m) => m.type === 'device-states') as unknown as {
      data: { states: { device_id: string }[]; snapshot: boolean };
    };
    expect(snapshot.data.snapshot).toBe(true);
    expect(snapshot.data.states.map((s) => s.device_id)).toContain(device.deviceId);
    expect(snapshot.data.states.map((s) => s.device_id)).not.toContain(other.deviceId);

    const client = await link.signIn(other);
    await client.publishAsync(deviceTopic(other.deviceId, 'positions'), position('pos-other-1'), { qos: 1 });
    const own = await link.signIn(device);
    await own.publishAsync(deviceTopic(device.deviceId, 'positions'), position('pos-live-1'), { qos: 1 });
    await expect
      .poll(() =>
        mine.messages.filter((m) => m.type === 'device-positions').flatMap((m) => m.data?.positions ?? []),
      )
      .toEqual([expect.objectContaining({ device_id: device.deviceId, vehicle_id: device.vehicleId })]);
    mine.socket.close();
  });

  it('pushes nothing of devices to a customer user without the privilege, and does to one with it', async () => {
    const url = `ws://127.0.0.1:${(h.app.server.address() as AddressInfo).port}/api/v1/live`;
    const [sub] = await h.database.query<{ customer_id: string }>(
      "SELECT customer_id FROM users WHERE username = 'operator'",
    );
    const subDevice = await registerTestDevice(h.database, sub?.customer_id as string);
    // The operator's own company's device: tenancy lets them see it, their privileges do not.
    const operator = await liveAs(url, 'operator', 'ready');
    const manager = await liveAs(url, 'manager', 'ready');
    const client = await link.signIn(subDevice);
    await client.publishAsync(deviceTopic(subDevice.deviceId, 'positions'), position('pos-sub-1'), {
      qos: 1,
    });
    await expect
      .poll(() =>
        manager.messages.filter((m) => m.type === 'device-positions').flatMap((m) => m.data?.positions ?? []),
      )
      .toEqual([expect.objectContaining({ device_id: subDevice.deviceId })]);
    expect(operator.messages.filter((m) => m.type.startsWith('device-'))).toEqual([]);
    operator.socket.close();
    manager.socket.close();
  });
});

describe('commands', () => {
  it('sends a threshold change to an online device and follows its acknowledgements', async () => {
    const client = await link.signIn(device);
    await client.subscribeAsync(deviceTopic(device.deviceId, 'commands'), { qos: 1 });
    const received = new Promise<{ id: string; type: string; thresholds: unknown }>((resolve) =>
      client.once('message', (_topic, payload) => resolve(JSON.parse(String(payload)))),
    );
    const thresholds = {
      acceleration: { threshold: 0.3, duration: 200 },
      deceleration: { threshold: 0.45, duration: 200 },
      impact: { threshold: 1.2, duration: 100 },
      quick_handle: { threshold: 0.3, duration: 250 },
    };
    const manager = h.as('manager');
    const created = await manager.post(`/device-link/devices/${device.pk}/commands`, {
      type: 'threshold-write',
      thresholds,
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ type: 'threshold-write', status: 'sent' });
    const command = await received;
    expect(command).toMatchObject({ id: created.body.data.id, type: 'threshold-write', thresholds });
    const ack = (id: string, status: string) =>
      client.publishAsync(
        deviceTopic(device.deviceId, 'command-acks'),
        JSON.stringify({ id, time: now(), command_id: command.id, status, thresholds }),
        { qos: 1 },
      );
    await ack('ack-1', 'received');
    await ack('ack-2', 'completed');
    await ack('ack-2', 'completed');
    const list = await manager.get(`/device-link/devices/${device.pk}/commands`);
    expect(list.body.data[0]).toMatchObject({ id: command.id, status: 'completed' });
    const [row] = await h.database.query<{ threshold_state: string }>(
      'SELECT threshold_state FROM devices WHERE id = $1',
      [device.pk],
    );
    expect(row?.threshold_state).toBe('sending-completed');
    await client.endAsync();
  });

  it('keeps a command queued while the device is away and sends it when it listens again', async () => {
    await expect.poll(() => isOnline(h.database, device.pk)).toBe(false);
    const command = { type: 'threshold-read' };
    const created = await h.as('manager').post(`/device-link/devices/${device.pk}/commands`, command);
    expect(created.body.data).toMatchObject({ type: 'threshold-read', status: 'queued' });
    const client = await link.signIn(device);
    const received = new Promise<{ id: string; type: string }>((resolve) =>
      client.once('message', (_topic, payload) => resolve(JSON.parse(String(payload)))),
    );
    await client.subscribeAsync(deviceTopic(device.deviceId, 'commands'), { qos: 1 });
    expect(await received).toMatchObject({ id: created.body.data.id, type: 'threshold-read' });
    const other = await h.as('manager').post(`/device-link/devices/${otherPk()}/commands`, command);
    expect(other.status).toBe(404);
    await client.endAsync();
  });
});

const otherPk = () => other.pk;
