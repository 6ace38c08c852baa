// Two replicas behave as one. Two server instances on one database (on PostgreSQL
// each with its own connection pool, as two processes have), joined to the machine's Mosquitto in
// one shared-subscription group, each with a browser's live socket signed in as the demo manager.
// A device streams positions, states and events through the broker while replica B loses the
// broker mid-stream and stops, as a crash leaves it: its session stays at the broker holding B's
// share of the messages, until replica A adopts it. Both browsers must have heard 100 % of what
// the device sent while their replica ran (A: all of it), every notice count, a timed job's push
// once, and a rights change made on the other replica.
import { randomBytes } from 'node:crypto';
import { createServer, type Socket, connect as tcpConnect } from 'node:net';
import { deviceTopic } from '@fleetlens/contracts';
import type { FastifyInstance } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { clientOf } from '../testing/api.ts';
import {
  impactEvent,
  registerTestDevice,
  storedPositions,
  TEST_BROKER,
  type TestDevice,
  testBrokerAnswers,
} from '../testing/deviceLink.ts';
import { type Harness, PUBLIC_URL, startHarness } from '../testing/harness.ts';
import { type LiveSocket, openLiveSocket } from '../testing/liveSocket.ts';
import { timedQueueOf } from './jobs.ts';

const available = await testBrokerAnswers();
const group = `flrep${randomBytes(4).toString('hex')}`;
const env = (replica: string, url: string) => ({
  MQTT_ENABLED: 'true',
  MQTT_URL: url,
  MQTT_SHARE_GROUP: group,
  MQTT_CLIENT_ID: `${group}-${replica}`,
  INGEST_BATCH_DELAY_MS: '5',
  MQTT_ADOPT_AFTER_SECONDS: '2',
  // No polling of rights on the live sockets: a change must travel by the live bus.
  LIVE_RECHECK_SECONDS: '60',
});

/** A TCP relay to the broker, whose cut leaves the broker with a dropped connection (no DISCONNECT). */
async function relay(target: URL) {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    const upstream = tcpConnect(Number(target.port || 1883), target.hostname);
    for (const s of [socket, upstream]) {
      sockets.add(s);
      s.on('error', () => {});
      s.on('close', () => sockets.delete(s));
    }
    socket.pipe(upstream).pipe(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `mqtt://127.0.0.1:${port}`,
    cut: () => {
      server.close();
      for (const s of sockets) s.destroy();
    },
  };
}

let h: Harness;
let b: FastifyInstance;
let bDatabase: DatabaseHandle;
let bStopped = false;
let device: TestDevice;
let client: MqttClient;
let atA: LiveSocket;
let atB: LiveSocket;
let cutB: () => void;

beforeAll(async () => {
  if (!available) return;
  const toB = await relay(new URL(TEST_BROKER));
  cutB = toB.cut;
  h = await startHarness(env('a', TEST_BROKER));
  bDatabase = h.database.url ? await openDatabase({ url: h.database.url, poolSize: 4 }) : h.database;
  b = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PUBLIC_URL,
      WEB_DIST: '/nonexistent',
      ...env('b', toB.url),
    }),
    database: bDatabase,
  });
  const [manager] = await h.database.query<{ customer_id: string }>(
    "SELECT customer_id FROM users WHERE username = 'manager'",
  );
  device = await registerTestDevice(h.database, manager?.customer_id as string);
  // Mosquitto here lets anyone in; the device still uses its own client id and topics.
  client = await mqtt.connectAsync(TEST_BROKER, { clientId: device.deviceId, reconnectPeriod: 0 });
});

/** The demo manager's browser on each replica (opened in the first test: it polls for `ready`). */
async function browsers(): Promise<void> {
  if (atA) return;
  const token = await h.token('manager');
  atA = await openLiveSocket(h.app, token);
  atB = await openLiveSocket(b, token);
}
afterAll(async () => {
  atA?.close();
  atB?.close();
  await client?.endAsync();
  if (!bStopped) await b?.close();
  if (bDatabase && bDatabase !== h.database) await bDatabase.close();
  await h?.close();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
// An hour ago, to the second: in the past on any date (a time ahead of the clock is refused).
const BASE = Math.floor(Date.now() / 1000) * 1000 - 3_600_000;
const timeOf = (i: number) => new Date(BASE + i * 1000).toISOString();

/** The device's positions (by time), events (by id) and hour meters a socket heard. */
function heard(live: LiveSocket) {
  const mine = <T extends { device_id: string }>(list: T[]) =>
    list.filter((x) => x.device_id === device.deviceId);
  return {
    positions: new Set(
      live
        .messages<{ positions: { device_id: string; time: string }[] }>('device-positions')
        .flatMap((m) => mine(m.positions).map((p) => p.time)),
    ),
    events: new Set(
      live
        .messages<{ events: { device_id: string; message_id: string }[] }>('device-events')
        .flatMap((m) => mine(m.events).map((e) => e.message_id)),
    ),
    meters: new Set(
      live
        .messages<{ states: { device_id: string; hour_meter: number | null }[] }>('device-states')
        .flatMap((m) => mine(m.states).map((s) => s.hour_meter)),
    ),
  };
}

const share = (part: Set<unknown>, whole: unknown[]) =>
  whole.filter((x) => part.has(x)).length / whole.length;

/** UTC server time `ms` from now, with seconds (a notice's publish time). */
const at = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 19).replace('T', ' ');
const notice = (title: string, publishIn: number) => ({
  title,
  description: 'Two replicas, one bell.',
  type: 'other',
  is_publish_to_all: true,
  publish_date: at(publishIn),
  expire_date: at(3_600_000),
});
const counts = (live: LiveSocket) =>
  live.messages<{ unreadNotificationCount: number }>('unread-count').map((m) => m.unreadNotificationCount);

describe.skipIf(!available)('two replicas on one database and one broker', () => {
  it('push every notice count to both, and the count of a timed job once', async () => {
    await browsers();
    await expect.poll(() => counts(atA).length > 0 && counts(atB).length > 0).toBe(true);
    const start = counts(atA).at(-1) as number;
    // Saved on B: A's browser hears the new count too.
    expect(
      (await clientOf(b, h.token, 'admin').post('/notifications', notice('Saved on B', -60_000))).status,
    ).toBe(201);
    for (const live of [atA, atB]) await expect.poll(() => counts(live).at(-1)).toBe(start + 1);
    // Published two seconds after it is saved on A: the notice-moments job, whichever replica
    // holds it, pushes the new count at that moment, once, to both browsers.
    expect((await h.as('admin').post('/notifications', notice('Due in two seconds', 2_000))).status).toBe(
      201,
    );
    for (const live of [atA, atB])
      await expect.poll(() => counts(live).at(-1), { timeout: 10_000 }).toBe(start + 2);
    await pause(1_500);
    const pushes = [atA, atB].map((live) => counts(live).filter((c) => c === start + 2).length);
    // Each run of the job is a job on the queue: never two at once, whichever replica ran it.
    const runs = (
      await h.queue.list({ queue: timedQueueOf('notice-moments'), state: 'completed', limit: 500 })
    ).jobs
      .map((run) => [run.startedAt?.getTime() ?? 0, run.finishedAt?.getTime() ?? 0] as const)
      .sort((x, y) => x[0] - y[0]);
    console.log(
      `notice counts: ${start} → ${start + 2} on both replicas; the timed job's push heard ${pushes.join(' and ')} time(s), in ${runs.length} runs`,
    );
    expect(pushes).toEqual([1, 1]);
    for (let i = 1; i < runs.length; i++)
      expect(runs[i]?.[0]).toBeGreaterThanOrEqual(runs[i - 1]?.[1] as number);
  });

  it('act on a rights change made on the other replica at once', async () => {
    await browsers();
    const admin = { a: h.as('admin'), b: clientOf(b, h.token, 'admin') };
    const [role] = await h.database.query<{ id: string }>(
      "SELECT id FROM roles WHERE name = 'Fleet manager'",
    );
    const body = (await admin.a.get(`/roles/${role?.id}`)).body.data;
    const save = (by: typeof admin.a, privileges: string[]) =>
      by.put(`/roles/${role?.id}`, { name: body.name, description: body.description, privileges });
    const changes = (live: LiveSocket) => live.messages('profile-changed').length;
    const before = [changes(atA), changes(atB)];
    // Taken away on A: B's browser is told, and B's API answers with the rights of now.
    expect(
      (
        await save(
          admin.a,
          body.privileges.filter((p: string) => p !== 'vehicle:view'),
        )
      ).status,
    ).toBe(200);
    await expect.poll(() => changes(atB), { timeout: 3_000 }).toBe((before[1] as number) + 1);
    const onB = (await clientOf(b, h.token, 'manager').get('/users/my')).body.data;
    expect(JSON.stringify(onB)).not.toContain('vehicle:view');
    // Given back on B: A's browser is told.
    expect((await save(admin.b, body.privileges)).status).toBe(200);
    await expect.poll(() => changes(atA), { timeout: 3_000 }).toBe((before[0] as number) + 2);
  });

  it('bring every browser every position, state and event, and lose nothing when one stops mid-stream', async () => {
    const sent = { positions: [] as string[], events: [] as string[], meters: [] as number[] };
    const publish = (channel: 'positions' | 'status', body: object) =>
      client.publishAsync(deviceTopic(device.deviceId, channel), JSON.stringify(body), { qos: 1 });
    /** `count` positions 20 ms apart, events (and states) among them, from `from` on. */
    const stream = async (from: number, count: number, states: boolean) => {
      for (let i = from; i < from + count; i++) {
        const time = timeOf(i);
        await publish('positions', {
          id: `rp-${i}`,
          time,
          lat: 35.6 + i / 1e4,
          lng: 139.7,
          speed: 9,
          direction: 90,
        });
        sent.positions.push(time);
        if (i % 20 === 10) {
          if (states) await status(i);
          await client.publishAsync(
            deviceTopic(device.deviceId, 'events'),
            impactEvent(`re-${i}`, { time, cameras: 0 }),
            {
              qos: 1,
            },
          );
          sent.events.push(`re-${i}`);
          // A state push carries the state as read when it is delivered: one state at a time.
          await pause(300);
        }
        await pause(20);
      }
    };
    const status = async (i: number) => {
      await publish('status', { id: `rs-${i}`, time: timeOf(i), motion: 'running', hour_meter: 1000 + i });
      sent.meters.push(1000 + i);
    };
    await browsers();
    await stream(0, 60, true);
    // B's session at the broker is alive (it marks it seen while connected).
    const byB = Number(
      (
        await h.database.query<{ n: string }>(
          `SELECT count(*) AS n FROM broker_sessions WHERE client_id = $1`,
          [`${group}-b`],
        )
      )[0]?.n,
    );
    expect(byB).toBe(1);
    const beforeCut = { positions: [...sent.positions], events: [...sent.events], meters: [...sent.meters] };
    await expect.poll(() => heard(atB).positions.size, { timeout: 10_000 }).toBe(beforeCut.positions.length);

    // Replica B loses the broker (a dropped connection, its session kept there) and stops.
    cutB();
    bStopped = true;
    await b.close();
    // A state is the device's newest: one the broker kept for B, older than those A stored
    // meanwhile, is kept in the history but changes no current state, so nothing is pushed for it.
    // States are sent again once A has the whole stream.
    await stream(60, 60, false);

    const stored = () => storedPositions(h.database, device.pk);
    await expect.poll(stored, { timeout: 20_000, interval: 250 }).toBe(sent.positions.length);
    await expect.poll(() => heard(atA).positions.size, { timeout: 10_000 }).toBe(sent.positions.length);
    await status(120);
    await expect
      .poll(() => heard(atA).meters.size, { timeout: 5_000 })
      .toBeGreaterThanOrEqual(sent.meters.length);

    const a = heard(atA);
    const bHeard = heard(atB);
    const figures = {
      'replica A (all of the stream)': {
        positions: share(a.positions, sent.positions),
        states: share(a.meters, sent.meters),
        events: share(a.events, sent.events),
      },
      'replica B (until it stopped)': {
        positions: share(bHeard.positions, beforeCut.positions),
        states: share(bHeard.meters, beforeCut.meters),
        events: share(bHeard.events, beforeCut.events),
      },
    };
    console.log(
      `two replicas, ${sent.positions.length} positions, ${sent.meters.length} states, ${sent.events.length} events:`,
      Object.entries(figures)
        .map(
          ([who, f]) =>
            `${who}: ${Object.entries(f)
              .map(([k, v]) => `${k} ${(v * 100).toFixed(0)} %`)
              .join(', ')}`,
        )
        .join('; '),
    );
    for (const f of Object.values(figures)) expect(f).toEqual({ positions: 1, states: 1, events: 1 });
    // Each once: no push twice, though A stored again what B had committed without acknowledging.
    const pushedToA = atA
      .messages<{ positions: { device_id: string }[] }>('device-positions')
      .flatMap((m) => m.positions.filter((p) => p.device_id === device.deviceId));
    expect(pushedToA).toHaveLength(sent.positions.length);
    // B's session was adopted and ended: the group has one member again.
    await expect
      .poll(
        async () =>
          (await h.database.query('SELECT 1 FROM broker_sessions WHERE client_id = $1', [`${group}-b`]))
            .length,
        { timeout: 10_000, interval: 250 },
      )
      .toBe(0);
  });
});
