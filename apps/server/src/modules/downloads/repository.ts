// The SQL of managerial downloads: the requests as the screens read them, and their states.
import type { DownloadRequestItem, DownloadState } from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';

export interface Row {
  id: string;
  customer_id: string;
  customer_name: string;
  user_id: string;
  user_name: string;
  download_type: DownloadRequestItem['download_type'];
  from: string;
  to: string;
  method: DownloadRequestItem['method'];
  format: DownloadRequestItem['format'];
  status: DownloadState;
  progress: number;
  file_size: string | null;
  object_key: string | null;
  job_id: string | null;
  message: string | null;
  completed_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const SELECT = `
  SELECT r.id, r.customer_id, c.name AS customer_name, r.user_id,
         coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username) AS user_name,
         r.download_type, to_char(r.period_from, 'YYYY-MM-DD') AS "from", to_char(r.period_to, 'YYYY-MM-DD') AS "to",
         r.method, r.format, r.status, r.progress, r.file_size, r.object_key, r.job_id, r.message, r.completed_at,
         r.created_at, r.updated_at
    FROM download_requests r
    JOIN customers c ON c.id = r.customer_id
    JOIN users u ON u.id = r.user_id`;

export async function setState(
  db: Queryable,
  id: string,
  status: DownloadState,
  extra: { progress?: number; fileSize?: number; objectKey?: string; message?: string | null } = {},
): Promise<void> {
  await db.query(
    `UPDATE download_requests
        SET status = $2, progress = coalesce($3, progress), file_size = coalesce($4, file_size),
            object_key = coalesce($5, object_key), message = coalesce($6, message),
            completed_at = CASE WHEN $2 = 'completed' THEN now() ELSE completed_at END, updated_at = now()
      WHERE id = $1`,
    [
      id,
      status,
      extra.progress ?? null,
      extra.fileSize ?? null,
      extra.objectKey ?? null,
      extra.message ?? null,
    ],
  );
}

export async function requestById(db: Queryable, id: string): Promise<Row | undefined> {
  return (await db.query<Row>(`${SELECT} WHERE r.id = $1`, [id]))[0];
}

export async function statusOf(db: Queryable, id: string): Promise<DownloadState | undefined> {
  return (
    await db.query<{ status: DownloadState }>('SELECT status FROM download_requests WHERE id = $1', [id])
  )[0]?.status;
}

export async function enabledTypes(db: Queryable, customerId: string): Promise<string[]> {
  return (
    (
      await db.query<{ download_types: string[] }>('SELECT download_types FROM customers WHERE id = $1', [
        customerId,
      ])
    )[0]?.download_types ?? []
  );
}

export async function insertRequest(
  db: Queryable,
  values: {
    customerId: string;
    userId: string;
    type: string;
    from: string;
    to: string;
    method: string;
    format: string;
  },
): Promise<string> {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO download_requests (customer_id, user_id, download_type, period_from, period_to, method, format)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [values.customerId, values.userId, values.type, values.from, values.to, values.method, values.format],
  );
  return (rows[0] as { id: string }).id;
}

export async function deleteRequest(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM download_requests WHERE id = $1', [id]);
}

export async function setJob(db: Queryable, id: string, jobId: string): Promise<void> {
  await db.query('UPDATE download_requests SET job_id = $2 WHERE id = $1', [id, jobId]);
}

/** One page of the customer's requests, newest first, and how many there are. */
export async function requestsOf(
  db: Queryable,
  customerId: string,
  page: { perPage: number; page: number },
): Promise<{ rows: Row[]; total: number }> {
  const rows = await db.query<Row>(
    `${SELECT} WHERE r.customer_id = $1 ORDER BY r.created_at DESC, r.id LIMIT $2 OFFSET $3`,
    [customerId, page.perPage, (page.page - 1) * page.perPage],
  );
  const [count] = await db.query<{ total: number }>(
    'SELECT count(*)::int AS total FROM download_requests WHERE customer_id = $1',
    [customerId],
  );
  return { rows, total: count?.total ?? 0 };
}
