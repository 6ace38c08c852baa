// The live channel follows the rights of now: over real sockets, a real broker and real
// tokens, a socket stops receiving positions, or is closed, within seconds of its user being
// deleted or disabled, its company disabled, its role losing the privilege, its company losing the
// function, or its token expiring; a renewed token keeps it open.
import type { AddressInfo } from 'node:net';
import { deviceTopic } from '@fleetlens/contracts';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { connectDevice, freePort, registerTestDevice } from '../testing/deviceLink.ts';
import { bearer, type Harness, refreshTokens, signInAs, startHarness, tokenOf } from '../testing/harness.ts';

let h: Harness;
let url: string;
let mqttPort: number;
const devices: MqttClient[] = [];
const sockets: WebSocket[] = [];

beforeAll(async () => {
  mqttPort = await freePort();
  h = await startHarness({
    MQTT_ENABLED: 'true',
    MQTT_PORT: String(mqttPort),
    MQTT_HOST: '127.0.0.1',
    INGEST_BATCH_DELAY_MS: '5',
    LIVE_RECHECK_SECONDS: '1',
  });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(h.app.server.address() as AddressInfo).port}/api/v1/live`;
});
afterEach(() => vi.useRealTimers());
afterAll(async () => {
  for (const d of devices) d.end(true);
  for (const s of sockets) s.close();
  await h?.close();
});

let fleets = 0;

/** A company of its own (every function of the demo's), a fleet manager in it, and a device sending positions. */
async function fleet() {
  fleets += 1;
  const name = `rights${fleets}`;
  const [customer] = await h.database.query<{ id: string }>(
    `INSERT INTO customers (name, stk_user, realm, functions)
     SELECT $1, $1, 'fleet', functions FROM customers WHERE id = (SELECT customer_id FROM users WHERE username = 'manager')
     RETURNING id`,
    [name],
  );
  const customerId = customer?.id as string;
  const [role] = await h.database.query<{ id: string }>(
    `INSERT INTO roles (customer_id, name, privileges)
     SELECT $1, 'Fleet manager', r.privileges FROM roles r JOIN users u ON u.role_id = r.id WHERE u.username = 'manager'
     RETURNING id`,
    [customerId],
  );
  const [user] = await h.database.query<{ id: string }>(
    `INSERT INTO users (customer_id, role_id, username, email, sys_role, password_hash)
     SELECT $1, $2, $3, $3 || '@fleet.test', 'user', password_hash FROM users WHERE username = 'manager'
     RETURNING id`,
    [customerId, role?.id, name],
  );
  const device = await registerTestDevice(h.database, customerId);
  const link = await connectDevice(mqttPort, device);
  devices.push(link);
  let sent = 0;
  const publish = async () => {
    sent += 1;
    const body = {
      id: `${name}-${sent}`,
      time: new Date().toISOString(),
      lat: 35.6,
      lng: 139.7,
      speed: 5,
      direction: 0,
    };
    await link.publishAsync(deviceTopic(device.deviceId, 'positions'), JSON.stringify(body), { qos: 1 });
  };
  return { customerId, roleId: role?.id as string, userId: user?.id as string, username: name, publish };
}

type Message = { type: string; data?: { positions?: unknown[] } };

async function open(token: string) {
  const socket = new WebSocket(url);
  sockets.push(socket);
  const messages: Message[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  let code: number | undefined;
  socket.on('close', (closedWith) => {
    code = closedWith;
  });
  /** Within a few seconds of the change (the test server re-reads every second). */
  const closedWith = () => expect.poll(() => code, { timeout: 5000 });
  await new Promise<void>((resolve) => socket.on('open', () => resolve()));
  socket.send(JSON.stringify({ type: 'auth', token }));
  await expect.poll(() => messages.some((m) => m.type === 'ready')).toBe(true);
  const positions = () => messages.filter((m) => m.type === 'device-positions').length;
  /** Pong answers in order, so it proves every message sent before it was handled. */
  const ping = async () => {
    const before = messages.filter((m) => m.type === 'pong').length;
    socket.send(JSON.stringify({ type: 'ping' }));
    await expect.poll(() => messages.filter((m) => m.type === 'pong').length).toBe(before + 1);
  };
  return { socket, messages, closedWith, positions, ping };
}

/** Positions reach the fleet's user before the change; afterwards the socket is closed with 4401. */
async function closesAfter(change: (f: Awaited<ReturnType<typeof fleet>>) => Promise<unknown>) {
  const f = await fleet();
  const live = await open(await tokenOf(h.app, f.username));
  await f.publish();
  await expect.poll(live.positions).toBe(1);
  await change(f);
  await live.closedWith().toBe(4401);
}

/** Positions reach the fleet's user before the change; afterwards the socket is told and receives none. */
async function stopsPositionsAfter(change: (f: Awaited<ReturnType<typeof fleet>>) => Promise<unknown>) {
  const f = await fleet();
  const live = await open(await tokenOf(h.app, f.username));
  const admin = await open(await tokenOf(h.app, 'admin'));
  await f.publish();
  await expect.poll(live.positions).toBe(1);
  await change(f);
  await expect
    .poll(() => live.messages.some((m) => m.type === 'profile-changed'), { timeout: 5000 })
    .toBe(true);
  const adminBefore = admin.positions();
  await f.publish();
  await expect.poll(admin.positions).toBe(adminBefore + 1);
  await live.ping();
  expect(live.positions()).toBe(1);
  expect(live.socket.readyState).toBe(WebSocket.OPEN);
}

describe('a live socket follows the rights of now', () => {
  it('is closed when its user is deleted', async () => {
    const admin = await tokenOf(h.app, 'admin');
    await closesAfter(async (f) => {
      const res = await h.app.inject({
        method: 'DELETE',
        url: `/api/v1/users/${f.userId}`,
        headers: bearer(admin),
      });
      expect(res.statusCode).toBe(200);
    });
  });

  it('is closed when its user is disabled', async () => {
    await closesAfter((f) => h.database.query('UPDATE users SET enabled = false WHERE id = $1', [f.userId]));
  });

  it("is closed when its user's company is disabled", async () => {
    await closesAfter((f) =>
      h.database.query('UPDATE customers SET enabled = false WHERE id = $1', [f.customerId]),
    );
  });

  it('receives no positions once the role loses location:view', async () => {
    await stopsPositionsAfter((f) =>
      h.database.query(
        `UPDATE roles SET privileges = array_remove(privileges, 'location:view') WHERE id = $1`,
        [f.roleId],
      ),
    );
  });

  it('receives no positions once the company loses the dashboard-map function', async () => {
    await stopsPositionsAfter((f) =>
      h.database.query(`UPDATE customers SET functions = array_remove(functions, 'd-map') WHERE id = $1`, [
        f.customerId,
      ]),
    );
  });

  it('is closed when its token expires, and kept when the browser sends the renewed token', async () => {
    const f = await fleet();
    const first = await signInAs(h.app, f.username);
    const token = first.tokens?.access_token as string;
    const renewing = await open(token);
    const forgetful = await open(token);
    vi.useFakeTimers({ toFake: ['Date'] });
    // Four minutes on, the browser's silent renew gets a new token and sends it on the socket.
    vi.setSystemTime(Date.now() + 240_000);
    const refreshed = await refreshTokens(h.app, first.tokens?.refresh_token ?? '');
    expect(refreshed.statusCode).toBe(200);
    renewing.socket.send(JSON.stringify({ type: 'auth', token: refreshed.json().access_token }));
    await renewing.ping();
    // Past the first token's five minutes, within the renewed one's.
    vi.setSystemTime(Date.now() + 120_000);
    await forgetful.closedWith().toBe(4401);
    await renewing.ping();
    await f.publish();
    await expect.poll(renewing.positions).toBe(1);
    expect(renewing.socket.readyState).toBe(WebSocket.OPEN);
  });

  it("refuses a renewal with another user's token", async () => {
    const live = await open(await tokenOf(h.app, 'manager'));
    live.socket.send(JSON.stringify({ type: 'auth', token: await tokenOf(h.app, 'operator') }));
    await live.closedWith().toBe(4401);
  });
});
