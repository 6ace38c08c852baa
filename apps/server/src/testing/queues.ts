// The job queue's own tests (the queue, the timed jobs) on a database of their file, without the
// app: each queue a test makes is a replica of its own, all of them stopped, and the database
// dropped, after the file's tests.
import type { FastifyBaseLogger } from 'fastify';
import { afterAll } from 'vitest';
import { LiveHub } from '../platform/live.ts';
import { JobQueue } from '../platform/queue.ts';
import { createTestDatabase } from './database.ts';

// The queue only ever logs errors and warnings; a test reads what a job did, not the log.
export const quietLog = { error: () => {}, warn: () => {} } as unknown as FastifyBaseLogger;

export function queuesPerFile() {
  const database = createTestDatabase();
  const queues: JobQueue[] = [];
  afterAll(async () => {
    for (const queue of queues) await queue.stop(1_000);
    await (await database).drop();
  });
  return {
    database,
    /** A replica's queue on the file's database, not started yet. */
    async replicaQueue(): Promise<JobQueue> {
      const queue = new JobQueue(await database, new LiveHub(), quietLog, { pollSeconds: 0.5 });
      queues.push(queue);
      return queue;
    },
  };
}
