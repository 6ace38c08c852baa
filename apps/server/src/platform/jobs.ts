// Timed jobs: work that runs at moments the database knows (a notice's publish or expiry time, a
// firmware stage) or once per period (figures, sweeps), each run a job on the durable queue
// (queue.ts, pg-boss), so it runs on one replica at a time, survives a restart, retries with
// back-off and shows in the jobs view with its progress.
//
// A job answers, each time it runs, when it is next due; the run then queues the next one at that
// moment (at least a second on, at most the job's longest wait), in the job's own queue under one
// key. The queue's `stately` policy keeps one waiting and one running run per job across every
// replica, and a waiting run starts only once the running one has ended: two replicas never run
// a job at once, and a wake() while it runs brings the waiting run forward instead of adding one.
// The next run carries this run's time, so it does the work due since then; a run that is given up
// (its replica stopping or dying) is retried with the time it had, and finishes what it began.
// Every replica checks, within the longest wait, that each job has a run queued (a run cancelled in
// the jobs view, or failed beyond its retries, would otherwise end the chain).
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { TIMED_QUEUE_PREFIX } from '@fleetlens/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue, RunningQueuedJob } from './queue.ts';

export interface Job {
  name: string;
  /** Does the work due in (since, now] and answers when it is next due (undefined: none known). */
  run(since: Date, now: Date, run?: TimedRun): Promise<Date | undefined>;
}

/** What a run may use besides its times. */
export interface TimedRun {
  /** Aborted when the run is cancelled in the jobs view or its replica stops. */
  signal: AbortSignal;
  /** Records how far the run is (0–100) and what it is doing, for the jobs view. */
  progress(percent: number, note?: string): Promise<void>;
}

export interface RunningJob {
  /** Something changed (a notice was saved): run now and learn the next moment again. */
  wake(): void;
  /** This replica runs the job no more; a run in flight here ends first. */
  stop(): Promise<void>;
}

export const JOB_MAX_WAIT_MS = 60_000;
/** The least time between two runs the job itself asked for: a due time already past by this
 *  process's clock (the database's clock is ahead) must not make the job spin. */
export const JOB_MIN_GAP_MS = 1_000;
/** A moment is handled only once it has passed. */
const SLACK_MS = 25;
/** A run that fails is tried again this many times; the next run comes anyway (the check). */
const TIMED_RETRY_LIMIT = 3;
/** How long a timed job's ended runs stay listed: they come every minute or more often. */
const KEEP_RUNS_SECONDS = 24 * 3600;

export const timedQueueOf = (name: string) => `${TIMED_QUEUE_PREFIX}${name.replace(/[^\w.-]+/g, '-')}`;

/** When the run after one at `now` starts, from now, given when the job said it is next due. */
export function nextDelayMs(now: Date, next: Date | undefined, maxWaitMs: number): number {
  if (!next) return maxWaitMs;
  return Math.min(Math.max(next.getTime() - now.getTime() + SLACK_MS, JOB_MIN_GAP_MS), maxWaitMs);
}

interface TimedEntry {
  job: Job;
  queue: string;
  maxWaitMs: number;
}

/** Runs this replica's share of the timed jobs on the queue (see the opening comment). */
export class TimedJobs {
  /** This replica, as the device link's broker sessions name it. */
  readonly holder = `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
  private readonly entries = new Map<string, TimedEntry>();
  private readonly defined: Promise<void>[] = [];
  /** Jobs this replica leaves undone (a test driving a job at its own clock). */
  private readonly paused = new Set<string>();
  /** The runs under way on this replica. */
  private readonly inFlight = new Set<Promise<unknown>>();
  private guard: NodeJS.Timeout | undefined;
  private opened = false;
  private opening: Promise<unknown> = Promise.resolve();
  /** Where a job's first run ever starts from. */
  private readonly startedAt: Date;
  private readonly queue: JobQueue;
  private readonly log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  /** A job's longest wait unless it names its own (config's JOB_MAX_WAIT_SECONDS). */
  private readonly maxWaitMs: number;
  /** A failed run's first retry waits this long, each next one twice as long (pg-boss's back-off). */
  private readonly retryDelaySeconds: number;
  /** The time a run gets as its `now`. */
  private readonly clock: () => Date;

  constructor(
    queue: JobQueue,
    log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
    options: { maxWaitMs?: number; clock?: () => Date; retryDelaySeconds?: number } = {},
  ) {
    this.queue = queue;
    this.retryDelaySeconds = options.retryDelaySeconds ?? 5;
    this.log = log;
    this.maxWaitMs = options.maxWaitMs ?? JOB_MAX_WAIT_MS;
    this.clock = options.clock ?? (() => new Date());
    this.startedAt = this.clock();
  }

  /** Declares a timed job; its runs begin once `open()` (after the queue started). */
  start(job: Job, maxWaitMs = this.maxWaitMs): RunningJob {
    if (this.entries.has(job.name)) throw new Error(`job ${job.name} runs already`);
    const entry: TimedEntry = { job, queue: timedQueueOf(job.name), maxWaitMs };
    this.entries.set(job.name, entry);
    this.defined.push(
      this.queue.define<{ since?: string }>({
        name: entry.queue,
        policy: 'stately',
        retryLimit: TIMED_RETRY_LIMIT,
        retryDelaySeconds: this.retryDelaySeconds,
        workers: 1,
        expireInSeconds: 30 * 60,
        keepSeconds: KEEP_RUNS_SECONDS,
        run: (run) => this.tracked(this.runOnce(entry, run)),
      }),
    );
    // Started after open(): its first run now.
    if (this.opened)
      void this.defined
        .at(-1)
        ?.then(() => this.schedule(entry, 0))
        .catch((error) => this.log.warn({ err: error, job: job.name }, 'timed job not queued'));
    // Wakes come in bursts (every device batch wakes the clips' job): one statement at a time per
    // job, and one more after it for whatever woke it meanwhile.
    let waking = false;
    let again = false;
    const wake = () => {
      if (waking) {
        again = true;
        return;
      }
      waking = true;
      this.schedule(entry, 0)
        .catch((error) => this.log.warn({ err: error, job: job.name }, 'timed job not woken'))
        .finally(() => {
          waking = false;
          if (again) {
            again = false;
            wake();
          }
        });
    };
    return {
      wake,
      stop: async () => {
        this.entries.delete(job.name);
        await this.queue.stopWorking(entry.queue);
      },
    };
  }

  /**
   * After the queue started: each job runs now (a replica starting may follow changes no run has
   * seen), and every longest wait this replica checks that each job has a run queued.
   */
  async open(): Promise<void> {
    await Promise.all(this.defined);
    this.opened = true;
    // Not awaited: the server answers meanwhile; close() waits for them.
    this.opening = Promise.all(
      [...this.entries.values()].map((entry) =>
        this.schedule(entry, 0).catch((error) =>
          this.log.warn({ err: error, job: entry.job.name }, 'timed job not queued'),
        ),
      ),
    );
    this.guard = setInterval(() => {
      for (const entry of this.entries.values())
        this.schedule(entry, entry.maxWaitMs).catch((error) =>
          this.log.warn({ err: error, job: entry.job.name }, 'timed job not queued'),
        );
    }, this.maxWaitMs);
    this.guard.unref();
  }

  async close(): Promise<void> {
    clearInterval(this.guard);
    await this.opening;
  }

  /** Runs the job now (tests, instead of waiting for its moment): the id of the run queued. */
  trigger(name: string): Promise<string> {
    const entry = this.entries.get(name);
    if (!entry) throw new Error(`no timed job ${name}`);
    return this.schedule(entry, 0);
  }

  /**
   * This replica leaves the job's runs undone until resumed (a test driving the job itself);
   * answers once the runs in flight here have ended.
   */
  async pause(name: string): Promise<void> {
    this.paused.add(name);
    await Promise.allSettled([...this.inFlight]);
  }

  resume(name: string): void {
    this.paused.delete(name);
  }

  /**
   * Every job's runs left undone here from now, once the runs in flight here have ended: a test
   * that judges the database before and after its own calls, with no job changing it meanwhile.
   */
  async pauseAll(): Promise<void> {
    await Promise.all([...this.entries.keys()].map((name) => this.pause(name)));
  }

  private tracked<T>(run: Promise<T>): Promise<T> {
    this.inFlight.add(run);
    const done = () => this.inFlight.delete(run);
    run.then(done, done);
    return run;
  }

  private schedule(entry: TimedEntry, delayMs: number, since?: Date): Promise<string> {
    return this.queue.enqueueAt(entry.queue, {
      key: entry.job.name,
      delayMs,
      label: entry.job.name,
      ...(since ? { data: { since: since.toISOString() } } : {}),
    });
  }

  private async runOnce(entry: TimedEntry, run: RunningQueuedJob<{ since?: string }>) {
    const now = this.clock();
    if (this.paused.has(entry.job.name)) return { paused: true };
    // The run before this one queued it with its own time; a run queued otherwise (a wake with
    // none waiting, the check) starts where the last completed run ended.
    const last = run.data.since ?? ((await this.queue.lastOutput(entry.queue, 'ran')) as string | undefined);
    const since = last ? new Date(last) : this.startedAt;
    const next = await entry.job.run(since, now, { signal: run.signal, progress: run.progress });
    await run.progress(100);
    await this.schedule(entry, nextDelayMs(now, next, entry.maxWaitMs), now);
    return { ran: now.toISOString(), next: next?.toISOString() ?? null };
  }
}
