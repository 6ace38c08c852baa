// The SQL of an import's account file: the company's roles and kind its lines are judged against,
// and its users, written and removed with the record of them. Users are a reference table under
// Citus and the records are distributed by customer, so the two are written by statements of
// their own (repository.ts, writePart), in the order that never leaves a user unrecorded.
import type { Queryable } from '../../db/client.ts';

/** The customer's custom roles by name among `names`, with their privileges. */
export async function rolesByName(db: Queryable, customerId: string, names: string[]) {
  if (names.length === 0) return new Map<string, { id: string; privileges: string[] }>();
  const rows = await db.query<{ name: string; id: string; privileges: string[] }>(
    'SELECT name, id, privileges FROM roles WHERE customer_id = $1 AND name = ANY($2)',
    [customerId, names],
  );
  return new Map(rows.map((r) => [r.name, { id: r.id, privileges: r.privileges }]));
}

/** Whether the company is the provider (whose users hold staff roles); undefined when it is gone. */
export async function isProviderCompany(db: Queryable, customerId: string): Promise<boolean | undefined> {
  const [row] = await db.query<{ is_provider: boolean }>('SELECT is_provider FROM customers WHERE id = $1', [
    customerId,
  ]);
  return row?.is_provider;
}

/**
 * The company's users with no password (docs/decisions, data migration: a manager sets it), with
 * the ids the import's series gave them, already recorded (repository.ts, writePart).
 */
export async function writeAccounts(db: Queryable, customerId: string, rows: ({ id: string } & object)[]) {
  await db.query(
    `INSERT INTO users (id, customer_id, username, first_name, last_name, email, sys_role, role_id,
                        is_manager, download_role)
     SELECT i.id, $1, i.username, i.first_name, i.last_name, i.email, i.sys_role, r.id, i.manager,
            i.download_role
       FROM json_to_recordset($2::json) AS i(id uuid, username text, first_name text, last_name text,
              email text, sys_role text, role text, manager boolean, download_role text)
       LEFT JOIN roles r ON r.customer_id = $1 AND r.name = i.role`,
    [customerId, JSON.stringify(rows)],
  );
}

/**
 * Removes the users the import created, as deleting a user does (users/repository.ts): their
 * row is their account of the sign-in realm, and their sign-ins and browsers go with it.
 */
export async function undoAccounts(db: Queryable, customerId: string, importId: string): Promise<number> {
  const ranges = await db.query<{ first: string; last: string }>(
    `SELECT record_id AS first, coalesce(last_id, record_id) AS last FROM migration_import_records
      WHERE customer_id = $1 AND import_id = $2 AND kind = 'account'`,
    [customerId, importId],
  );
  if (ranges.length === 0) return 0;
  const [gone] = await db.query<{ n: number }>(
    `WITH gone AS (
       DELETE FROM users u USING unnest($2::uuid[], $3::uuid[]) AS r(first, last)
        WHERE u.customer_id = $1 AND u.id BETWEEN r.first AND r.last
       RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [customerId, ranges.map((r) => r.first), ranges.map((r) => r.last)],
  );
  await db.query(
    `DELETE FROM migration_import_records WHERE customer_id = $1 AND import_id = $2 AND kind = 'account'`,
    [customerId, importId],
  );
  return gone?.n ?? 0;
}
