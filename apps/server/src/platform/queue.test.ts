// The durable job queue on the test database (PGlite, or PostgreSQL under DATABASE_URL): jobs run
// and report progress, one per key, retry up to their limit, cancel (the running SQL too on
// PostgreSQL), keep to a customer's share of workers, and a job cut by a stopping replica is
// finished by the next one.
import { describe, expect, it } from 'vitest';
import { queuesPerFile } from '../testing/queues.ts';
import type { JobQueue } from './queue.ts';

const { database, replicaQueue } = queuesPerFile();

async function newQueue(): Promise<JobQueue> {
  const queue = await replicaQueue();
  await queue.start();
  return queue;
}

async function customer(name: string): Promise<string> {
  const [row] = await (await database).query<{ id: string }>(
    'INSERT INTO customers (name, stk_user, realm) VALUES ($1, $1, $1) RETURNING id',
    [`${name}-${Math.random().toString(36).slice(2, 8)}`],
  );
  return (row as { id: string }).id;
}

/** A promise and the function that settles it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

const untilAborted = (signal: AbortSignal) =>
  new Promise<never>((_resolve, reject) => {
    if (signal.aborted) reject(new Error('aborted'));
    signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
  });

describe('the job queue', () => {
  it('runs a job, keeps its progress and output, and shows it with its customer', async () => {
    const queue = await newQueue();
    const owner = await customer('progress');
    await queue.define<{ n: number }>({
      name: 'test-progress',
      run: async (job) => {
        await job.progress(40, 'half way');
        await job.progress(100);
        return { doubled: job.data.n * 2, customer: job.customerId };
      },
    });
    const id = await queue.enqueue('test-progress', { n: 21 }, { customerId: owner, label: 'double 21' });
    expect(id).toBeTruthy();
    await expect
      .poll(async () => (await queue.get(id as string))?.state, { timeout: 10_000 })
      .toBe('completed');
    const job = await queue.get(id as string);
    expect(job).toMatchObject({
      queue: 'test-progress',
      customerId: owner,
      label: 'double 21',
      progress: 100,
      output: { doubled: 42, customer: owner },
    });
    const listed = await queue.list({ customerId: owner });
    expect(listed.total).toBe(1);
    expect(listed.jobs.map((j) => j.id)).toEqual([id]);
    expect((await queue.list({ customerId: owner, state: 'failed' })).total).toBe(0);
  });

  it('refuses a second job with the key of one waiting or running, and takes it once that ended', async () => {
    const queue = await newQueue();
    const release = gate();
    const started = gate();
    await queue.define({
      name: 'test-key',
      run: async () => {
        started.open();
        await release.opened;
      },
    });
    const first = await queue.enqueue('test-key', {}, { key: 'customer-a/vehicle-daily/2026-01' });
    expect(first).toBeTruthy();
    expect(await queue.enqueue('test-key', {}, { key: 'customer-a/vehicle-daily/2026-01' })).toBeUndefined();
    await started.opened;
    expect(await queue.enqueue('test-key', {}, { key: 'customer-a/vehicle-daily/2026-01' })).toBeUndefined();
    // A refused job leaves no row behind.
    expect((await queue.list({ queue: 'test-key' })).total).toBe(1);
    release.open();
    await expect
      .poll(async () => (await queue.get(first as string))?.state, { timeout: 10_000 })
      .toBe('completed');
    expect(await queue.enqueue('test-key', {}, { key: 'customer-a/vehicle-daily/2026-01' })).toBeTruthy();
  });

  it('queues many jobs at once, refusing those whose key is taken', async () => {
    const queue = await newQueue();
    const ran: number[] = [];
    const owner = await customer('many');
    await queue.define<{ n: number }>({
      name: 'test-many',
      batchSize: 10,
      run: async (job) => {
        ran.push(job.data.n);
        return { customer: job.customerId };
      },
    });
    const ids = await queue.enqueueMany('test-many', [
      { data: { n: 1 }, options: { key: 'same', customerId: owner } },
      { data: { n: 2 }, options: { key: 'same', customerId: owner } },
      { data: { n: 3 }, options: { customerId: owner } },
    ]);
    expect(ids[0]).toBeTruthy();
    expect(ids[1]).toBeUndefined();
    expect(ids[2]).toBeTruthy();
    await expect.poll(() => [...ran].sort(), { timeout: 10_000 }).toEqual([1, 3]);
    const listed = await queue.list({ queue: 'test-many' });
    expect(listed.total).toBe(2);
    await expect
      .poll(async () => (await queue.get(ids[2] as string))?.output, { timeout: 10_000 })
      .toEqual({ customer: owner });
  });

  it('retries a failing job up to its limit, then fails it; an admin retry runs it again', async () => {
    const queue = await newQueue();
    let attempts = 0;
    await queue.define({
      name: 'test-retry',
      retryLimit: 1,
      retryDelaySeconds: 1,
      run: async () => {
        attempts += 1;
        throw new Error('always');
      },
    });
    const id = (await queue.enqueue('test-retry', {})) as string;
    await expect.poll(async () => (await queue.get(id))?.state, { timeout: 15_000 }).toBe('failed');
    expect(attempts).toBe(2);
    expect(await queue.retry(id)).toBe(true);
    await expect.poll(() => attempts, { timeout: 15_000 }).toBeGreaterThan(2);
    // A job that is not failed or cancelled is not retried.
    const other = await newQueue();
    await other.define({ name: 'test-retry-done', run: async () => {} });
    const done = (await other.enqueue('test-retry-done', {})) as string;
    await expect.poll(async () => (await other.get(done))?.state, { timeout: 10_000 }).toBe('completed');
    expect(await other.retry(done)).toBe(false);
  });

  it('cancels a running job: its signal, its SQL on PostgreSQL, and its state', async () => {
    const db = await database;
    const queue = await newQueue();
    const started = gate();
    const ended: string[] = [];
    await queue.define({
      name: 'test-cancel',
      retryLimit: 0,
      run: async (job) => {
        started.open();
        try {
          if (db.engine === 'postgres') {
            // A long statement: cancel must end it, not wait for it.
            await job.withConnection((sql) => sql.query('SELECT pg_sleep(60)'));
          } else await untilAborted(job.signal);
          ended.push('finished');
        } catch (error) {
          ended.push(job.signal.aborted ? 'aborted' : (error as Error).message);
          throw error;
        }
      },
    });
    const id = (await queue.enqueue('test-cancel', {})) as string;
    await started.opened;
    await expect.poll(async () => (await queue.get(id))?.state).toBe('active');
    expect(await queue.cancel(id)).toBe(true);
    await expect.poll(() => ended.length, { timeout: 10_000 }).toBe(1);
    expect(ended[0]).not.toBe('finished');
    expect((await queue.get(id))?.state).toBe('cancelled');
    // Ended: nothing to cancel.
    expect(await queue.cancel(id)).toBe(false);
  });

  it('starts no statement of a job cancelled while its statement was on its way', async () => {
    const queue = await newQueue();
    const connected = gate();
    const cancelled = gate();
    const ended: string[] = [];
    await queue.define({
      name: 'test-cancel-early',
      retryLimit: 0,
      run: async (job) => {
        try {
          await job.withConnection(async (sql) => {
            connected.open();
            // The cancel lands here: before the statement reaches the database.
            await cancelled.opened;
            return sql.query('SELECT pg_sleep(60)');
          });
          ended.push('finished');
        } catch (error) {
          ended.push(job.signal.aborted ? 'aborted' : (error as Error).message);
          throw error;
        }
      },
    });
    const id = (await queue.enqueue('test-cancel-early', {})) as string;
    await connected.opened;
    expect(await queue.cancel(id)).toBe(true);
    cancelled.open();
    await expect.poll(() => ended, { timeout: 10_000 }).toEqual(['aborted']);
  });

  it('runs no more of one customer’s jobs at once than its share, while another customer’s run', async () => {
    const queue = await newQueue();
    const [a, b] = [await customer('share-a'), await customer('share-b')];
    const running = new Map<string, number>();
    const most = new Map<string, number>();
    let done = 0;
    await queue.define<{ customer: string }>({
      name: 'test-share',
      workers: 3,
      perCustomer: 1,
      run: async (job) => {
        const c = job.data.customer;
        running.set(c, (running.get(c) ?? 0) + 1);
        most.set(c, Math.max(most.get(c) ?? 0, running.get(c) ?? 0));
        await new Promise((resolve) => setTimeout(resolve, 300));
        running.set(c, (running.get(c) ?? 0) - 1);
        done += 1;
      },
    });
    for (let i = 0; i < 3; i++) await queue.enqueue('test-share', { customer: a }, { customerId: a });
    await queue.enqueue('test-share', { customer: b }, { customerId: b });
    await expect.poll(() => done, { timeout: 20_000 }).toBe(4);
    expect(most.get(a)).toBe(1);
    expect(most.get(b)).toBe(1);
  });

  it('starts a customer’s next job only once a cancelled one has stopped running', async () => {
    const queue = await newQueue();
    const owner = await customer('share-cancel');
    const firstStarted = gate();
    const finishChunk = gate();
    const events: string[] = [];
    await queue.define<{ n: number }>({
      name: 'test-share-cancel',
      workers: 2,
      perCustomer: 1,
      retryLimit: 0,
      run: async (job) => {
        events.push(`start ${job.data.n}`);
        if (job.data.n === 1) {
          firstStarted.open();
          // A download notices its cancel only between two chunks: this one is still being written.
          await untilAborted(job.signal).catch(() => {});
          await finishChunk.opened;
        }
        events.push(`end ${job.data.n}`);
      },
    });
    const first = (await queue.enqueue('test-share-cancel', { n: 1 }, { customerId: owner })) as string;
    await firstStarted.opened;
    const second = (await queue.enqueue('test-share-cancel', { n: 2 }, { customerId: owner })) as string;
    expect(await queue.cancel(first)).toBe(true);
    // The first still runs (its chunk): its customer's one place is taken, whatever pg-boss says.
    const stillRunning = await queue.get(first);
    expect(stillRunning?.state).toBe('active');
    // Two polls (0.5 s each) give the second every chance to be taken: it must wait.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(events).toEqual(['start 1']);
    finishChunk.open();
    await expect.poll(() => events, { timeout: 10_000 }).toEqual(['start 1', 'end 1', 'start 2', 'end 2']);
    await expect.poll(async () => (await queue.get(first))?.state, { timeout: 10_000 }).toBe('cancelled');
    await expect.poll(async () => (await queue.get(second))?.state, { timeout: 10_000 }).toBe('completed');
  });

  it('finishes on the next replica a job cut by a stopping one', async () => {
    const first = await newQueue();
    const started = gate();
    await first.define({
      name: 'test-restart',
      retryDelaySeconds: 1,
      run: async (job) => {
        started.open();
        await untilAborted(job.signal);
      },
    });
    const id = (await first.enqueue('test-restart', {})) as string;
    await started.opened;
    await first.stop(1_000);
    const second = await newQueue();
    await second.define({
      name: 'test-restart',
      retryDelaySeconds: 1,
      run: async () => ({ finishedBy: 'second' }),
    });
    await expect.poll(async () => (await second.get(id))?.state, { timeout: 20_000 }).toBe('completed');
    expect((await second.get(id))?.output).toEqual({ finishedBy: 'second' });
  });
});
