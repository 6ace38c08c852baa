// Tenant isolation, in one place. The provider's staff (admin, support, sales, kitting) work
// across customers; a customer's user sees their own company and its sub companies, never a
// sibling or the parent. Every query of customer-owned data goes through visibleCustomerIds, and
// every record a body names is checked here: another tenant's record answers exactly like one
// that does not exist.
import { STAFF_ROLES } from '@fleetlens/contracts';
import type { FastifyRequest } from 'fastify';
import type { DatabaseHandle, Queryable } from '../db/client.ts';
import type { Principal } from './auth.ts';
import { ApiError } from './errors.ts';

/** null: every customer (staff); else the customer ids the caller may see. */
export type Scope = string[] | null;

export function isStaff(principal: Principal): boolean {
  return (STAFF_ROLES as readonly string[]).includes(principal.sysRole);
}

/** null: every customer (staff). Otherwise the caller's customer and all its descendants. */
export async function visibleCustomerIds(
  database: DatabaseHandle,
  principal: Principal,
): Promise<string[] | null> {
  if (isStaff(principal)) return null;
  const rows = await database.query<{ id: string }>(
    `WITH RECURSIVE tree AS (
       SELECT id FROM customers WHERE id = $1
       UNION ALL
       SELECT c.id FROM customers c JOIN tree t ON c.parent_id = t.id
     ) SELECT id FROM tree`,
    [principal.customerId],
  );
  return rows.map((r) => r.id);
}

/** The scope of the caller of a guarded route. Deprecated: read `accessOf(request)` (platform/access.ts). */
export async function scopeOf(_database: DatabaseHandle, request: FastifyRequest): Promise<Scope> {
  if (!request.access) throw new ApiError('unauthorized');
  return request.access.customerIds;
}

/** True when the caller may see data of `customerId`. */
export async function canSeeCustomer(
  database: DatabaseHandle,
  principal: Principal,
  customerId: string,
): Promise<boolean> {
  const ids = await visibleCustomerIds(database, principal);
  return ids === null || ids.includes(customerId);
}

/** SQL condition on a customer id column, with the scope as parameter `$n`. */
export const inScope = (column: string, n: number) => `($${n}::uuid[] IS NULL OR ${column} = ANY($${n}))`;

/** A customer chosen in a body must exist and be in the caller's scope; else 400 on customer_id. */
export async function mustUseCustomer(db: Queryable, scope: Scope, customerId: string): Promise<void> {
  const rows = await db.query(`SELECT 1 FROM customers WHERE id = $1 AND ${inScope('id', 2)}`, [
    customerId,
    scope,
  ]);
  if (rows.length === 0)
    throw new ApiError('validation', { fields: [{ field: 'customer_id', key: 'customerNotFound' }] });
}

/** Tables of customer-owned records that a body may point at by id. */
const OWNED_TABLES = new Set([
  'manufacturers',
  'vehicle_models',
  'vehicle_groups',
  'vehicles',
  'cases',
  'sims',
  'operators',
  'operator_groups',
]);

/** Whether the row `id` of `table` belongs to `customerId` (false for none, and for another customer's). */
export async function belongsTo(
  db: Queryable,
  table: string,
  id: string,
  customerId: string,
): Promise<boolean> {
  if (!OWNED_TABLES.has(table)) throw new Error(`not a customer-owned table: ${table}`);
  const rows = await db.query(`SELECT 1 FROM ${table} WHERE id = $1 AND customer_id = $2`, [id, customerId]);
  return rows.length > 0;
}
