// npm run bench:download [-- --vehicles 1000 --days 395 --runs 3 --chunk 5000 --keep]
// Not a test: the 13-month vehicle daily-duration download of `vehicles` vehicles (one row per
// vehicle and day) as the server's download job writes it (keyed chunks from the database,
// through the CSV or XLSX writer, to a sink that counts the bytes), beside the same rows through
// PostgreSQL's COPY … TO STDOUT CSV read by psql. Prints the time to the last byte (goal ≤ 2 s),
// the server's memory growth while it runs (goal ≤ 100 MB), CSV rows/s against COPY's (goal
// ≥ 50 %) and XLSX rows/s (goal ≥ 50,000/s). Figures go into docs/decisions/2026-12-07-downloads.md.
//
// A throwaway database on DATABASE_URL's PostgreSQL server (default the local one), migrated as
// the server migrates, holds one customer, its vehicles and their daily figures, then VACUUM ANALYZE.
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { Writable } from 'node:stream';
import type { DatabaseHandle } from '../apps/server/src/db/client.ts';
import { downloadService } from '../apps/server/src/modules/downloads/service.ts';
import type { JobQueue } from '../apps/server/src/platform/queue.ts';
import type { ObjectStorage } from '../apps/server/src/platform/storage.ts';
import { benchArgs } from './bench-args.ts';
import { onThrowawayDatabase } from './bench-compare.ts';
import { measured } from './bench-memory.ts';

const args = benchArgs({ vehicles: 1000, days: 395, runs: 3, chunk: 5000, keep: false });
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';

async function generate(db: DatabaseHandle) {
  const [customer] = await db.query<{ id: string }>(
    "INSERT INTO customers (stk_user, name, realm) VALUES ('benchdownload', 'Bench Download', 'fleet') RETURNING id",
  );
  const c = customer?.id as string;
  const [user] = await db.query<{ id: string }>(
    `INSERT INTO users (customer_id, username, email, sys_role, download_role)
     VALUES ($1, 'bench', 'bench@example.invalid', 'user', 'request') RETURNING id`,
    [c],
  );
  await db.query(
    `INSERT INTO vehicles (customer_id, name, introduce_date)
     SELECT $1, 'Vehicle ' || v, current_date FROM generate_series(1, $2) v`,
    [c, args.vehicles],
  );
  await db.query(
    `INSERT INTO vehicle_day_figures (customer_id, vehicle_id, day, operating_seconds, idle_seconds, distance_m, stops)
     SELECT $1, v.id, ('2025-01-01'::date + d)::timestamp AT TIME ZONE 'UTC',
            20000 + (d * 37) % 9000, 1200 + (d * 11) % 900, 40000 + (d * 53) % 20000, (d % 9)
       FROM vehicles v, generate_series(0, $2 - 1) d WHERE v.customer_id = $1`,
    [c, args.days],
  );
  await db.query('VACUUM ANALYZE vehicle_day_figures');
  await db.query('VACUUM ANALYZE vehicles');
  return { customer: c, user: user?.id as string };
}

/** Object storage that reads the file to its end and keeps nothing: the writer's pace alone. */
const sink = {
  put: (_key: string, body: NodeJS.ReadableStream) =>
    new Promise<void>((resolve, reject) => {
      body.pipe(new Writable({ write: (_chunk, _encoding, done) => done() }).on('finish', resolve));
      body.on('error', reject);
    }),
  delete: async () => {},
} as unknown as ObjectStorage;

/** The same rows through COPY, read by psql to its end: the database's own pace. */
function rawCopy(url: string, customer: string, from: string, to: string): Promise<number> {
  const sql = `COPY (SELECT to_char(f.day AT TIME ZONE 'UTC', 'YYYY-MM-DD'), f.vehicle_id, v.name,
      round(f.operating_seconds)::int, round(f.idle_seconds)::int, round(f.distance_m)::float8 / 1000, f.stops
      FROM vehicle_day_figures f JOIN vehicles v ON v.id = f.vehicle_id
     WHERE f.customer_id = '${customer}' AND f.day >= '${from}' AND f.day < '${to}'::date + 1
     ORDER BY f.day, f.vehicle_id) TO STDOUT WITH CSV HEADER`;
  return new Promise((resolve, reject) => {
    const psql = spawn('psql', [url, '-X', '-q', '-c', sql], { stdio: ['ignore', 'pipe', 'inherit'] });
    let bytes = 0;
    psql.stdout.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    psql.on('error', reject);
    psql.on('close', (code) => (code === 0 ? resolve(bytes) : reject(new Error(`psql ended with ${code}`))));
  });
}

await onThrowawayDatabase(args.keep, async (db) => {
  const began = performance.now();
  const { customer, user } = await generate(db);
  const rows = args.vehicles * args.days;
  console.log(
    `${rows.toLocaleString('en')} rows (${args.vehicles} vehicles × ${args.days} days) in ${((performance.now() - began) / 1000).toFixed(1)} s`,
  );
  const from = '2025-01-01';
  const to = new Date(Date.UTC(2025, 0, args.days)).toISOString().slice(0, 10);
  const service = downloadService(db, sink, {} as JobQueue, Date.now, undefined, { chunkRows: args.chunk });
  const once = async (format: 'csv' | 'xlsx') => {
    const [request] = await db.query<{ id: string }>(
      `INSERT INTO download_requests (customer_id, user_id, download_type, period_from, period_to, method, format)
       VALUES ($1, $2, 'vehicle-daily-duration', $3, $4, 'async', $5) RETURNING id`,
      [customer, user, from, to, format],
    );
    return measured(() =>
      service.run({
        id: 'bench',
        data: { requestId: request?.id as string },
        customerId: customer,
        attempt: 0,
        signal: new AbortController().signal,
        progress: async () => {},
        withConnection: (body) => body(db),
      }),
    );
  };
  const best = <T extends { ms: number }>(all: T[]) => all.reduce((a, b) => (b.ms < a.ms ? b : a));
  const results: Record<string, { ms: number; growthMb: number; bytes: number }> = {};
  for (const format of ['csv', 'xlsx'] as const) {
    const all = [];
    for (let i = 0; i < args.runs; i++) all.push(await once(format));
    const top = best(all);
    results[format] = {
      ms: top.ms,
      growthMb: Math.max(...all.map((r) => r.growthMb)),
      bytes: (top.value as { bytes: number }).bytes,
    };
  }
  const copies: { ms: number; bytes: number }[] = [];
  for (let i = 0; i < args.runs; i++) {
    const t = performance.now();
    const bytes = await rawCopy(db.url ?? process.env.DATABASE_URL ?? '', customer, from, to);
    copies.push({ ms: performance.now() - t, bytes });
  }
  const copy = best(copies);
  const perSecond = (ms: number) => Math.round(rows / (ms / 1000));
  const line = (name: string, ms: number, bytes: number, more: string) =>
    console.log(
      `${name.padEnd(10)} ${(ms / 1000).toFixed(2).padStart(7)} s ${perSecond(ms).toLocaleString('en').padStart(10)} rows/s ${(bytes / 1024 ** 2).toFixed(1).padStart(6)} MB   ${more}`,
    );
  console.log(
    `best of ${args.runs}; load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const csv = results.csv as { ms: number; growthMb: number; bytes: number };
  const xlsx = results.xlsx as { ms: number; growthMb: number; bytes: number };
  line(
    'CSV',
    csv.ms,
    csv.bytes,
    `goal ≤ 2 s; memory +${csv.growthMb.toFixed(0)} MB (goal ≤ 100); ${((copy.ms / csv.ms) * 100).toFixed(0)} % of COPY (goal ≥ 50 %)`,
  );
  line('XLSX', xlsx.ms, xlsx.bytes, `goal ≥ 50,000 rows/s; memory +${xlsx.growthMb.toFixed(0)} MB`);
  line('raw COPY', copy.ms, copy.bytes, 'psql reading COPY … TO STDOUT CSV');
});
