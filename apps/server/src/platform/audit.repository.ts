// The audit log's table, and the row snapshots its entries carry.
import type { Queryable } from '../db/client.ts';

/** The row `id` of `table` (a checked table name) as JSON (PGlite may answer it as text). */
export async function rowAsJson(
  tx: Queryable,
  table: string,
  id: string,
): Promise<Record<string, unknown> | string | undefined> {
  const [row] = await tx.query<{ j: Record<string, unknown> | string }>(
    `SELECT to_jsonb(t) AS j FROM ${table} t WHERE id = $1`,
    [id],
  );
  return row?.j;
}

/** One entry: actor id and name, customer, entity, entity id, action, before and after (JSON text). */
export async function insertAuditEntry(
  tx: Queryable,
  values: [string | null, string, string | null, string, string, string, string | null, string | null],
): Promise<void> {
  await tx.query(
    `INSERT INTO audit_log (actor_id, actor_name, customer_id, entity, entity_id, action, before, after)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    values,
  );
}
