// Custom roles in the database, always read within the caller's scope (the access object).
import type { ListQuery, Role } from '@fleetlens/contracts';
import type { DatabaseHandle, Queryable } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import { likePattern, pageRows } from '../../platform/lists.ts';

const SELECT = `
  SELECT r.id, r.name, r.description, r.privileges, r.created_at, r.updated_at,
         c.id AS customer_id, c.name AS customer_name,
         (SELECT count(*)::int FROM users u WHERE u.role_id = r.id) AS user_count
    FROM roles r JOIN customers c ON c.id = r.customer_id`;

type Row = {
  id: string;
  name: string;
  description: string;
  privileges: string[];
  customer_id: string;
  customer_name: string;
  user_count: number;
  created_at: Date | string;
  updated_at: Date | string;
};

const toRole = (r: Row): Role => ({
  id: r.id,
  name: r.name,
  description: r.description,
  privileges: r.privileges,
  customer: { id: r.customer_id, name: r.customer_name },
  user_count: r.user_count,
  created_at: new Date(r.created_at).toISOString(),
  updated_at: new Date(r.updated_at).toISOString(),
});

const ORDER: Record<string, string> = {
  name: 'lower(r.name)',
  customer: 'lower(c.name)',
  created_at: 'r.created_at',
  updated_at: 'r.updated_at',
};

export async function listRoles(
  database: DatabaseHandle,
  scope: Scoped,
  query: ListQuery & { customer_id?: string | undefined },
): Promise<{ list: Role[]; total: number }> {
  const filter = likePattern(query.filter);
  const where = `WHERE ${scope.inScope('r.customer_id', 1)}
                   AND ($2::text IS NULL OR lower(r.name) LIKE $2 OR lower(c.name) LIKE $2)
                   AND ($3::uuid IS NULL OR r.customer_id = $3)`;
  const params = [scope.customerIds, filter, query.customer_id ?? null];
  const order = `${ORDER[query.order_by ?? 'name'] ?? ORDER.name} ${query.order === 'desc' ? 'DESC' : 'ASC'}, r.id`;
  return pageRows(
    database,
    { select: SELECT, count: 'FROM roles r JOIN customers c ON c.id = r.customer_id', where, order },
    params,
    query,
    toRole,
  );
}

export async function findRole(
  database: DatabaseHandle,
  scope: Scoped,
  id: string,
): Promise<Role | undefined> {
  const [row] = await database.query<Row>(
    `${SELECT} WHERE r.id = $2 AND ${scope.inScope('r.customer_id', 1)}`,
    [scope.customerIds, id],
  );
  return row ? toRole(row) : undefined;
}

export async function insertRole(
  database: Queryable,
  body: { name: string; description: string; customer_id: string; privileges: string[] },
): Promise<string> {
  const [row] = await database.query<{ id: string }>(
    'INSERT INTO roles (customer_id, name, description, privileges) VALUES ($1, $2, $3, $4) RETURNING id',
    [body.customer_id, body.name, body.description, body.privileges],
  );
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

export async function updateRole(
  database: Queryable,
  id: string,
  body: { name: string; description: string; privileges: string[] },
): Promise<void> {
  await database.query(
    'UPDATE roles SET name = $2, description = $3, privileges = $4, updated_at = now() WHERE id = $1',
    [id, body.name, body.description, body.privileges],
  );
}

/** Removes a role no user holds; one still held stays (and so does one out of scope). */
export async function deleteRole(
  database: Queryable,
  scope: Scoped,
  id: string,
): Promise<'removed' | 'held' | 'missing'> {
  const rows = await database.query<{ id: string }>(
    `DELETE FROM roles r WHERE r.id = $2 AND ${scope.inScope('r.customer_id', 1)}
        AND NOT EXISTS (SELECT 1 FROM users u WHERE u.role_id = r.id) RETURNING r.id`,
    [scope.customerIds, id],
  );
  if (rows.length > 0) return 'removed';
  const [left] = await database.query<{ id: string }>(
    `SELECT r.id FROM roles r WHERE r.id = $2 AND ${scope.inScope('r.customer_id', 1)}`,
    [scope.customerIds, id],
  );
  return left ? 'held' : 'missing';
}
