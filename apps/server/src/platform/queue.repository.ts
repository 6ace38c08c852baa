// The job queue's own rows (0065_queued_jobs.sql) and its reads of pg-boss's job table, which
// holds each job's state, attempts and times, and its one write there (cancelling a waiting job).
import type { Queryable } from '../db/client.ts';

/** pg-boss's schema. */
export const QUEUE_SCHEMA = 'pgboss';

export type QueuedJobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
export const QUEUED_JOB_STATES: readonly QueuedJobState[] = [
  'created',
  'retry',
  'active',
  'completed',
  'cancelled',
  'failed',
];

export interface QueuedJob {
  id: string;
  queue: string;
  state: QueuedJobState;
  customerId: string | null;
  customerName: string | null;
  requestedBy: string | null;
  label: string;
  progress: number;
  progressNote: string;
  attempts: number;
  retryLimit: number;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  updatedAt: Date;
  output: unknown;
}

export interface QueuedJobFilter {
  queue?: string;
  /** Only the queues whose name starts with `prefix` (or, `match` false, the others). */
  queuePrefix?: { prefix: string; match: boolean };
  state?: QueuedJobState;
  customerId?: string;
  limit?: number;
  offset?: number;
}

export async function insertQueuedJob(
  db: Queryable,
  job: { id: string; queue: string; customerId?: string; requestedBy?: string; label?: string },
): Promise<void> {
  await db.query(
    'INSERT INTO queued_jobs (id, queue, customer_id, requested_by, label) VALUES ($1, $2, $3, $4, $5)',
    [job.id, job.queue, job.customerId ?? null, job.requestedBy ?? null, job.label ?? ''],
  );
}

/** Many jobs' rows in one statement. */
export async function insertQueuedJobs(
  db: Queryable,
  jobs: { id: string; queue: string; customerId?: string; requestedBy?: string; label?: string }[],
): Promise<void> {
  await db.query(
    `INSERT INTO queued_jobs (id, queue, customer_id, requested_by, label)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::uuid[], $5::text[])`,
    [
      jobs.map((j) => j.id),
      jobs.map((j) => j.queue),
      jobs.map((j) => j.customerId ?? null),
      jobs.map((j) => j.requestedBy ?? null),
      jobs.map((j) => j.label ?? ''),
    ],
  );
}

export async function deleteQueuedJobs(db: Queryable, ids: string[]): Promise<void> {
  await db.query('DELETE FROM queued_jobs WHERE id = ANY($1::uuid[])', [ids]);
}

export async function deleteQueuedJob(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM queued_jobs WHERE id = $1', [id]);
}

export async function recordProgress(
  db: Queryable,
  id: string,
  percent: number,
  note: string,
): Promise<void> {
  await db.query(
    'UPDATE queued_jobs SET progress = $2, progress_note = $3, updated_at = now() WHERE id = $1',
    [id, percent, note],
  );
}

/**
 * Cancels a job still waiting (pg-boss's created or retry): true when it was. A job a worker has
 * taken is left to its worker, which marks it cancelled once its body has stopped. pg-boss's own
 * cancel would mark a running job cancelled at once, freeing its customer's share while it runs.
 */
export async function cancelWaitingJob(db: Queryable, queue: string, id: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE ${QUEUE_SCHEMA}.job SET state = 'cancelled', completed_on = ${QUEUE_SCHEMA}.job_now()
      WHERE name = $1 AND id = $2 AND state < 'active' RETURNING id`,
    [queue, id],
  );
  return rows.length > 0;
}

/**
 * Brings the newest waiting job of `key` forward to `delayMs` from now (never later than it was),
 * and replaces its data when `data` is given and it has not run yet: its id, or undefined when
 * none waits. A job waiting for its retry counts as waiting (it is brought forward, keeping its
 * data). A job due now wakes the workers as pg-boss's own sends do (its NOTIFY channel).
 */
export async function advanceWaitingJob(
  db: Queryable,
  queue: string,
  key: string,
  delayMs: number,
  data: object | undefined,
): Promise<string | undefined> {
  const [row] = await db.query<{ id: string; due: boolean }>(
    `WITH target AS (
       SELECT id FROM ${QUEUE_SCHEMA}.job WHERE name = $1 AND singleton_key = $2 AND state < 'active'
        ORDER BY created_on DESC LIMIT 1
     ), moved AS (
       UPDATE ${QUEUE_SCHEMA}.job j
          SET start_after = least(j.start_after, ${QUEUE_SCHEMA}.job_now() + make_interval(secs => $3::double precision / 1000)),
              data = CASE WHEN j.state = 'created' THEN coalesce($4::jsonb, j.data) ELSE j.data END
         FROM target WHERE j.name = $1 AND j.id = target.id AND j.state < 'active'
        RETURNING j.id, j.start_after <= ${QUEUE_SCHEMA}.job_now() AS due
     )
     SELECT id, due FROM moved`,
    [queue, key, delayMs, data === undefined ? null : JSON.stringify(data)],
  );
  if (row?.due) await notifyWorkers(db, queue);
  return row?.id;
}

/** Wakes every replica's workers of `queue` to fetch now (pg-boss's channel for its schema). */
export async function notifyWorkers(db: Queryable, queue: string): Promise<void> {
  await db.query(
    `SELECT pg_notify('pgboss_' || left(encode(sha224('${QUEUE_SCHEMA}'::bytea), 'hex'), 24), $1)`,
    [queue],
  );
}

/** The output of the queue's last completed job that answered `field`. */
export async function lastOutput(db: Queryable, queue: string, field: string): Promise<unknown> {
  const [row] = await db.query<{ output: Record<string, unknown> }>(
    `SELECT output FROM ${QUEUE_SCHEMA}.job WHERE name = $1 AND state = 'completed' AND output ? $2
      ORDER BY completed_on DESC LIMIT 1`,
    [queue, field],
  );
  return row?.output[field];
}

/** Drops our rows of jobs pg-boss no longer keeps (deleted after its retention), once a day old. */
export async function deleteForgottenRows(db: Queryable): Promise<number> {
  const rows = await db.query(
    `DELETE FROM queued_jobs q WHERE q.created_at < now() - interval '1 day'
        AND NOT EXISTS (SELECT 1 FROM ${QUEUE_SCHEMA}.job j WHERE j.name = q.queue AND j.id = q.id)
     RETURNING q.id`,
  );
  return rows.length;
}

/** PostgreSQL: cancels the statement running on each connection named `applicationName`. */
export async function cancelStatements(db: Queryable, applicationName: string): Promise<void> {
  await db.query('SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [
    applicationName,
  ]);
}

/** Jobs newest first (or the one of `id`), with their total. */
export async function selectQueuedJobs(
  db: Queryable,
  filter: QueuedJobFilter & { id?: string },
): Promise<{ jobs: QueuedJob[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.id) where.push(`q.id = $${params.push(filter.id)}`);
  if (filter.queue) where.push(`q.queue = $${params.push(filter.queue)}`);
  if (filter.queuePrefix)
    where.push(
      `${filter.queuePrefix.match ? '' : 'NOT '}starts_with(q.queue, $${params.push(filter.queuePrefix.prefix)})`,
    );
  if (filter.state) where.push(`j.state::text = $${params.push(filter.state)}`);
  if (filter.customerId) where.push(`q.customer_id = $${params.push(filter.customerId)}`);
  const condition = where.length ? where.join(' AND ') : 'true';
  const limit = params.push(filter.limit ?? 50);
  const offset = params.push(filter.offset ?? 0);
  const rows = await db.query<{
    id: string;
    queue: string;
    state: QueuedJobState;
    customer_id: string | null;
    customer_name: string | null;
    requested_by: string | null;
    label: string;
    progress: number;
    progress_note: string;
    retry_count: number;
    retry_limit: number;
    created_at: Date;
    started_on: Date | null;
    completed_on: Date | null;
    updated_at: Date;
    output: unknown;
    total: number;
  }>(
    // pg-boss's job table is read here and nowhere else: its columns are pg-boss's to change.
    `SELECT q.id, q.queue, j.state::text AS state, q.customer_id, c.name AS customer_name, q.requested_by, q.label, q.progress,
            q.progress_note, j.retry_count, j.retry_limit, q.created_at, j.started_on, j.completed_on,
            greatest(q.updated_at, j.started_on, j.completed_on) AS updated_at, j.output,
            count(*) OVER ()::int AS total
       FROM queued_jobs q JOIN ${QUEUE_SCHEMA}.job j ON j.id = q.id
       LEFT JOIN customers c ON c.id = q.customer_id
      WHERE ${condition}
      ORDER BY q.created_at DESC, q.id
      LIMIT $${limit} OFFSET $${offset}`,
    params,
  );
  const jobs = rows.map((r) => ({
    id: r.id,
    queue: r.queue,
    state: r.state,
    customerId: r.customer_id,
    customerName: r.customer_name,
    requestedBy: r.requested_by,
    label: r.label,
    progress: r.progress,
    progressNote: r.progress_note,
    attempts: r.state === 'created' ? r.retry_count : r.retry_count + 1,
    retryLimit: r.retry_limit,
    createdAt: r.created_at,
    startedAt: r.started_on,
    finishedAt: ['completed', 'cancelled', 'failed'].includes(r.state) ? r.completed_on : null,
    updatedAt: r.updated_at,
    output: r.output,
  }));
  // A page past the end has no row to carry the total: count it alone.
  if (rows[0] || (filter.offset ?? 0) === 0) return { jobs, total: rows[0]?.total ?? 0 };
  const [count] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM queued_jobs q JOIN ${QUEUE_SCHEMA}.job j ON j.id = q.id WHERE ${condition}`,
    params.slice(0, -2),
  );
  return { jobs, total: count?.total ?? 0 };
}
