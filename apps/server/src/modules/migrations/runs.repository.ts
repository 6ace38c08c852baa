// The SQL both runs of data migration share: an import and a past data transfer are each a row
// with the same state, counts, issues and job columns, listed, read and set alike. Each keeps its
// own SELECT and columns (an import's files and dry run) in its repository.
import type { MigrationState } from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';

/** A bad line's issue as a run's row keeps it (its reason is translated when read). */
export type StoredIssue = { key: string; params?: Record<string, unknown> };

/** The columns an import's and a transfer's rows share. */
export interface RunRow<Issue extends StoredIssue> {
  id: string;
  customer_id: string;
  customer_name: string;
  user_id: string;
  user_name: string;
  status: MigrationState;
  total: number;
  success: number;
  failure: number;
  progress: number;
  issues: Issue[];
  issues_key: string | null;
  message: string | null;
  job_id: string | null;
  restored_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** A run's table and the alias its SELECT reads it by. */
export interface RunTable {
  table: 'migration_imports' | 'migration_transfers';
  alias: string;
  /** `SELECT … FROM table alias JOIN …`, without a WHERE. */
  select: string;
}

async function runById<Row>(db: Queryable, { alias, select }: RunTable, id: string) {
  return (await db.query<Row>(`${select} WHERE ${alias}.id = $1`, [id]))[0];
}

/** Runs of the customers the caller sees (`customerIds` null: every customer), newest first. */
async function runsOf<Row>(
  db: Queryable,
  { table, alias, select }: RunTable,
  customerIds: string[] | null,
  customerId: string | undefined,
  [limit, offset]: [number, number],
): Promise<{ list: Row[]; total: number }> {
  const where = `WHERE ($1::uuid[] IS NULL OR ${alias}.customer_id = ANY($1)) AND ($2::uuid IS NULL OR ${alias}.customer_id = $2)`;
  const params = [customerIds, customerId ?? null];
  const list = await db.query<Row>(
    `${select} ${where} ORDER BY ${alias}.created_at DESC, ${alias}.id LIMIT $3 OFFSET $4`,
    [...params, limit, offset],
  );
  const [count] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${table} ${alias} ${where}`,
    params,
  );
  return { list, total: count?.n ?? 0 };
}

async function runStatusOf(
  db: Queryable,
  { table }: RunTable,
  id: string,
): Promise<MigrationState | undefined> {
  return (await db.query<{ status: MigrationState }>(`SELECT status FROM ${table} WHERE id = $1`, [id]))[0]
    ?.status;
}

export interface RunUpdate<Issue> {
  status?: MigrationState;
  counts?: { total: number; success: number; failure: number };
  progress?: number;
  issues?: Issue[];
  issuesKey?: string | null;
  message?: string | null;
  jobId?: string;
  restored?: boolean;
}

/**
 * Sets what is given, and the run's `own` columns that are not null; `from` (when given) is the
 * state it must be in, else nothing changes.
 */
async function updateRun<Issue>(
  db: Queryable,
  { table }: RunTable,
  id: string,
  set: RunUpdate<Issue>,
  from?: readonly MigrationState[],
  own: Record<string, unknown> = {},
): Promise<boolean> {
  const ownColumns = Object.keys(own);
  const ownSet = ownColumns.map((column, i) => `${column} = coalesce($${15 + i}, ${column}), `).join('');
  const rows = await db.query(
    `UPDATE ${table}
        SET ${ownSet}status = coalesce($2, status), total = coalesce($3, total), success = coalesce($4, success),
            failure = coalesce($5, failure), progress = coalesce($6, progress), issues = coalesce($7, issues),
            issues_key = CASE WHEN $8 THEN $9 ELSE issues_key END,
            message = CASE WHEN $10 THEN $11 ELSE message END, job_id = coalesce($12, job_id),
            restored_at = CASE WHEN $13 THEN now() ELSE restored_at END, updated_at = now()
      WHERE id = $1 AND ($14::text[] IS NULL OR status = ANY($14))
      RETURNING id`,
    [
      id,
      set.status ?? null,
      set.counts?.total ?? null,
      set.counts?.success ?? null,
      set.counts?.failure ?? null,
      set.progress ?? null,
      set.issues ? JSON.stringify(set.issues) : null,
      set.issuesKey !== undefined,
      set.issuesKey ?? null,
      set.message !== undefined,
      set.message ?? null,
      set.jobId ?? null,
      set.restored ?? false,
      from ?? null,
      ...ownColumns.map((column) => own[column] ?? null),
    ],
  );
  return rows.length > 0;
}

/** A run's SQL bound to its table: read one, list, its state, set what is given. */
export const runRepository = <Row, Issue>(run: RunTable) => ({
  byId: (db: Queryable, id: string) => runById<Row>(db, run, id),
  list: (
    db: Queryable,
    customerIds: string[] | null,
    customerId: string | undefined,
    window: [number, number],
  ) => runsOf<Row>(db, run, customerIds, customerId, window),
  status: (db: Queryable, id: string) => runStatusOf(db, run, id),
  update: (
    db: Queryable,
    id: string,
    set: RunUpdate<Issue>,
    from?: readonly MigrationState[],
    own?: Record<string, unknown>,
  ) => updateRun(db, run, id, set, from, own),
});
