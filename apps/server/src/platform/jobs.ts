// Background jobs that run at moments the database knows (a notice's publish or expiry time).
// A job answers, each time it runs, when it is next due; the runner sleeps until then, or at most
// `maxWaitMs`, so a moment written by another replica (or before a restart) is still met. Nothing
// lives only in memory: every run starts again from the database. stop() waits for a run in flight,
// so the database is never closed under it.
//
// Each job runs on one replica at a time (`JobRunner`): the replica holding the job's lease in
// `job_leases` runs it and renews the lease at each run; the others check back when the lease
// would end and take it over once its holder stops renewing. The time of the last run moves with
// the lease. A wake() on any replica wakes the job on every replica (the live bus), so the holder
// runs at once whichever replica saw the change.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client.ts';
import { claimLease, type LeaseClaim, recordRun, releaseLease } from './jobs.repository.ts';
import type { LiveHub } from './live.ts';

export interface Job {
  name: string;
  /** Does the work due in (since, now] and answers when it is next due (undefined: none known). */
  run(since: Date, now: Date): Promise<Date | undefined>;
}

export interface RunningJob {
  /** Something changed (a notice was saved): run now and learn the next moment again. */
  wake(): void;
  stop(): Promise<void>;
}

export const JOB_MAX_WAIT_MS = 60_000;
// setTimeout fires a little early at times; a moment is handled only once it has passed.
const SLACK_MS = 25;
/** The least time between two runs the job itself asked for: a due time already past by this
 *  process's clock (the database's clock is ahead) must not make the runner spin. */
export const JOB_MIN_GAP_MS = 1_000;

/** Who runs a job across replicas (JobRunner); without one, this process runs it alone. */
export interface JobLease {
  claim(name: string): Promise<LeaseClaim>;
  ran(name: string, at: Date): Promise<void>;
  release(name: string): Promise<void>;
}

export function startJob(
  job: Job,
  log: Pick<FastifyBaseLogger, 'error'>,
  maxWaitMs = JOB_MAX_WAIT_MS,
  lease?: JobLease,
): RunningJob {
  let since = new Date();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  let lastRun = 0;

  const schedule = (next: Date | undefined, minGap = true) => {
    if (stopped) return;
    clearTimeout(timer);
    const earliest = minGap ? lastRun + JOB_MIN_GAP_MS - Date.now() : 0;
    const wait = next
      ? Math.min(Math.max(0, earliest, next.getTime() - Date.now() + SLACK_MS), maxWaitMs)
      : maxWaitMs;
    timer = setTimeout(tick, wait);
    // A waiting job never keeps the process alive.
    timer.unref?.();
  };

  function tick(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      const now = new Date();
      lastRun = now.getTime();
      let next: Date | undefined;
      try {
        const claim: LeaseClaim = lease ? await lease.claim(job.name) : { held: true, lastRunAt: undefined };
        if (claim.held) {
          next = await job.run(claim.lastRunAt ?? since, now);
          since = now;
          await lease?.ran(job.name, now);
          // Another replica's lease: look again when it would end (at most maxWaitMs from now).
        } else next = claim.until;
      } catch (error) {
        log.error({ err: error, job: job.name }, 'job failed; retrying later');
      }
      running = undefined;
      if (again) {
        again = false;
        // A wake() during the run asked for a run now: not the job's own (possibly skewed) due time.
        schedule(new Date(), false);
      } else schedule(next);
    })();
  }

  schedule(new Date(), false);
  return {
    wake: () => tick(),
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
      await lease?.release(job.name).catch(() => {});
    },
  };
}

/** A lease outlives the longest wait between two runs of its holder, with room for a slow run. */
const LEASE_MS_PER_WAIT = 2;

/** Starts this replica's timed jobs, each run on one replica at a time (see the opening comment). */
export class JobRunner {
  /** This replica, as `job_leases.holder` names it. */
  readonly holder = `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
  private readonly running = new Map<string, RunningJob>();
  private readonly wakeEverywhere: (name: string) => Promise<void>;
  private readonly database: DatabaseHandle;
  private readonly log: FastifyBaseLogger;

  /** A job's longest wait unless it names its own (config's JOB_MAX_WAIT_SECONDS). */
  private readonly maxWaitMs: number;

  constructor(database: DatabaseHandle, hub: LiveHub, log: FastifyBaseLogger, maxWaitMs = JOB_MAX_WAIT_MS) {
    this.database = database;
    this.log = log;
    this.maxWaitMs = maxWaitMs;
    this.wakeEverywhere = hub.topic<string>('job-wake', async (name) => this.running.get(name)?.wake());
  }

  start(job: Job, maxWaitMs = this.maxWaitMs): RunningJob {
    if (this.running.has(job.name)) throw new Error(`job ${job.name} runs already`);
    // The holder claims again within its longest wait (or the least gap between runs, if longer).
    const leaseMs = Math.max(maxWaitMs, JOB_MIN_GAP_MS) * LEASE_MS_PER_WAIT;
    const lease: JobLease = {
      claim: (name) => claimLease(this.database, name, this.holder, leaseMs),
      ran: (name, at) => recordRun(this.database, name, this.holder, at, leaseMs),
      release: (name) => releaseLease(this.database, name, this.holder),
    };
    const local = startJob(job, this.log, maxWaitMs, lease);
    const running: RunningJob = {
      wake: () =>
        void this.wakeEverywhere(job.name).catch((error) =>
          this.log.warn({ err: error, job: job.name }, 'job not woken on every replica'),
        ),
      stop: async () => {
        this.running.delete(job.name);
        await local.stop();
        // The lease is free: the job runs on another replica now rather than once it would have ended.
        await this.wakeEverywhere(job.name).catch(() => {});
      },
    };
    this.running.set(job.name, local);
    // A replica starting may follow a change no holder has heard of (rows written before it
    // started): the holder, wherever it runs, looks again.
    void this.wakeEverywhere(job.name).catch(() => {});
    return running;
  }
}
