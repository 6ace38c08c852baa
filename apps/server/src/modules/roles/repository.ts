// Custom roles in the database, always read within the caller's scope (the access object).
import type { ListQuery, Role } from '@fleetlens/contracts';
import type { DatabaseHandle, Queryable } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import { likePattern, type Ordering, pageRows } from '../../platform/lists.ts';
import {
  columnsOf,
  deleteUnlessHeld,
  findInScope,
  insertRow,
  type OwnedRow,
  owned,
  updateRow,
} from '../../platform/rows.repository.ts';

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
  user_count: number;
} & OwnedRow;

const toRole = (r: Row): Role => ({
  ...columnsOf(r, ['id', 'name', 'description', 'privileges', 'user_count']),
  ...owned(r),
});

const ORDER: Ordering = {
  alias: 'r',
  text: ['name'],
  plain: ['created_at', 'updated_at'],
  by: { customer: 'lower(c.name)' },
  fallback: 'name',
};

export async function listRoles(
  database: DatabaseHandle,
  scope: Scoped,
  query: ListQuery & { customer_id?: string | undefined },
): Promise<{ list: Role[]; total: number }> {
  const where = `WHERE ${scope.inScope('r.customer_id', 1)}
                   AND ($2::text IS NULL OR lower(r.name) LIKE $2 OR lower(c.name) LIKE $2)
                   AND ($3::uuid IS NULL OR r.customer_id = $3)`;
  const params = [scope.customerIds, likePattern(query.filter), query.customer_id ?? null];
  const sql = {
    select: SELECT,
    count: 'FROM roles r JOIN customers c ON c.id = r.customer_id',
    where,
    order: ORDER,
  };
  return pageRows(database, sql, params, query, toRole);
}

export const findRole = (database: Queryable, scope: Scoped, id: string) =>
  findInScope(database, scope, SELECT, { id: 'r.id', customer: 'r.customer_id' }, id, toRole);

export const insertRole = (
  database: Queryable,
  body: { name: string; description: string; customer_id: string; privileges: string[] },
) => insertRow(database, 'roles', {}, body, ['customer_id', 'name', 'description', 'privileges']);

export const updateRole = (
  database: Queryable,
  id: string,
  body: { name: string; description: string; privileges: string[] },
) => updateRow(database, 'roles', { id }, body, ['name', 'description', 'privileges']);

/** Removes a role no user holds; one still held stays (and so does one out of scope). */
export const deleteRole = (database: Queryable, scope: Scoped, id: string) =>
  deleteUnlessHeld(database, scope, 'roles', id, 'EXISTS (SELECT 1 FROM users u WHERE u.role_id = t.id)');
