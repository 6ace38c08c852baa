// The customers' tree and the owned-table check tenancy reads.
import type { Queryable } from '../db/client.ts';

/** `customerId` and every customer below it (sub companies, theirs, ...). */
export async function customerAndDescendants(db: Queryable, customerId: string): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `WITH RECURSIVE tree AS (
       SELECT id FROM customers WHERE id = $1
       UNION ALL
       SELECT c.id FROM customers c JOIN tree t ON c.parent_id = t.id
     ) SELECT id FROM tree`,
    [customerId],
  );
  return rows.map((r) => r.id);
}

/** Whether the row `id` of `table` (a checked table name) belongs to `customerId`. */
export async function rowOwnedBy(
  db: Queryable,
  table: string,
  id: string,
  customerId: string,
): Promise<boolean> {
  const rows = await db.query(`SELECT 1 FROM ${table} WHERE id = $1 AND customer_id = $2`, [id, customerId]);
  return rows.length > 0;
}

/** Whether a customer with this id exists. */
export async function customerExists(db: Queryable, customerId: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM customers WHERE id = $1', [customerId])).length > 0;
}
