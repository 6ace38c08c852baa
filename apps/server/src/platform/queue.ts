// The durable job queue: work that outlives a request (a year's download, later an import), on
// pg-boss over our own database, PostgreSQL or the embedded PGlite alike
// ([decision](../../../../docs/decisions/2026-12-07-job-queue.md)). pg-boss keeps each job's state,
// attempts, retries with back-off, the one-per-key rule and the per-customer share of workers;
// `queued_jobs` (0065) keeps whose job it is and its progress.
//
// A job is run at least once and finished at most once: a replica that stops or dies mid-job stops
// beating its heartbeat, and pg-boss gives the job to another worker (a retry) once the heartbeat is
// missed. Handlers therefore write their result so that running them again is harmless.
//
// Cancel reaches a waiting job through pg-boss's state (no worker takes it), and a running job two
// ways: its AbortSignal (on every replica at once through the live bus) and the SQL it runs on
// PostgreSQL (pg_cancel_backend on the connection named after the job). A running job stays
// `active` until its body has stopped, and only then is marked cancelled: pg-boss counts a
// customer's running jobs by that state, so the customer's next job waits for the cancelled one
// to let go (a download stops only between chunks). PGlite is one connection in this process: a
// statement cannot be cut there, so a job checks its signal between statements.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { fromPglite, PgBoss, type QueueResult } from 'pg-boss';
import type { DatabaseHandle, Queryable } from '../db/client.ts';
import type { LiveHub } from './live.ts';
import {
  advanceWaitingJob,
  cancelStatements,
  cancelWaitingJob,
  deleteForgottenRows,
  deleteQueuedJob,
  deleteQueuedJobs,
  insertQueuedJob,
  insertQueuedJobs,
  lastOutput,
  notifyWorkers,
  QUEUE_SCHEMA,
  type QueuedJob,
  type QueuedJobFilter,
  recordProgress,
  selectQueuedJobs,
} from './queue.repository.ts';

export {
  QUEUE_SCHEMA,
  QUEUED_JOB_STATES,
  type QueuedJob,
  type QueuedJobFilter,
  type QueuedJobState,
} from './queue.repository.ts';

/** How long a cancel waits for a job running on this replica to stop before it answers. */
const CANCEL_WAIT_MS = 5_000;

/** A running job's heartbeat: a job whose worker missed it for this long is given to another. */
export const QUEUE_HEARTBEAT_SECONDS = 30;

export interface QueueDefinition<T extends object> {
  name: string;
  /** What it answers, if an object, is kept as the job's output. */
  run(job: RunningQueuedJob<T>): Promise<unknown>;
  /** Attempts after the first, each after retryDelaySeconds · 2^n (with jitter). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** How many workers of this queue one replica runs: each takes `batchSize` jobs and runs them together. */
  workers?: number;
  /**
   * Jobs a worker takes at once (default 1, for long jobs). Short jobs: more, or a backlog drains
   * at one job per worker per poll (pg-boss fetches again at once only after a full batch).
   */
  batchSize?: number;
  /** How many of one customer's jobs of this queue run at once across every replica. */
  perCustomer?: number;
  /** The longest a run may take before it is failed (and retried). */
  expireInSeconds?: number;
  /**
   * `exclusive` (the default): one waiting or running job per key. `stately`: one waiting and one
   * running per key, a waiting one starting only once the running one has ended (timed jobs: the
   * next run is queued while one runs).
   */
  policy?: 'exclusive' | 'stately';
  /** How long an ended job stays listed (default 7 days). */
  keepSeconds?: number;
}

export interface RunningQueuedJob<T> {
  id: string;
  data: T;
  customerId: string | undefined;
  /** 0 on the first attempt. */
  attempt: number;
  /** Aborted when the job is cancelled, or its run was given up (expired, the replica stopping). */
  signal: AbortSignal;
  /** Records how far the job is (0–100) and what it is doing, for the screens that follow it. */
  progress(percent: number, note?: string): Promise<void>;
  /**
   * Runs `body` on a connection that cancelling the job interrupts (PostgreSQL: its running
   * statement ends with an error). PGlite: the shared connection; the job checks `signal`.
   */
  withConnection<R>(body: (db: Queryable) => Promise<R>): Promise<R>;
}

export interface EnqueueOptions {
  customerId?: string;
  requestedBy?: string;
  /** At most one job per key is waiting or running: another with the same key is refused. */
  key?: string;
  label?: string;
}

/** The connection name a job's own PostgreSQL connection carries, which cancel looks for. */
const connectionName = (id: string) => `fleetlens-job-${id}`;
/** How long after a job's start this replica wakes its queue's workers. */
const WAKE_SLACK_MS = 25;
/** How often a cancelled job's statement is cut again while its body has not ended. */
const CANCEL_AGAIN_MS = 200;

/**
 * Installs (or upgrades) pg-boss's tables without running anything: start() does it too, but on
 * PGlite it takes seconds, which the tests' migrated template pays once instead of each file.
 */
export async function installQueueSchema(database: DatabaseHandle): Promise<void> {
  const quiet = { schema: QUEUE_SCHEMA, supervise: false, schedule: false } as const;
  const boss = database.embedded
    ? new PgBoss({ ...quiet, db: fromPglite(database.embedded), backend: 'pglite' })
    : new PgBoss({ ...quiet, connectionString: database.url as string, max: 1 });
  await boss.start();
  await boss.stop({ graceful: false, close: true });
}

export class JobQueue {
  private readonly boss: PgBoss;
  private readonly definitions = new Map<string, QueueDefinition<object>>();
  /** The jobs this replica runs now, to abort at once on cancel. */
  private readonly running = new Map<string, AbortController>();
  /** Running jobs of this replica whose cancel was asked: marked cancelled once their body ends. */
  private readonly cancelAsked = new Set<string>();
  /** Settles when the running job's body has ended (and a cancelled one is marked so). */
  private readonly ended = new Map<string, Promise<void>>();
  private readonly abortEverywhere: (id: string) => Promise<void>;
  private started = false;
  private readonly database: DatabaseHandle;
  private readonly log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  /** How often an idle worker looks for jobs besides being woken (NOTIFY), and retries come due. */
  private readonly pollSeconds: number;

  constructor(
    database: DatabaseHandle,
    hub: LiveHub,
    log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
    options: { pollSeconds?: number } = {},
  ) {
    this.database = database;
    this.log = log;
    this.pollSeconds = options.pollSeconds ?? 2;
    const common = {
      schema: QUEUE_SCHEMA,
      useListenNotify: true,
      // Cron schedules are not used: timed jobs (platform/jobs.ts) queue their next run themselves,
      // at the moment it is due, to the second.
      schedule: false,
    } as const;
    if (database.embedded) {
      this.boss = new PgBoss({ ...common, db: fromPglite(database.embedded), backend: 'pglite' });
    } else if (database.url) {
      // A small pool of its own: workers poll and beat on it, beside the application's pool.
      this.boss = new PgBoss({ ...common, connectionString: database.url, max: 4 });
    } else throw new Error('the job queue needs PGlite or a PostgreSQL URL');
    this.boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
    this.abortEverywhere = hub.topic<string>('queued-job-abort', async (id) => this.abortRunning(id));
  }

  async start(): Promise<void> {
    await this.boss.start();
    this.started = true;
    // The queues there are, read once: a start then writes only the queues new or changed.
    const known = new Map((await this.boss.getQueues()).map((queue) => [queue.name, queue]));
    for (const definition of this.definitions.values()) await this.work(definition, known);
  }

  /** Declares a queue and how its jobs run; before or after start. */
  async define<T extends object>(definition: QueueDefinition<T>): Promise<void> {
    if (this.definitions.has(definition.name)) throw new Error(`queue ${definition.name} is defined already`);
    this.definitions.set(definition.name, definition as unknown as QueueDefinition<object>);
    if (this.started) await this.work(definition as unknown as QueueDefinition<object>);
  }

  private async work(definition: QueueDefinition<object>, known?: Map<string, QueueResult>): Promise<void> {
    const name = definition.name;
    const options = {
      // Every job carries a key (its own id when none is given): `exclusive` then means one
      // waiting or running job per key, and nothing more.
      policy: definition.policy ?? 'exclusive',
      notify: true,
      deleteAfterSeconds: definition.keepSeconds ?? 7 * 24 * 3600,
      retryLimit: definition.retryLimit ?? 2,
      retryDelay: definition.retryDelaySeconds ?? 5,
      retryBackoff: true,
      expireInSeconds: definition.expireInSeconds ?? 60 * 60,
      heartbeatSeconds: QUEUE_HEARTBEAT_SECONDS,
    };
    const stored = known ? known.get(name) : await this.boss.getQueue(name);
    if (stored) {
      const { policy: _policy, heartbeatSeconds: _heartbeat, ...changeable } = options;
      const changed = Object.entries(changeable).some(
        ([option, value]) => (stored as unknown as Record<string, unknown>)[option] !== value,
      );
      if (changed) await this.boss.updateQueue(name, changeable);
    } else await this.boss.createQueue(name, options);
    const batchSize = definition.batchSize ?? 1;
    await this.boss.work<object>(
      name,
      {
        batchSize,
        // While fetches come back full there is a backlog: fetch again at once, not after a poll.
        burstWhenBatchFull: true,
        perJobResults: true,
        localConcurrency: definition.workers ?? 2,
        ...(definition.perCustomer ? { groupConcurrency: definition.perCustomer } : {}),
        pollingIntervalSeconds: this.pollSeconds,
        notifyPollingIntervalSeconds: this.pollSeconds,
      },
      async (jobs) => {
        const settled = await Promise.allSettled(jobs.map((job) => this.runOne(definition, job)));
        return settled.map((outcome, i) => {
          const id = (jobs[i] as { id: string }).id;
          return outcome.status === 'fulfilled'
            ? { id, status: 'completed' as const, output: outcome.value }
            : {
                id,
                status: 'failed' as const,
                output: { message: String((outcome.reason as Error)?.message ?? outcome.reason) },
              };
        });
      },
    );
  }

  /** Aborts the job if this replica runs it; its cancelled state is written once its body ends. */
  private abortRunning(id: string): void {
    const controller = this.running.get(id);
    if (!controller) return;
    this.cancelAsked.add(id);
    controller.abort();
  }

  private async runOne(
    definition: QueueDefinition<object>,
    job: { id: string; data: object; retryCount: number; signal: AbortSignal; groupId?: string | null },
  ): Promise<object | undefined> {
    const local = new AbortController();
    this.running.set(job.id, local);
    let end = () => {};
    this.ended.set(job.id, new Promise<void>((resolve) => (end = resolve)));
    const signal = AbortSignal.any([local.signal, job.signal]);
    try {
      // The customer is the job's pg-boss group (enqueue sets it), so a start costs no statement.
      const customerId = job.groupId ?? undefined;
      const result = await definition.run({
        id: job.id,
        data: job.data,
        customerId,
        attempt: job.retryCount,
        signal,
        progress: (percent, note = '') => this.progress(job.id, percent, note),
        withConnection: (body) => this.withConnection(job.id, signal, body),
      });
      return typeof result === 'object' && result !== null ? result : undefined;
    } finally {
      this.running.delete(job.id);
      if (this.cancelAsked.delete(job.id)) {
        // Still `active` until here, so the customer's share stayed taken while the body ran; the
        // worker's own settle of it then finds it cancelled and leaves it so.
        await this.boss
          .cancel(definition.name, job.id)
          .catch((error) => this.log.warn({ err: error, id: job.id }, 'cancelled job not marked'));
      }
      this.ended.delete(job.id);
      end();
    }
  }

  private async progress(id: string, percent: number, note: string): Promise<void> {
    await recordProgress(this.database, id, Math.max(0, Math.min(100, Math.round(percent))), note);
  }

  private async withConnection<R>(
    id: string,
    signal: AbortSignal,
    body: (db: Queryable) => Promise<R>,
  ): Promise<R> {
    // PGlite: one connection, no statement to cut; a cancelled job starts no new one.
    if (!this.database.url)
      return body({
        query: <T>(text: string, params?: unknown[]) => {
          if (signal.aborted) throw new Error('the job was cancelled');
          return this.database.query<T>(text, params);
        },
      });
    const client = new pg.Client({
      connectionString: this.database.url,
      application_name: connectionName(id),
    });
    // A lost connection fails the running statement; it must not crash the process.
    client.on('error', () => {});
    await client.connect();
    // A cancel that came while the statement was still on its way found nothing to cut
    // (pg_cancel_backend cuts only what runs): once aborted, the job's statement is cut again every
    // moment until the body ends, and no new statement starts.
    let again: ReturnType<typeof setTimeout> | undefined;
    const cut = () => {
      cancelStatements(this.database, connectionName(id)).catch(() => {});
      again = setTimeout(cut, CANCEL_AGAIN_MS);
    };
    signal.addEventListener('abort', cut, { once: true });
    if (signal.aborted) cut();
    try {
      return await body({
        query: async <T>(text: string, params: unknown[] = []) => {
          if (signal.aborted) throw new Error('the job was cancelled');
          return (await client.query(text, params)).rows as T[];
        },
      });
    } finally {
      signal.removeEventListener('abort', cut);
      clearTimeout(again);
      await client.end().catch(() => {});
    }
  }

  /**
   * Queues a job: its id, or undefined when a job with the same key is waiting or running (the
   * caller tells the user it is already asked for).
   */
  async enqueue<T extends object>(
    queue: string,
    data: T,
    options: EnqueueOptions = {},
  ): Promise<string | undefined> {
    if (!this.definitions.has(queue)) throw new Error(`queue ${queue} is not defined`);
    const id = randomUUID();
    // The row first: a worker may take the job the moment pg-boss has it.
    await insertQueuedJob(this.database, { id, queue, ...options });
    let sent: string | null = null;
    try {
      sent = await this.boss.send(queue, data, {
        id,
        singletonKey: options.key ?? id,
        ...(options.customerId ? { group: { id: options.customerId } } : {}),
      });
    } finally {
      if (!sent) await deleteQueuedJob(this.database, id);
    }
    return sent ?? undefined;
  }

  /**
   * Queues several jobs with two statements (their rows, then pg-boss's): many small jobs at once
   * (an import's parts). Answers each one's id, or undefined where a job with its key was there.
   */
  async enqueueMany<T extends object>(
    queue: string,
    jobs: { data: T; options?: EnqueueOptions }[],
  ): Promise<(string | undefined)[]> {
    if (!this.definitions.has(queue)) throw new Error(`queue ${queue} is not defined`);
    const rows = jobs.map((job) => ({ id: randomUUID(), queue, ...job.options }));
    await insertQueuedJobs(this.database, rows);
    let sent = new Set<string>();
    try {
      const ids = await this.boss.insert(
        queue,
        rows.map((row, i) => ({
          id: row.id,
          data: (jobs[i] as { data: T }).data,
          singletonKey: row.key ?? row.id,
          ...(row.customerId ? { group: { id: row.customerId } } : {}),
        })),
        { returnId: true },
      );
      sent = new Set(ids ?? []);
    } finally {
      const refused = rows.filter((row) => !sent.has(row.id)).map((row) => row.id);
      if (refused.length > 0) await deleteQueuedJobs(this.database, refused);
    }
    return rows.map((row) => (sent.has(row.id) ? row.id : undefined));
  }

  /**
   * Queues a job of `key` to start `delayMs` from now, or brings the one of `key` already waiting
   * forward to then (never later), its data replaced when `data` is given: the waiting job's id.
   * For `stately` queues (a job may wait while another of its key runs). The replica that asked
   * wakes the workers when the moment comes; pg-boss's poll is the others' fallback.
   */
  async enqueueAt(
    queue: string,
    options: { key: string; delayMs: number; label?: string; data?: object },
  ): Promise<string> {
    if (!this.definitions.has(queue)) throw new Error(`queue ${queue} is not defined`);
    const delayMs = Math.max(0, Math.round(options.delayMs));
    const { key, data } = options;
    // Twice at most: a job queued by another replica between the two steps is then advanced.
    for (let attempt = 0; ; attempt++) {
      const waiting = await advanceWaitingJob(this.database, queue, key, delayMs, data);
      if (waiting) {
        this.wakeAt(queue, delayMs);
        return waiting;
      }
      const id = randomUUID();
      await insertQueuedJob(this.database, { id, queue, label: options.label ?? key });
      let sent: string | null = null;
      try {
        sent = await this.boss.send(queue, data ?? {}, {
          id,
          singletonKey: key,
          startAfter: delayMs / 1000,
        });
      } finally {
        if (!sent) await deleteQueuedJob(this.database, id);
      }
      if (sent) {
        this.wakeAt(queue, delayMs);
        return sent;
      }
      if (attempt > 0) throw new Error(`no job of ${queue} queued for ${key}`);
    }
  }

  /** This replica's wake-ups of queues at a job's start (a queue's earliest one is kept). */
  private readonly wakeUps = new Map<string, { at: number; timer: NodeJS.Timeout }>();

  private wakeAt(queue: string, delayMs: number): void {
    if (delayMs === 0) return;
    const at = Date.now() + delayMs;
    const current = this.wakeUps.get(queue);
    if (current && current.at <= at && current.at > Date.now()) return;
    clearTimeout(current?.timer);
    // A little after the moment: the database's clock decides whether the job is due.
    const timer = setTimeout(() => {
      this.wakeUps.delete(queue);
      if (this.started) notifyWorkers(this.database, queue).catch(() => {});
    }, delayMs + WAKE_SLACK_MS);
    timer.unref();
    this.wakeUps.set(queue, { at, timer });
  }

  /** A field of the output of the queue's last completed job that answered it. */
  lastOutput(queue: string, field: string): Promise<unknown> {
    return lastOutput(this.database, queue, field);
  }

  /** Drops the rows of jobs pg-boss has deleted after their retention: how many. */
  forgetDeleted(): Promise<number> {
    return deleteForgottenRows(this.database);
  }

  /** This replica takes no more jobs of `queue` and waits for its running ones. */
  async stopWorking(queue: string): Promise<void> {
    if (this.started) await this.boss.offWork(queue, { wait: true });
  }

  /** Cancels a waiting or running job; false when it had ended (or is unknown). */
  async cancel(id: string): Promise<boolean> {
    const job = await this.get(id);
    if (!job || !['created', 'retry', 'active'].includes(job.state)) return false;
    // Waiting: cancelled at once, unless a worker took it meanwhile (then it is running).
    if (await cancelWaitingJob(this.database, job.queue, id)) return true;
    // Running: stopped wherever it runs; the replica running it marks it cancelled once it stopped.
    await this.abortEverywhere(id).catch((error) => this.log.warn({ err: error, id }, 'job abort not sent'));
    this.abortRunning(id);
    if (this.database.engine === 'postgres') await cancelStatements(this.database, connectionName(id));
    // Run here: the answer waits (a little) for the body to stop, so whoever cancelled reads the job
    // cancelled, not still active; run on another replica, it is marked there once stopped.
    const ended = this.ended.get(id);
    if (ended) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([ended, new Promise((resolve) => (timer = setTimeout(resolve, CANCEL_WAIT_MS)))]);
      clearTimeout(timer);
    }
    return true;
  }

  /** Runs a failed or cancelled job again; false when it is not one. */
  async retry(id: string): Promise<boolean> {
    const job = await this.get(id);
    if (!job) return false;
    if (job.state === 'failed') await this.boss.retry(job.queue, id);
    else if (job.state === 'cancelled') await this.boss.resume(job.queue, id);
    else return false;
    await recordProgress(this.database, id, 0, '');
    return true;
  }

  async get(id: string): Promise<QueuedJob | undefined> {
    return (await selectQueuedJobs(this.database, { id, limit: 1 })).jobs[0];
  }

  /** Jobs newest first, with their total. */
  list(filter: QueuedJobFilter = {}): Promise<{ jobs: QueuedJob[]; total: number }> {
    return selectQueuedJobs(this.database, filter);
  }

  /** Stops taking jobs and waits (at most `timeoutMs`) for the running ones; they run again elsewhere. */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (!this.started) return;
    this.started = false;
    for (const { timer } of this.wakeUps.values()) clearTimeout(timer);
    this.wakeUps.clear();
    for (const controller of this.running.values()) controller.abort();
    await this.boss.stop({ graceful: true, timeout: timeoutMs, close: true });
  }
}
