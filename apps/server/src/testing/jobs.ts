// A queued job's run, for the tests that step in where the queue would: the run called by hand as
// a worker calls it (aborted before it starts, or on a connection the test watches), and a run
// started through the API followed until it settles.
import type { Queryable } from '../db/client.ts';
import type { RunningQueuedJob } from '../platform/queue.ts';
import type { ApiClient } from './api.ts';

/** The job a worker would hand `run`: its first attempt, on `db`, stopped by `signal`. */
export const queuedJob = <T>(
  data: T,
  customerId: string | undefined,
  db: Queryable,
  signal = new AbortController().signal,
): RunningQueuedJob<T> => ({
  id: 'job',
  data,
  customerId,
  attempt: 0,
  signal,
  progress: async () => {},
  withConnection: (body) => body(db),
});

/** The record at `path` once its status is no longer processing or aborting (polled). */
export async function settled(client: ApiClient, path: string, tries = 200) {
  for (let i = 0; i < tries; i += 1) {
    const res = await client.get(path);
    if (!['processing', 'aborting'].includes(res.body.data.status)) return res.body.data;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${path} did not finish`);
}
