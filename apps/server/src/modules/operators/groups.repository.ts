// Operator groups in the database, always within the caller's scope (null: staff, every company).
import type {
  ListQuery,
  OperatorGroup,
  OperatorGroupDetail,
  operatorGroupUpdateSchema,
} from '@fleetlens/contracts';
import type { z } from 'zod';
import type { DatabaseHandle, Queryable } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import { likePattern, pageRows } from '../../platform/lists.ts';

type GroupFields = z.output<typeof operatorGroupUpdateSchema>;

const SELECT = `
  SELECT g.*, c.name AS customer_name,
         (SELECT count(*)::int FROM operators o WHERE o.group_id = g.id) AS member_count
    FROM operator_groups g JOIN customers c ON c.id = g.customer_id`;

type Row = {
  id: string;
  name: string;
  description: string;
  customer_id: string;
  customer_name: string;
  member_count: number;
  created_at: Date | string;
  updated_at: Date | string;
};

const toGroup = (row: Row): OperatorGroup => ({
  id: row.id,
  name: row.name,
  description: row.description,
  customer: { id: row.customer_id, name: row.customer_name },
  member_count: row.member_count,
  created_at: new Date(row.created_at).toISOString(),
  updated_at: new Date(row.updated_at).toISOString(),
});

const ORDER: Record<string, string> = {
  name: 'lower(g.name)',
  member_count: 'member_count',
  customer: 'lower(c.name)',
  updated_at: 'g.updated_at',
};

export async function listGroups(
  database: DatabaseHandle,
  scope: Scoped,
  query: ListQuery & { customer_id?: string | undefined },
): Promise<{ list: OperatorGroup[]; total: number }> {
  const where = `WHERE ${scope.inScope('g.customer_id', 1)}
      AND ($2::text IS NULL OR lower(g.name) LIKE $2 OR lower(g.description) LIKE $2)
      AND ($3::uuid IS NULL OR g.customer_id = $3)`;
  const params = [scope.customerIds, likePattern(query.filter), query.customer_id ?? null];
  const order = `${ORDER[query.order_by ?? 'name'] ?? ORDER.name} ${query.order === 'desc' ? 'DESC' : 'ASC'}, g.id`;
  return pageRows(
    database,
    { select: SELECT, count: 'FROM operator_groups g', where, order },
    params,
    query,
    toGroup,
  );
}

export async function findGroup(
  database: DatabaseHandle,
  scope: Scoped,
  id: string,
): Promise<OperatorGroupDetail | undefined> {
  const [row] = await database.query<Row>(
    `${SELECT} WHERE g.id = $2 AND ${scope.inScope('g.customer_id', 1)}`,
    [scope.customerIds, id],
  );
  if (!row) return undefined;
  const members = await database.query<{ id: string; operator_code: string; name: string }>(
    `SELECT id, operator_code, first_name || ' ' || last_name AS name FROM operators
      WHERE group_id = $1 ORDER BY operator_code`,
    [id],
  );
  return { ...toGroup(row), members };
}

export async function insertGroup(
  database: Queryable,
  customerId: string,
  body: GroupFields,
): Promise<string> {
  const [row] = await database.query<{ id: string }>(
    'INSERT INTO operator_groups (customer_id, name, description) VALUES ($1, $2, $3) RETURNING id',
    [customerId, body.name, body.description],
  );
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

export async function updateGroup(database: Queryable, id: string, body: GroupFields): Promise<void> {
  await database.query(
    'UPDATE operator_groups SET name = $2, description = $3, updated_at = now() WHERE id = $1',
    [id, body.name, body.description],
  );
}

/** Deletes the group unless operators or cards are in it, on a transaction: answers what kept it, or null. */
export async function deleteGroup(tx: Queryable, id: string): Promise<'members' | 'cards' | null> {
  await tx.query('SELECT id FROM operator_groups WHERE id = $1 FOR UPDATE', [id]);
  const [use] = await tx.query<{ members: number; cards: number }>(
    `SELECT (SELECT count(*)::int FROM operators WHERE group_id = $1) AS members,
            (SELECT count(*)::int FROM rfids WHERE group_id = $1) AS cards`,
    [id],
  );
  if ((use?.members ?? 0) > 0) return 'members';
  if ((use?.cards ?? 0) > 0) return 'cards';
  await tx.query('DELETE FROM operator_groups WHERE id = $1', [id]);
  return null;
}
