// The job queue through a database failover (PostgreSQL under DATABASE_URL; on PGlite there is no
// connection to cut, and the same jobs simply run). The process must not crash on a connection's
// error (an unhandled one fails the run):
// - every connection the queue's replica holds on the test database (pg-boss's statements and its
//   LISTEN, the jobs' own, the application's pool) is cut several times in a row while jobs wait
//   and run and a timed job comes every second; every job runs to its end, the timed job goes on;
// - the server's FATAL reaches the queue's connections while the queue stops (a proxy holds it
//   back until then): pg-boss's own LISTEN client had dropped its listeners at stop, and crashed.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { holdingProxy } from '../testing/holdingProxy.ts';
import { queuesPerFile, quietLog } from '../testing/queues.ts';
import { TimedJobs } from './jobs.ts';
import { LiveHub } from './live.ts';
import { JobQueue } from './queue.ts';

const { database, replicaQueue } = queuesPerFile();

/** Errors no one handled: the process would have crashed on them outside the test runner. */
const unhandled: unknown[] = [];
const record = (error: unknown) => unhandled.push(error);
beforeAll(() => {
  process.on('uncaughtException', record);
  process.on('unhandledRejection', record);
});
afterAll(() => {
  process.off('uncaughtException', record);
  process.off('unhandledRejection', record);
});

/** Ends every other session on the test's own database, as a failover does: how many. */
async function cutDatabase(url: string): Promise<number> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const rows = await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    return rows.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Tries `body` until it answers: a statement sent while the database is cut fails. */
async function persistently<T>(body: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await body();
    } catch (error) {
      if (attempt >= 50) throw error;
      await pause(100);
    }
  }
}

describe('the job queue through a database failover', () => {
  // A job whose claim, or end, was on a cut connection stays running until its heartbeat lapses
  // (QUEUE_HEARTBEAT_SECONDS) and is then retried: hence the long waits.
  it('keeps the process up, runs every job to its end, and the timed job goes on', {
    timeout: 150_000,
  }, async () => {
    const db = await database;
    const queue = await replicaQueue();
    const finished = new Map<string, number>();
    await queue.define<{ key: string }>({
      name: 'failover-work',
      workers: 2,
      batchSize: 5,
      retryLimit: 10,
      retryDelaySeconds: 1,
      run: async (job) => {
        await job.withConnection((connection) => connection.query('SELECT pg_sleep(0.02)'));
        await job.progress(50);
        finished.set(job.data.key, (finished.get(job.data.key) ?? 0) + 1);
      },
    });
    let ticks = 0;
    const timed = new TimedJobs(queue, quietLog, { maxWaitMs: 1_000, retryDelaySeconds: 1 });
    timed.start({
      name: 'failover-tick',
      run: async (_since, now) => {
        ticks++;
        return new Date(now.getTime() + 1_000);
      },
    });
    await queue.start();
    await timed.open();

    const keys = Array.from({ length: 60 }, (_, i) => `job-${i}`);
    // Jobs are queued while the database is cut: a refused enqueue is asked again.
    const enqueued = (async () => {
      for (const key of keys) {
        await persistently(() => queue.enqueue('failover-work', { key }, { key }));
        await pause(20);
      }
    })();
    await expect.poll(() => ticks, { timeout: 15_000 }).toBeGreaterThan(0);
    // Cuts in a row, some while the connections of the last one are still coming back (a LISTEN
    // connection opens again after about a second), some once they are back.
    if (db.url) {
      for (const wait of [0, 20, 1_100, 5, 400, 1_300, 60, 2_200, 10, 900, 30, 1_600]) {
        await pause(wait);
        await cutDatabase(db.url);
      }
    }
    await enqueued;
    const ticksAfterCuts = ticks;
    await expect
      .poll(() => keys.filter((key) => !finished.has(key)), { timeout: 100_000, interval: 250 })
      .toEqual([]);
    await expect.poll(() => ticks, { timeout: 100_000, interval: 250 }).toBeGreaterThan(ticksAfterCuts);
    await timed.close();
    await queue.stop(2_000);
    expect(unhandled).toEqual([]);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'keeps the process up when the cut reaches the queue while it stops',
    async () => {
      const url = (await database).url as string;
      const proxy = await holdingProxy(url);
      const handle = await openDatabase({ url: proxy.url, poolSize: 2 });
      const queue = new JobQueue(handle, new LiveHub(), quietLog, { pollSeconds: 0.5 });
      await queue.define({ name: 'failover-stop', run: async () => {} });
      await queue.start();
      // The queue's LISTEN connection is there.
      await expect
        .poll(async () => {
          const admin = new pg.Client({ connectionString: url });
          await admin.connect();
          const { rows } = await admin
            .query(
              "SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'",
            )
            .finally(() => admin.end());
          return rows.length;
        })
        .toBeGreaterThan(0);
      proxy.hold();
      await cutDatabase(url);
      const stopping = queue.stop(2_000);
      await pause(300);
      proxy.release();
      await stopping;
      await handle.close();
      await pause(200);
      await proxy.close();
      expect(unhandled).toEqual([]);
    },
  );
});
