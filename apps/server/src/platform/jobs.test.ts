// The job runner: a due time already past by this clock (database clock ahead) runs at most once a second.
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JOB_MIN_GAP_MS, startJob } from './jobs.ts';

const log = { error: () => {} } as unknown as FastifyBaseLogger;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('startJob', () => {
  it('waits at least a second between runs when the next due time has already passed', async () => {
    let runs = 0;
    const job = startJob(
      {
        name: 'skewed',
        run: async () => {
          runs += 1;
          return new Date(Date.now() - 5_000);
        },
      },
      log,
    );
    await vi.advanceTimersByTimeAsync(30);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(JOB_MIN_GAP_MS * 3 - 50);
    expect(runs).toBe(3);
    await job.stop();
  });

  it('still runs at once when woken', async () => {
    let runs = 0;
    const run = async () => {
      runs += 1;
      return undefined;
    };
    const job = startJob({ name: 'woken', run }, log);
    await vi.advanceTimersByTimeAsync(30);
    job.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(2);
    await job.stop();
  });
});
