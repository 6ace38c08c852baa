// Timed jobs across replicas: two runners on one database run a job on one replica at a time, and
// when the holder stops, the other takes the job over from the last run's time.
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/database.ts';
import { JobRunner } from './jobs.ts';
import { LiveHub } from './live.ts';

const log = { error: () => {}, warn: () => {} } as unknown as FastifyBaseLogger;
const database = createTestDatabase();
afterAll(async () => (await database).drop());

describe('timed jobs on two replicas', () => {
  it('run on one replica at a time, and move to the other when it stops', async () => {
    const db = await database;
    const runs: { replica: string; since: Date; now: Date }[] = [];
    const job = (replica: string) => ({
      name: 'lease-test',
      run: async (since: Date, now: Date) => {
        runs.push({ replica, since, now });
        return new Date(now.getTime() + 100);
      },
    });
    // Runs at least a second apart (JOB_MIN_GAP_MS); the lease lasts two of its longest waits.
    const a = new JobRunner(db, new LiveHub(), log).start(job('a'), 1_000);
    await expect.poll(() => runs.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
    const b = new JobRunner(db, new LiveHub(), log).start(job('b'), 1_000);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(new Set(runs.map((r) => r.replica))).toEqual(new Set(['a']));
    await a.stop();
    const lastOfA = runs.at(-1) as (typeof runs)[number];
    // B looks again within its longest wait, finds the lease free and starts where A ended.
    await expect.poll(() => runs.some((r) => r.replica === 'b'), { timeout: 5_000 }).toBe(true);
    const firstOfB = runs.find((r) => r.replica === 'b');
    expect(firstOfB?.since.getTime()).toBe(lastOfA.now.getTime());
    await b.stop();
    const [lease] = await db.query<{ runs: string }>("SELECT runs FROM job_leases WHERE name = 'lease-test'");
    expect(Number(lease?.runs)).toBe(runs.length);
  });
});
