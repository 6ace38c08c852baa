// Background jobs that run at moments the database knows (a notice's publish or expiry time).
// A job answers, each time it runs, when it is next due; the runner sleeps until then, or at most
// `maxWaitMs`, so a moment written by another replica (or before a restart) is still met. Nothing
// lives only in memory: every run starts again from the database. stop() waits for a run in flight,
// so the database is never closed under it.
import type { FastifyBaseLogger } from 'fastify';

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

export function startJob(job: Job, log: FastifyBaseLogger, maxWaitMs = JOB_MAX_WAIT_MS): RunningJob {
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
        next = await job.run(since, now);
        since = now;
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
    },
  };
}
