// Timed jobs on the queue, two replicas on one test database (PGlite, or PostgreSQL under
// DATABASE_URL): a job runs on one replica at a time, each run from where the last ended; a wake
// brings the waiting run forward; a failed run is retried with its time; a run cut by a stopping
// replica is finished by the other; every run shows in the queue's list with its progress. The runs'
// `now` comes from the test's clock, a minute on at each run, so no test waits for a real period.
import { describe, expect, it } from 'vitest';
import { queuesPerFile, quietLog } from '../testing/queues.ts';
import { JOB_MIN_GAP_MS, type Job, nextDelayMs, TimedJobs, timedQueueOf } from './jobs.ts';

const { replicaQueue } = queuesPerFile();

const START = new Date('2031-05-06T07:00:00Z');
/** A clock a minute on at each reading, shared by the replicas of a test. */
function minuteClock() {
  let minutes = 0;
  return () => new Date(START.getTime() + minutes++ * 60_000);
}

/** A replica: its own queue (and pool, on PostgreSQL) and timed jobs on the test's database. */
async function replica(clock: () => Date, jobs: Job[], maxWaitMs = 3_600_000) {
  const queue = await replicaQueue();
  const timed = new TimedJobs(queue, quietLog, { clock, maxWaitMs, retryDelaySeconds: 1 });
  const running = jobs.map((job) => timed.start(job));
  await queue.start();
  await timed.open();
  return {
    queue,
    timed,
    running,
    stop: async () => {
      await timed.close();
      await queue.stop(2_000);
    },
  };
}

interface Run {
  replica: string;
  since: Date;
  now: Date;
  started: number;
  ended: number;
}

/** A job that records its runs and answers "next due in a second" (its next run: a second on). */
function recorded(
  name: string,
  replica: string,
  runs: Run[],
  body?: (run: Run, signal: AbortSignal) => Promise<void>,
): Job {
  return {
    name,
    run: async (since, now, context) => {
      const run = { replica, since, now, started: Date.now(), ended: 0 };
      await context?.progress(50, 'half way');
      await body?.(run, context?.signal ?? new AbortController().signal);
      await new Promise((resolve) => setTimeout(resolve, 30));
      run.ended = Date.now();
      runs.push(run);
      return new Date(now.getTime() + 1_000);
    },
  };
}

describe('the next run', () => {
  it('comes when the job is due, at least a second on, at most its longest wait', () => {
    const now = new Date('2031-01-01T00:00:00Z');
    const at = (ms: number) => new Date(now.getTime() + ms);
    expect(nextDelayMs(now, at(5_000), 60_000)).toBe(5_025);
    // Due already (the database's clock ahead): not at once again.
    expect(nextDelayMs(now, at(-5_000), 60_000)).toBe(JOB_MIN_GAP_MS);
    expect(nextDelayMs(now, at(3_600_000), 60_000)).toBe(60_000);
    expect(nextDelayMs(now, undefined, 60_000)).toBe(60_000);
  });
});

describe('timed jobs on two replicas', () => {
  it('run on one replica at a time, each run from where the last ended, shown with their progress', async () => {
    const clock = minuteClock();
    const runs: Run[] = [];
    const a = await replica(clock, [recorded('test-chain', 'a', runs)]);
    const b = await replica(clock, [recorded('test-chain', 'b', runs)]);
    await expect.poll(() => runs.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
    await a.stop();
    await b.stop();
    const ordered = [...runs].sort((x, y) => x.started - y.started);
    for (let i = 1; i < ordered.length; i++) {
      const [before, run] = [ordered[i - 1] as Run, ordered[i] as Run];
      // Never at once, and no moment between two runs left out or done twice.
      expect(run.started).toBeGreaterThanOrEqual(before.ended);
      expect(run.since.getTime()).toBe(before.now.getTime());
    }
    const listed = await a.queue.list({ queue: timedQueueOf('test-chain'), state: 'completed' });
    expect(listed.total).toBe(runs.length);
    expect(listed.jobs[0]).toMatchObject({ label: 'test-chain', progress: 100, customerId: null });
  });

  it('run at once when woken, the waiting run brought forward rather than another added', async () => {
    const runs: Run[] = [];
    const job: Job = {
      name: 'test-wake',
      run: async (since, now) => {
        runs.push({ replica: 'a', since, now, started: Date.now(), ended: Date.now() });
        return new Date(now.getTime() + 3_600_000);
      },
    };
    const a = await replica(minuteClock(), [job]);
    await expect.poll(() => runs.length, { timeout: 10_000 }).toBe(1);
    const waiting = async () =>
      (await a.queue.list({ queue: timedQueueOf('test-wake'), state: 'created' })).total;
    await expect.poll(waiting, { timeout: 5_000 }).toBe(1);
    a.running[0]?.wake();
    await expect.poll(() => runs.length, { timeout: 10_000 }).toBe(2);
    await expect.poll(waiting, { timeout: 5_000 }).toBe(1);
    // A test runs it without waiting for its moment; the run knows its id.
    const id = await a.timed.trigger('test-wake');
    await expect.poll(async () => (await a.queue.get(id))?.state, { timeout: 10_000 }).toBe('completed');
    expect(runs.length).toBe(3);
    expect(runs[2]?.since).toEqual(runs[1]?.now);
    await a.stop();
  });

  it('retry a failed run with its own time, then go on', async () => {
    const runs: Run[] = [];
    let failures = 1;
    const a = await replica(minuteClock(), [
      recorded('test-retry', 'a', runs, async () => {
        if (failures-- > 0) throw new Error('the first run fails');
      }),
    ]);
    await expect.poll(() => runs.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    await a.stop();
    const completed = (await a.queue.list({ queue: timedQueueOf('test-retry'), state: 'completed' })).jobs;
    // The failed attempt and its retry are one run: 2 attempts of 4.
    expect(completed.at(-1)).toMatchObject({ attempts: 2, retryLimit: 3 });
    expect(runs[1]?.since).toEqual(runs[0]?.now);
  });

  it('finish a run cut by a stopping replica on the other one, from the time it had', async () => {
    const clock = minuteClock();
    const runs: Run[] = [];
    let cut: Run | undefined;
    const a = await replica(clock, [
      recorded('test-cut', 'a', runs, async (run, signal) => {
        if (runs.length === 0) return;
        cut = run;
        // The second run lasts until its replica stops: the stop aborts it, and it fails there.
        await new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(new Error('stopped')), { once: true }),
        );
      }),
    ]);
    await expect.poll(() => cut !== undefined, { timeout: 10_000 }).toBe(true);
    const b = await replica(clock, [recorded('test-cut', 'b', runs)]);
    await a.stop();
    await expect
      .poll(() => runs.filter((r) => r.replica === 'b').length, { timeout: 15_000 })
      .toBeGreaterThan(1);
    // The cut run itself ends completed, on its second attempt.
    const done = async () =>
      (await b.queue.list({ queue: timedQueueOf('test-cut'), state: 'completed' })).jobs.some(
        (job) => job.attempts === 2,
      );
    await expect.poll(done, { timeout: 15_000 }).toBe(true);
    await b.stop();
    expect(runs.find((r) => r.replica === 'b')?.since).toEqual(cut?.since);
  });
});
