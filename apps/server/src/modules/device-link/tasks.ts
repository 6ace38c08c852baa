// The link's work that nobody awaits: the write after a broker's connect or disconnect, the live
// pushes after a commit, commands sent to a device that came back, the timed sweeps. Closing the
// link waits for all of it, so none of it runs into a database that has been closed
// ("Cannot use a pool after calling end").
import type { FastifyBaseLogger } from 'fastify';

export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();
  private closed = false;
  private readonly log: FastifyBaseLogger;

  constructor(log: FastifyBaseLogger) {
    this.log = log;
  }

  /** Starts `work` now (never throws: a failure is logged as `failure`); dropped once closed. */
  run(failure: string, work: () => Promise<unknown>): void {
    if (this.closed) {
      this.log.debug({ failure }, 'device link closed; background work dropped');
      return;
    }
    const task: Promise<void> = work().then(
      () => {},
      (error) => this.log.warn({ err: error }, failure),
    );
    this.running.add(task);
    void task.then(() => this.running.delete(task));
  }

  /** Waits for the running work, including what it starts meanwhile, then takes no more. */
  async close(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
    this.closed = true;
  }
}
