// The state history and the lists' state over a real MQTT connection to the embedded broker:
// connection changes at the receive time, motion changes at the device's time (a resend adds
// nothing, a late report lands in its place), the vehicle's history by period within the tenant,
// the lists' state column and filter; and the link closing before the database does.
import { deviceTopic } from '@fleetlens/contracts';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { createTestDatabase } from '../../testing/database.ts';
import { connectDevice, freePort, registerTestDevice, type TestDevice } from '../../testing/deviceLink.ts';
import {
  bearer,
  type Harness,
  PUBLIC_URL,
  startHarness,
  TEST_PASSWORD,
  tokenOf,
} from '../../testing/harness.ts';
import { seedDemo } from '../demo/seed.ts';

let h: Harness;
let port: number;
let device: TestDevice;
let idle: TestDevice;
let manager: string;
const clients: MqttClient[] = [];

const linkEnv = (p: number) => ({
  MQTT_ENABLED: 'true',
  MQTT_PORT: String(p),
  MQTT_HOST: '127.0.0.1',
  INGEST_BATCH_DELAY_MS: '5',
});

beforeAll(async () => {
  port = await freePort();
  h = await startHarness(linkEnv(port));
  const [row] = await h.database.query<{ customer_id: string }>(
    "SELECT customer_id FROM users WHERE username = 'manager'",
  );
  device = await registerTestDevice(h.database, row?.customer_id as string);
  idle = await registerTestDevice(h.database, row?.customer_id as string);
  manager = await tokenOf(h.app, 'manager');
});
afterAll(async () => {
  for (const c of clients) c.end(true);
  await h?.close();
});

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

async function history(vehicleId: string, query = '', token = manager) {
  const res = await h.app.inject({
    url: `/api/v1/vehicles/${vehicleId}/state-history${query}`,
    headers: bearer(token),
  });
  return { status: res.statusCode, data: res.json().data };
}

async function one(path: string) {
  const res = await h.app.inject({ url: `/api/v1/${path}`, headers: bearer(manager) });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

async function listed(path: string): Promise<string[]> {
  const res = await h.app.inject({ url: `/api/v1/${path}`, headers: bearer(manager) });
  expect(res.statusCode).toBe(200);
  return res.json().data.list.map((r: { id: string }) => r.id);
}

describe('state history', () => {
  it('records connection and motion changes once each, late reports in their place', async () => {
    const client = await connectDevice(port, device);
    clients.push(client);
    const status = (id: string, body: object) =>
      client.publishAsync(
        deviceTopic(device.deviceId, 'status'),
        JSON.stringify({ id, time: minutesAgo(0), ...body }),
        { qos: 1 },
      );
    await status('s-1', { time: minutesAgo(30), connection: 'online', motion: 'running' });
    await status('s-2', { time: minutesAgo(10), motion: 'stopping' });
    // The same message again (a resend), and the same motion reported again: nothing new.
    await status('s-2', { time: minutesAgo(10), motion: 'stopping' });
    await status('s-3', { time: minutesAgo(5), motion: 'stopping', hour_meter: 12 });
    // Late: the vehicle had stopped at 20 minutes ago already; the current state stays.
    await status('s-4', { time: minutesAgo(20), motion: 'stopping' });

    const { status: code, data } = await history(device.vehicleId, `?start=${minutesAgo(60)}`);
    expect(code).toBe(200);
    expect(data.at_start).toEqual({ connection: null, motion: null });
    // Online once (the broker's connect and the device's own status agree), running at its
    // device time, stopping at the late report's time; the later "stopping" folds into it.
    expect(data.changes.map((c: { kind: string; state: string }) => `${c.kind}:${c.state}`)).toEqual([
      'motion:running',
      'motion:stopping',
      'connection:online',
    ]);
    const motions = data.changes.filter((c: { kind: string }) => c.kind === 'motion');
    expect(Date.parse(motions[1].time)).toBeCloseTo(Date.parse(minutesAgo(20)), -4);
    expect(data.changes[0].device_id).toBe(device.deviceId);
    expect(data.truncated).toBe(false);

    // Vehicles and devices list the state: online and stopping since the reported change.
    const vehicle = await one(`vehicles/${device.vehicleId}`);
    expect(vehicle.state).toMatchObject({ online: true, motion: 'stopping' });
    expect(Date.parse(vehicle.state.motion_changed_at)).toBeCloseTo(Date.parse(minutesAgo(10)), -4);

    // The period after the changes: no changes, the states at its start.
    const later = await history(device.vehicleId, `?start=${minutesAgo(-1)}`);
    expect(later.data.changes).toEqual([]);
    expect(later.data.at_start).toEqual({ connection: 'online', motion: 'stopping' });
  });

  it('filters the vehicle and device lists by state', async () => {
    expect(await listed('vehicles?state=stopping')).toContain(device.vehicleId);
    expect(await listed('vehicles?state=online')).toContain(device.vehicleId);
    expect(await listed('vehicles?state=running')).not.toContain(device.vehicleId);
    expect(await listed('vehicles?state=offline')).not.toContain(device.vehicleId);
    // A device that never reported is not online: offline, and neither running nor stopping.
    expect(await listed('vehicles?state=offline')).toContain(idle.vehicleId);
    expect(await listed('vehicles?state=stopping')).not.toContain(idle.vehicleId);
    expect(await listed('devices?state=online')).toContain(device.pk);
    expect(await listed('devices?state=offline')).toContain(idle.pk);
    expect(await listed('devices?state=offline')).not.toContain(device.pk);
    const bad = await h.app.inject({ url: '/api/v1/vehicles?state=flying', headers: bearer(manager) });
    expect(bad.statusCode).toBe(400);
  });

  it('answers the state wherever vehicles are listed or picked, and sorts the vehicle list by it', async () => {
    const admin = await tokenOf(h.app, 'admin');
    const get = async (path: string, token = admin) => {
      const res = await h.app.inject({ url: `/api/v1/${path}`, headers: bearer(token) });
      expect(res.statusCode, path).toBe(200);
      return res.json().data;
    };
    type Row = { state: unknown };
    const stopping = { online: true, motion: 'stopping' };
    const byId = (list: (Row & { id?: string; vehicle_id?: string })[], id: string) =>
      list.find((r) => (r.id ?? r.vehicle_id) === id)?.state;

    // The dashboard map, the vehicle map and the drive route: the badge's state with its times.
    const map = (await get('locations', manager)).list;
    expect(byId(map, device.vehicleId)).toMatchObject(stopping);
    expect(byId(map, device.vehicleId)).toHaveProperty('motion_changed_at');
    expect(byId(map, idle.vehicleId)).toBeNull();
    expect((await get(`vehicles/${device.vehicleId}/map`, manager)).state).toMatchObject(stopping);
    expect((await get(`devices/${device.deviceId}/drive-route`, manager)).state).toMatchObject(stopping);
    expect((await get(`devices/${idle.pk}/drive-route`, manager)).state).toBeNull();

    // The device form's vehicle picker and a case's vehicles.
    const [vehicle] = await h.database.query<{ name: string }>('SELECT name FROM vehicles WHERE id = $1', [
      device.vehicleId,
    ]);
    const name = encodeURIComponent(vehicle?.name ?? '');
    const options = await get(`devices/vehicle-options?customer_id=${device.customerId}&q=${name}`);
    expect(byId(options, device.vehicleId)).toMatchObject(stopping);
    const idleOption = await get(
      `devices/vehicle-options?customer_id=${device.customerId}&vehicle_id=${idle.vehicleId}`,
    );
    expect(byId(idleOption, idle.vehicleId)).toBeNull();
    const [kase] = await h.database.query<{ id: string }>(
      `INSERT INTO cases (customer_id, case_number, devices_needed) VALUES ($1, 'STATES-CASE-1', 2) RETURNING id`,
      [device.customerId],
    );
    const caseVehicles = (await get(`cases/${kase?.id}/vehicles?filter=${name}`)).list;
    expect(byId(caseVehicles, device.vehicleId)).toMatchObject(stopping);

    // Sorted by state: running, stopping, offline, then never reported (or without a device).
    const ascending = await listed('vehicles?order_by=state&order=asc');
    expect(ascending.indexOf(device.vehicleId)).toBeLessThan(ascending.indexOf(idle.vehicleId));
    const descending = await listed('vehicles?order_by=state&order=desc');
    expect(descending.indexOf(device.vehicleId)).toBeGreaterThan(descending.indexOf(idle.vehicleId));
  });

  it('records the disconnection at the time the server saw it', async () => {
    const client = clients.pop() as MqttClient;
    await client.endAsync();
    await expect.poll(async () => listed('vehicles?state=offline')).toContain(device.vehicleId);
    const { data } = await history(device.vehicleId, `?start=${minutesAgo(60)}`);
    const last = data.changes.at(-1);
    expect(last).toMatchObject({ kind: 'connection', state: 'offline' });
    expect(Math.abs(Date.parse(last.time) - Date.now())).toBeLessThan(5 * 60_000);
    expect((await one(`devices/${device.pk}`)).state).toMatchObject({ online: false });
  });

  it("answers another company's vehicle as not found, and refuses periods over a week", async () => {
    const admin = await tokenOf(h.app, 'admin');
    const [corp] = await h.database.query<{ id: string }>(
      `INSERT INTO customers (name, description, stk_user, realm) VALUES ('States Other Corp', 'x', 'statesother', 'fleet')
       RETURNING id`,
    );
    const foreign = await registerTestDevice(h.database, corp?.id as string);
    expect((await history(foreign.vehicleId)).status).toBe(404);
    expect((await history(foreign.vehicleId, '', admin)).status).toBe(200);
    const long = await history(device.vehicleId, `?start=${minutesAgo(8 * 24 * 60)}&end=${minutesAgo(0)}`);
    expect(long.status).toBe(400);
  });
});

describe('closing', () => {
  it('finishes every write the devices set off before the server has closed', async () => {
    const database = await createTestDatabase();
    await seedDemo(database, TEST_PASSWORD);
    // The database as main.ts closes it right after the server: every call after that point would
    // fail with "Cannot use a pool after calling end" on PostgreSQL.
    // A busy database (slow answers) makes work that nobody waits for outlive the close.
    let closed = false;
    let busy = false;
    const late: string[] = [];
    const watched: DatabaseHandle = {
      ...database,
      query: async (text, params) => {
        if (closed) late.push(text);
        if (busy) await new Promise((resolve) => setTimeout(resolve, 200));
        return database.query(text, params);
      },
      transaction: (body) => {
        if (closed) late.push('transaction');
        return database.transaction(body);
      },
    };
    const port = await freePort();
    const app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PUBLIC_URL,
        WEB_DIST: '/nonexistent',
        ...linkEnv(port),
      }),
      database: watched,
    });
    try {
      const [row] = await database.query<{ customer_id: string }>(
        "SELECT customer_id FROM users WHERE username = 'manager'",
      );
      const d = await registerTestDevice(database, row?.customer_id as string);
      const client = await connectDevice(port, d);
      await expect
        .poll(async () => (await database.query('SELECT 1 FROM device_states WHERE online')).length)
        .toBe(1);
      busy = true;
      // Closing the server drops the device: its disconnection, and the live push after it, run
      // before close returns.
      await app.close();
      closed = true;
      client.end(true);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(late).toEqual([]);
      const rows = await database.query<{ state: string }>(
        "SELECT state FROM device_state_changes WHERE device_pk = $1 AND kind = 'connection' ORDER BY time, id",
        [d.pk],
      );
      expect(rows.map((r) => r.state)).toEqual(['online', 'offline']);
    } finally {
      await database.drop();
    }
  });
});
