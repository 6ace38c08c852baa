// npm run bench:jobs [-- --jobs 2000 --samples 40 --url postgres://…]
// Not a test: the job queue (platform/queue.ts) on both databases (the embedded PGlite, in
// memory; PostgreSQL at --url, else DATABASE_URL, else the machine's at 127.0.0.1:5432, in a
// database made for the run and dropped after). For each it prints
// - enqueued per second: `--jobs` jobs queued through the platform (its row and pg-boss's), ten
//   at a time as several users' requests would come, while the workers run them;
// - no-op jobs per second, end to end: `--jobs` jobs queued 500 at a time (enqueueMany) and run
//   by 2 workers taking up to 50 at a time, from the first enqueue to the last job run — goal
//   ≥ 1,000/s;
// - the median pick-up: from enqueue() resolving to the handler starting, one job at a time with
//   nothing else queued — goal ≤ 20 ms;
// and beside them, raw: pg-boss alone on the same database (jobs inserted in one statement,
// drained 100 at a time), the library's own ceiling.
import { availableParallelism, loadavg } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { fromPglite, PgBoss } from 'pg-boss';
import { LiveHub } from '../apps/server/src/platform/live.ts';
import { JobQueue } from '../apps/server/src/platform/queue.ts';
import { createTestDatabase, type TestDatabase } from '../apps/server/src/testing/database.ts';
import { benchArgs } from './bench-args.ts';

const args = benchArgs({ jobs: 2000, samples: 40, url: undefined });
const postgresUrl = args.url ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const log = {
  error: (...a: unknown[]) => console.error(...a),
  warn: () => {},
} as unknown as FastifyBaseLogger;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function throughGate(count: number, start: (done: () => void) => Promise<void>): Promise<number> {
  let finished = 0;
  let resolveAll = () => {};
  const all = new Promise<void>((resolve) => {
    resolveAll = resolve;
  });
  const began = performance.now();
  await start(() => {
    finished += 1;
    if (finished === count) resolveAll();
  });
  await all;
  return count / ((performance.now() - began) / 1000);
}

async function platformQueue(
  db: TestDatabase,
): Promise<{ enqueueRate: number; rate: number; pickUp: number }> {
  const queue = new JobQueue(db, new LiveHub(), log, { pollSeconds: 0.5 });
  await queue.start();
  let done = () => {};
  await queue.define({
    name: 'bench-noop',
    workers: 2,
    batchSize: 50,
    retryLimit: 0,
    run: async () => done(),
  });
  // End to end first, on empty tables: queued 500 at a time, as an import would queue its parts.
  const rate = await throughGate(args.jobs, async (finished) => {
    done = finished;
    for (let i = 0; i < args.jobs; i += 500)
      await queue.enqueueMany(
        'bench-noop',
        Array.from({ length: Math.min(500, args.jobs - i) }, (_, k) => ({ data: { k: i + k } })),
      );
  });
  done = () => {};
  await sleep(1_000);
  const enqueueBegan = performance.now();
  const ids: Promise<string | undefined>[] = [];
  // Sent in waves of 10 at once, as requests from several users would come.
  for (let i = 0; i < args.jobs; i += 10) {
    for (let k = i; k < Math.min(i + 10, args.jobs); k++) ids.push(queue.enqueue('bench-noop', { k }));
    await Promise.all(ids.slice(i));
  }
  const enqueueRate = args.jobs / ((performance.now() - enqueueBegan) / 1000);
  await sleep(2_000);
  const picks: number[] = [];
  let picked: (at: number) => void = () => {};
  await queue.define({
    name: 'bench-pick',
    workers: 1,
    retryLimit: 0,
    run: async () => picked(performance.now()),
  });
  for (let i = 0; i < args.samples; i++) {
    const at = new Promise<number>((resolve) => {
      picked = resolve;
    });
    await sleep(20);
    await queue.enqueue('bench-pick', {});
    const sent = performance.now();
    picks.push((await at) - sent);
  }
  await queue.stop(2_000);
  return { enqueueRate, rate, pickUp: median(picks) };
}

async function rawBoss(db: TestDatabase): Promise<number> {
  const boss = db.embedded
    ? new PgBoss({ schema: 'bench_raw', db: fromPglite(db.embedded), backend: 'pglite' })
    : new PgBoss({ schema: 'bench_raw', connectionString: db.url as string, max: 4 });
  boss.on('error', (error) => console.error(error));
  await boss.start();
  await boss.createQueue('raw', {});
  await boss.insert(
    'raw',
    Array.from({ length: args.jobs }, (_, k) => ({ data: { k } })),
  );
  const rate = await throughGate(args.jobs, async (finished) => {
    await boss.work(
      'raw',
      { batchSize: 100, localConcurrency: 2, burstWhenBatchFull: true },
      async (jobs) => {
        for (const _ of jobs) finished();
      },
    );
  });
  await boss.stop({ graceful: false, close: true });
  return rate;
}

console.log(
  `bench:jobs — ${args.jobs} no-op jobs, ${args.samples} pick-ups, ${availableParallelism()} cores, load ${loadavg()[0]?.toFixed(1)}`,
);
for (const engine of ['pglite', 'postgres'] as const) {
  if (engine === 'pglite') delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = postgresUrl;
  let db: TestDatabase;
  try {
    db = await createTestDatabase();
  } catch (error) {
    console.log(`${engine}: skipped (${(error as Error).message})`);
    continue;
  }
  try {
    const ours = await platformQueue(db);
    const raw = await rawBoss(db);
    console.log(
      `${engine.padEnd(8)} platform queue: ${ours.rate.toFixed(0)} jobs/s end to end (goal ≥ 1000), ` +
        `${ours.enqueueRate.toFixed(0)} enqueued/s, median pick-up ${ours.pickUp.toFixed(1)} ms (goal ≤ 20)` +
        ` | raw pg-boss: ${raw.toFixed(0)} jobs/s`,
    );
  } finally {
    await db.drop();
  }
}
process.exit(0);
