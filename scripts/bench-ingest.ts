// npm run bench:ingest [-- --rate 10000 --seconds 60 --warmup 5 --devices 1000 --publishers 1
//                         --batch-size 500 --batch-delay 20 --poll 100 --profile /tmp/prof]
// Not a test: sustained single-position messages per second through Mosquitto into PostgreSQL,
// with publish-to-committed latency, beside a raw COPY of the same rows.
//
// Everything is real and separate, as in production: a Mosquitto of its own (a temporary
// config on --port, per-device passwords and the ACL of docs/device-protocol.md), the server as
// its own process (apps/server/src/main.ts with MQTT_URL, a throwaway database on DATABASE_URL's
// server, default the local PostgreSQL), and devices as MQTT clients with their own credentials
// (worker threads, QoS 1, a steady schedule). Each message's `time` is its publish time.
//
// "Committed" is observed from outside: a poller reads device_states every POLL_MS; the ingestion
// updates a device's position_time in the transaction that stores its positions, so a message is
// committed (visible) at the first poll that shows its device at or past its time (per device,
// batches commit in receive order). The figure errs late by up to POLL_MS, never early. The
// poller runs on the same two cores as what it measures: every 20 ms, reading the fleet's rows
// cost about 15 % of a core, PostgreSQL's work of answering it besides, and the latencies it
// measured grew with it; every 100 ms (the default) it stays out of the way.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  appendFileSync,
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { connect, createConnection, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { deviceTopic } from '@fleetlens/contracts';
import pg from 'pg';
import { freePort } from '../apps/server/src/testing/ports.ts';
import { benchArgs } from './bench-args.ts';

interface PublisherData {
  url: string;
  devices: { deviceId: string; secret: string }[];
  rate: number;
  tag: string;
}
type FromPublisher =
  | { type: 'ready' }
  | { type: 'progress'; published: number; acked: number }
  | { type: 'done'; published: number; acked: number; behindMax: number };
type ToPublisher = { type: 'go'; startAt: number; endAt: number };

/**
 * One MQTT 3.1.1 device connection, written by hand: CONNECT with the device's credentials, then
 * QoS 1 PUBLISH packets, counting the broker's PUBACKs. The devices of a real fleet run on their
 * own hardware; here a thousand share the server's two cores, and mqtt.js clients cost about a
 * fifth of a core more than this at 10,000 messages a second (its per-message store, callbacks
 * and timers), CPU the server and the broker then lacked.
 */
class RawDevice {
  private readonly socket: Socket;
  private readonly topic: Buffer;
  private nextId = 1;
  private pending = Buffer.alloc(0);
  acked = 0;

  private constructor(socket: Socket, topic: string) {
    this.socket = socket;
    this.topic = Buffer.from(topic);
    socket.setNoDelay(true);
  }

  static async connect(url: string, deviceId: string, secret: string, topic: string): Promise<RawDevice> {
    const { hostname, port } = new URL(url);
    const socket = createConnection({ host: hostname, port: Number(port) });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    const device = new RawDevice(socket, topic);
    const str = (v: string) => {
      const b = Buffer.from(v);
      return Buffer.concat([Buffer.from([b.length >> 8, b.length & 255]), b]);
    };
    // Protocol "MQTT" level 4; flags: user name, password, clean session; keep-alive 60 s.
    const body = Buffer.concat([
      str('MQTT'),
      Buffer.from([4, 0xc2, 0, 60]),
      str(deviceId),
      str(deviceId),
      str(secret),
    ]);
    const connacked = new Promise<void>((resolve, reject) => {
      device.onConnack = (code) =>
        code === 0 ? resolve() : reject(new Error(`CONNACK ${code} for ${deviceId}`));
      socket.once('error', reject);
    });
    socket.on('data', (chunk: Buffer) => device.read(chunk));
    socket.write(Buffer.concat([Buffer.from([0x10]), remainingLength(body.length), body]));
    await connacked;
    return device;
  }

  private onConnack: (code: number) => void = () => {};

  /** Reads the broker's packets: CONNACK, PUBACKs (and PINGRESP, ignored). */
  private read(chunk: Buffer): void {
    let buf = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk;
    for (;;) {
      if (buf.length < 2) break;
      let length = 0;
      let multiplier = 1;
      let at = 1;
      let complete = false;
      while (at < buf.length && at < 5) {
        const byte = buf[at] as number;
        length += (byte & 127) * multiplier;
        multiplier *= 128;
        at += 1;
        if ((byte & 128) === 0) {
          complete = true;
          break;
        }
      }
      if (!complete || buf.length < at + length) break;
      const type = (buf[0] as number) >> 4;
      if (type === 2) this.onConnack(buf[at + 1] as number);
      else if (type === 4) this.acked += 1;
      buf = buf.subarray(at + length);
    }
    this.pending = Buffer.from(buf);
  }

  publish(payload: string): void {
    const message = Buffer.from(payload);
    const id = this.nextId;
    this.nextId = id === 65_535 ? 1 : id + 1;
    const length = 2 + this.topic.length + 2 + message.length;
    const header = Buffer.concat([Buffer.from([0x32]), remainingLength(length)]);
    const packet = Buffer.allocUnsafe(header.length + length);
    header.copy(packet, 0);
    let at = header.length;
    at = packet.writeUInt16BE(this.topic.length, at);
    at += this.topic.copy(packet, at);
    at = packet.writeUInt16BE(id, at);
    message.copy(packet, at);
    this.socket.write(packet);
  }

  close(): void {
    this.socket.end(Buffer.from([0xe0, 0]));
  }
}

function remainingLength(n: number): Buffer {
  const bytes: number[] = [];
  let rest = n;
  do {
    let byte = rest % 128;
    rest = Math.floor(rest / 128);
    if (rest > 0) byte |= 128;
    bytes.push(byte);
  } while (rest > 0);
  return Buffer.from(bytes);
}

/** One worker: its devices publish their share of the rate, round-robin, on a steady schedule. */
async function publisher({ url, devices, rate, tag }: PublisherData): Promise<void> {
  const port = parentPort as NonNullable<typeof parentPort>;
  const clients: RawDevice[] = [];
  for (const device of devices)
    clients.push(
      await RawDevice.connect(url, device.deviceId, device.secret, deviceTopic(device.deviceId, 'positions')),
    );
  const post = (message: FromPublisher) => port.postMessage(message);
  const ackedNow = () => clients.reduce((n, c) => n + c.acked, 0);
  post({ type: 'ready' });
  port.on('message', (message: ToPublisher) => {
    let published = 0;
    let behindMax = 0;
    let reported = 0;
    const { startAt, endAt } = message;
    const tick = () => {
      const now = Date.now();
      const due = Math.floor((rate * (Math.min(now, endAt) - startAt)) / 1000) - published;
      behindMax = Math.max(behindMax, due);
      const time = new Date(now).toISOString();
      for (let i = 0; i < due; i += 1) {
        const n = published + i;
        const d = n % clients.length;
        const step = Math.floor(n / clients.length);
        (clients[d] as RawDevice).publish(
          JSON.stringify({
            id: `${tag}-${n}`,
            time,
            lat: 35.6 + d / 10_000 + (step % 600) / 100_000,
            lng: 139.7 + (step % 300) / 100_000,
            speed: 8 + (step % 5),
            direction: (step * 7) % 360,
          }),
        );
      }
      published += due;
      if (now - reported >= 1000) {
        reported = now;
        post({ type: 'progress', published, acked: ackedNow() });
      }
      if (now < endAt) setTimeout(tick, 5);
      else {
        const wait = () => {
          const acked = ackedNow();
          if (acked < published) return void setTimeout(wait, 50);
          for (const client of clients) client.close();
          post({ type: 'done', published, acked, behindMax });
        };
        wait();
      }
    };
    setTimeout(tick, Math.max(0, startAt - Date.now()));
  });
}

async function main(): Promise<void> {
  const values = benchArgs({
    rate: 10000,
    seconds: 60,
    warmup: 5,
    devices: 1000,
    publishers: 1,
    port: 18883,
    'batch-size': 500,
    'batch-delay': 20,
    poll: 100,
    profile: undefined,
  });
  const POLL_MS = Number(values.poll);
  const RATE = Number(values.rate);
  const SECONDS = Number(values.seconds);
  const WARMUP = Number(values.warmup);
  const DEVICES = Number(values.devices);
  const PUBLISHERS = Math.max(1, Math.min(Number(values.publishers), DEVICES));
  const MQTT_PORT = Number(values.port);
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `fleetlens_bench_ingest_${randomBytes(4).toString('hex')}`;
  const dbUrl = Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString();
  const dir = mkdtempSync(join(tmpdir(), 'fleetlens-bench-ingest-'));
  const cleanups: (() => Promise<void> | void)[] = [];
  const cleanup = async () => {
    for (const step of cleanups.reverse()) await Promise.resolve(step()).catch(() => {});
    cleanups.length = 0;
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void cleanup().then(() => process.exit(130)));

  try {
    // The database: migrated, the demo customers, DEVICES vehicles with a device and a secret each.
    const { openDatabase } = await import('../apps/server/src/db/client.ts');
    const { migrate } = await import('../apps/server/src/db/migrate.ts');
    const { seedDemo } = await import('../apps/server/src/modules/demo/seed.ts');
    const { issueSecret } = await import('../apps/server/src/modules/device-link/credentials.ts');
    await adminQuery(serverUrl, `CREATE DATABASE ${dbName}`);
    cleanups.push(() => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
    const database = await openDatabase({ url: dbUrl, poolSize: 4 });
    cleanups.push(() => database.close());
    await migrate(database);
    await seedDemo(database, `Bench#${randomBytes(6).toString('hex')}`);
    const [harbor] = await database.query<{ id: string }>(
      "SELECT id FROM customers WHERE stk_user = 'harbor'",
    );
    const ids = Array.from({ length: DEVICES }, (_, i) => String(8_100_000_000 + i));
    const devices = await database.query<{ id: string; device_id: string }>(
      `WITH v AS (
         INSERT INTO vehicles (customer_id, name, introduce_date)
         SELECT $1, 'Bench forklift ' || d, current_date FROM unnest($2::text[]) AS d RETURNING id, name)
       INSERT INTO devices (customer_id, device_id, device_type, vehicle_id, channel_number,
                            acceleration_threshold, acceleration_duration, deceleration_threshold,
                            deceleration_duration, impact_threshold, impact_duration,
                            quick_handle_threshold, quick_handle_duration)
       SELECT $1, substr(v.name, 16), 'dv426', v.id, 1, 0.35, 300, 0.4, 300, 1, 100, 0.35, 300
         FROM v RETURNING id, device_id`,
      [harbor?.id, ids],
    );
    const credentials: { deviceId: string; secret: string }[] = [];
    for (const d of devices)
      credentials.push({ deviceId: d.device_id, secret: (await issueSecret(database, d.id, null)).secret });
    console.log(`database ${dbName}: ${devices.length} devices with secrets`);

    // Mosquitto: the product's external-broker setup (password file, %u ACL), its own port.
    const brokerDir = join(dir, 'broker');
    mkdirSync(brokerDir);
    const serverSecret = randomBytes(24).toString('base64url');
    const users = [
      ...credentials.map((c) => `${c.deviceId}:${c.secret}`),
      `fleetlens-server:${serverSecret}`,
    ];
    writeFileSync(join(brokerDir, 'passwd'), `${users.join('\n')}\n`, { mode: 0o600 });
    const hashed = spawnSync('mosquitto_passwd', ['-U', join(brokerDir, 'passwd')], { encoding: 'utf8' });
    if (hashed.status !== 0) throw new Error(`mosquitto_passwd: ${hashed.stderr}`);
    writeFileSync(
      join(brokerDir, 'acl'),
      [
        ...['positions', 'status', 'events', 'sign-on', 'command-acks'].map(
          (c) => `pattern write fleetlens/v1/devices/%u/${c}`,
        ),
        'pattern read fleetlens/v1/devices/%u/commands',
        'user fleetlens-server',
        'topic read fleetlens/v1/devices/#',
        'topic write fleetlens/v1/devices/+/commands',
        '',
      ].join('\n'),
    );
    // The server's receive window (MQTT 5 Receive Maximum) bounds what is in flight to it; the
    // queue behind that window must not drop QoS 1 messages while the server catches up.
    writeFileSync(
      join(brokerDir, 'mosquitto.conf'),
      [
        'per_listener_settings false',
        `listener ${MQTT_PORT} 127.0.0.1`,
        'allow_anonymous false',
        `password_file ${join(brokerDir, 'passwd')}`,
        `acl_file ${join(brokerDir, 'acl')}`,
        'persistence false',
        'max_inflight_messages 0',
        'max_queued_messages 0',
        'max_packet_size 20000',
        'log_dest stderr',
        'log_type error',
        'log_type warning',
        '',
      ].join('\n'),
    );
    // Started as root, mosquitto drops to its own user, which must read its files.
    if (process.getuid?.() === 0) {
      chmodSync(dir, 0o711);
      spawnSync('chown', ['-R', 'mosquitto:', brokerDir]);
    }
    const broker = spawn('mosquitto', ['-c', join(brokerDir, 'mosquitto.conf')], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    cleanups.push(() => stop(broker));
    process.once('exit', () => broker.kill('SIGKILL'));
    await waitForPort(MQTT_PORT);
    const mqttUrl = `mqtt://127.0.0.1:${MQTT_PORT}`;

    // The server: its own process, as deployed, joined to the broker.
    const httpPort = await freePort();
    const serverLog = join(tmpdir(), 'fleetlens-bench-ingest-server.log');
    writeFileSync(serverLog, '');
    const server = spawn(
      process.execPath,
      [
        ...(values.profile ? ['--cpu-prof', `--cpu-prof-dir=${values.profile}`] : []),
        'apps/server/src/main.ts',
      ],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
        env: {
          ...process.env,
          NODE_ENV: 'production',
          DATABASE_URL: dbUrl,
          PORT: String(httpPort),
          HOST: '127.0.0.1',
          DATA_DIR: join(dir, 'data'),
          WEB_DIST: join(dir, 'no-web'),
          LOG_LEVEL: 'warn',
          LOG_PRETTY: 'false',
          DEMO: 'false',
          SIMULATOR: 'false',
          MQTT_ENABLED: 'true',
          MQTT_URL: mqttUrl,
          MQTT_USERNAME: 'fleetlens-server',
          MQTT_PASSWORD: serverSecret,
          MQTT_CLIENT_ID: 'fleetlens-bench',
          INGEST_BATCH_SIZE: String(values['batch-size']),
          INGEST_BATCH_DELAY_MS: String(values['batch-delay']),
        },
      },
    );
    cleanups.push(() => stop(server));
    process.once('exit', () => server.kill('SIGKILL'));
    await new Promise<void>((resolve, reject) => {
      server.once('exit', (code) => reject(new Error(`the server exited (${code}) before it ran`)));
      server.stdout?.on('data', (chunk: Buffer) => {
        // Its warnings (batches refused, broker reconnects) say why a run went wrong.
        appendFileSync(serverLog, chunk);
        if (chunk.toString().includes('FleetLens is running')) resolve();
      });
    });

    // The devices, split over PUBLISHERS worker threads.
    const tag = randomBytes(3).toString('hex');
    const workers = Array.from({ length: PUBLISHERS }, (_, w) => {
      const share = credentials.filter((_, i) => i % PUBLISHERS === w);
      return new Worker(new URL(import.meta.url), {
        workerData: {
          url: mqttUrl,
          devices: share,
          rate: (RATE * share.length) / DEVICES,
          tag: `${tag}${w}`,
        },
      });
    });
    // Terminated, not asked: a worker far behind its schedule would read the request too late.
    cleanups.push(async () => {
      await Promise.all(workers.map((worker) => worker.terminate()));
    });
    const results: Extract<FromPublisher, { type: 'done' }>[] = [];
    const progress = new Map<Worker, { published: number; acked: number }>();
    for (const worker of workers)
      worker.on('message', (m: FromPublisher) =>
        m.type === 'progress' ? progress.set(worker, m) : undefined,
      );
    const finished = Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            worker.once('error', reject);
            worker.on('message', (message: FromPublisher) => {
              if (message.type === 'done') {
                results.push(message);
                resolve();
              }
            });
          }),
      ),
    );
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) =>
            worker.on('message', (m: FromPublisher) => (m.type === 'ready' ? resolve() : undefined)),
          ),
      ),
    );
    console.log(`${DEVICES} devices connected to ${mqttUrl} from ${PUBLISHERS} worker(s)`);

    // The poller: per device, when (wall clock) its newest committed position time was first seen.
    const poller = new pg.Client({ connectionString: dbUrl });
    await poller.connect();
    cleanups.push(() => poller.end());
    const seen = new Map<string, { t: number[]; at: number[] }>();
    let polling = true;
    const poll = async () => {
      while (polling) {
        const started = Date.now();
        const rows = (
          await poller.query<{ p: string; t: number }>(
            `SELECT device_pk AS p, (extract(epoch FROM position_time) * 1000)::float8 AS t
               FROM device_states WHERE position_time IS NOT NULL`,
          )
        ).rows;
        const at = Date.now();
        for (const row of rows) {
          const log = seen.get(row.p) ?? { t: [], at: [] };
          seen.set(row.p, log);
          const t = Math.round(row.t);
          if (log.t.length === 0 || (log.t.at(-1) as number) < t) {
            log.t.push(t);
            log.at.push(at);
          }
        }
        await sleep(Math.max(0, POLL_MS - (Date.now() - started)));
      }
    };
    const polled = poll().catch((error) => {
      if (polling) throw error;
    });
    cleanups.push(() => {
      polling = false;
    });

    const startAt = Date.now() + 500;
    const measureFrom = startAt + WARMUP * 1000;
    const endAt = measureFrom + SECONDS * 1000;
    const cpu = new CpuMeter({ server: server.pid, broker: broker.pid }, poller);
    setTimeout(() => void cpu.start(), measureFrom - Date.now());
    setTimeout(() => void cpu.stop(), endAt - Date.now());
    for (const worker of workers) worker.postMessage({ type: 'go', startAt, endAt } satisfies ToPublisher);
    console.log(`publishing ${RATE}/s: ${WARMUP} s warm-up, then ${SECONDS} s measured`);
    const report = setInterval(() => {
      const sum = (k: 'published' | 'acked') => [...progress.values()].reduce((n, p) => n + p[k], 0);
      const newest = [...seen.values()].reduce((n, log) => Math.max(n, log.t.at(-1) ?? 0), 0);
      console.log(
        `  ${Math.round((Date.now() - startAt) / 1000)} s: ${sum('published')} published, ${sum('acked')} taken by the broker, newest committed ${newest ? Date.now() - newest : '-'} ms ago`,
      );
    }, 5000);
    cleanups.push(() => clearInterval(report));
    await finished;
    const published = results.reduce((n, r) => n + r.published, 0);
    const acked = results.reduce((n, r) => n + r.acked, 0);

    // Drain: until every message is stored, or 60 s.
    const stored = async () =>
      Number((await database.query<{ n: string }>('SELECT count(*) AS n FROM device_positions'))[0]?.n);
    const drainFrom = Date.now();
    while ((await stored()) < published && Date.now() - drainFrom < 60_000) await sleep(200);
    await sleep(POLL_MS * 3);
    polling = false;
    await polled;
    const total = await stored();
    const [unique] = await database.query<{ n: string }>(
      'SELECT count(DISTINCT (device_pk, message_id)) AS n FROM device_positions',
    );
    const [dead] = await database.query<{ n: string }>('SELECT count(*) AS n FROM dead_letters');

    // Latencies of the messages published in the measured window; throughput of the server in it.
    const rows = await database.query<{ p: string; t: number }>(
      `SELECT device_pk AS p, (extract(epoch FROM time) * 1000)::float8 AS t FROM device_positions
        ORDER BY device_pk, time`,
    );
    const latencies: number[] = [];
    // The same latencies by 5 s window of publish time: a tail from a stall shows as one bad
    // window, a tail from a growing backlog as windows that worsen one after the other.
    const windows: number[][] = Array.from({ length: Math.ceil(SECONDS / 5) }, () => []);
    let committedInWindow = 0;
    let unseen = 0;
    let cursor = { p: '', i: 0 };
    for (const row of rows) {
      if (cursor.p !== row.p) cursor = { p: row.p, i: 0 };
      const log = seen.get(row.p);
      while (log && cursor.i < log.t.length && (log.t[cursor.i] as number) < Math.round(row.t)) cursor.i += 1;
      const at = log?.at[cursor.i];
      if (at === undefined) {
        unseen += 1;
        continue;
      }
      if (at >= measureFrom && at < endAt) committedInWindow += 1;
      if (row.t >= measureFrom && row.t < endAt) {
        latencies.push(at - row.t);
        windows[Math.floor((row.t - measureFrom) / 5000)]?.push(at - row.t);
      }
    }
    latencies.sort((a, b) => a - b);
    const pct = (p: number) =>
      latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)];
    const offered = latencies.length / SECONDS;
    const sustained = committedInWindow / SECONDS;
    const usage = cpu.report(SECONDS);

    // The limit: the same rows through one raw COPY into the same (emptied) table.
    const csv = join(dir, 'positions.csv');
    const columns =
      'device_pk, message_id, customer_id, vehicle_id, time, received_at, lat, lng, speed, direction, altitude, satellites, hdop';
    psql(dbUrl, `\\copy (SELECT ${columns} FROM device_positions) TO '${csv}' WITH (FORMAT csv)`);
    await database.query('TRUNCATE device_positions');
    await database.query('CHECKPOINT');
    const copyStarted = performance.now();
    psql(dbUrl, `\\copy device_positions (${columns}) FROM '${csv}' WITH (FORMAT csv)`);
    const copySeconds = (performance.now() - copyStarted) / 1000;
    const copyRate = total / copySeconds;

    const f = (n: number | undefined, digits = 0) =>
      n === undefined || Number.isNaN(n) ? '-' : n.toLocaleString('en-US', { maximumFractionDigits: digits });
    const held = sustained >= RATE * 0.99 && (pct(99) ?? Infinity) < 1000 && total === published;
    console.log(`
Ingestion through Mosquitto into PostgreSQL, ${SECONDS} s at ${f(RATE)}/s offered (${DEVICES} devices, QoS 1,
batch ${values['batch-size']} / ${values['batch-delay']} ms; committed = seen by a ${POLL_MS} ms poller)

  published                         ${f(published)} (${f(acked)} acknowledged by the broker)
  stored                            ${f(total)} rows, ${f(Number(unique?.n))} unique, ${f(Number(dead?.n))} dead letters, ${f(published - total)} missing
  published in the window           ${f(offered, 1)} msg/s
  committed in the window           ${f(sustained, 1)} msg/s
  publish-to-committed p50          ${f(pct(50))} ms
  publish-to-committed p99          ${f(pct(99))} ms
  publish-to-committed max          ${f(latencies.at(-1))} ms
  publisher max behind schedule     ${f(Math.max(...results.map((r) => r.behindMax)))} messages
  rows never seen by the poller     ${f(unseen)}
  raw COPY of the same rows         ${f(copyRate)} rows/s (${f(total)} rows in ${f(copySeconds, 2)} s)
  ingestion / raw COPY              ${f((sustained / copyRate) * 100, 1)} %
  CPU in the window (2 cores = 200%) ${usage}

  by 5 s window of publish time     p50 / p99 / max ms
${windows
  .map((w, i) => {
    w.sort((a, b) => a - b);
    const q = (p: number) => w[Math.min(w.length - 1, Math.ceil((p / 100) * w.length) - 1)];
    return `    ${String(i * 5).padStart(3)}–${String(i * 5 + 5).padEnd(3)} s  ${f(w.length).padStart(7)} msgs   ${f(q(50))} / ${f(q(99))} / ${f(w.at(-1))}`;
  })
  .join('\n')}

  ${held ? 'HELD' : 'NOT HELD'}: ≥ ${f(RATE * 0.99)} msg/s committed, p99 < 1000 ms, nothing lost
  (the server's log of this run: ${serverLog})
`);
  } finally {
    await cleanup();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function adminQuery(url: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

function psql(url: string, command: string): void {
  const run = spawnSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-qc', command], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`psql: ${run.stderr}`);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function waitForPort(port: number): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await sleep(100);
  }
  throw new Error(`nothing listens on ${port}`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(force);
}

/**
 * CPU seconds (user + system, from /proc) of the server, the broker, this process (the devices
 * and the poller), the PostgreSQL processes serving the bench database and its background
 * processes, and the whole machine (others' work included) over the measured window.
 */
class CpuMeter {
  private before = new Map<string, number>();
  private after = new Map<string, number>();
  private readonly pids: Record<string, number | undefined>;
  private readonly pg: pg.Client;

  constructor(pids: Record<string, number | undefined>, client: pg.Client) {
    this.pids = pids;
    this.pg = client;
  }

  private async sample(): Promise<Map<string, number>> {
    const ticks = (pid: number | undefined) => {
      try {
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
        return (Number(fields[11]) + Number(fields[12])) / 100;
      } catch {
        return 0;
      }
    };
    const out = new Map<string, number>();
    for (const [name, pid] of Object.entries(this.pids)) out.set(name, ticks(pid));
    const own = process.cpuUsage();
    out.set('bench (devices, poller)', (own.user + own.system) / 1e6);
    const backends = await this.pg.query<{ pid: number }>(
      "SELECT pid FROM pg_stat_activity WHERE datname = current_database() OR backend_type <> 'client backend'",
    );
    out.set(
      'postgres',
      backends.rows.reduce((sum, r) => sum + ticks(r.pid), 0),
    );
    const cpuLine =
      readFileSync('/proc/stat', 'utf8').split('\n')[0]?.split(/\s+/).slice(1).map(Number) ?? [];
    const idle = (cpuLine[3] ?? 0) + (cpuLine[4] ?? 0);
    out.set('machine', (cpuLine.reduce((a, b) => a + b, 0) - idle) / 100);
    return out;
  }

  async start(): Promise<void> {
    this.before = await this.sample();
  }

  async stop(): Promise<void> {
    this.after = await this.sample();
  }

  report(seconds: number): string {
    return [...this.after]
      .map(
        ([name, value]) => `${name} ${Math.round(((value - (this.before.get(name) ?? 0)) / seconds) * 100)}%`,
      )
      .join(', ');
  }
}

// After every declaration (classes are not hoisted): a worker publishes, the main thread runs the bench.
if (!isMainThread) await publisher(workerData as PublisherData);
else await main();
