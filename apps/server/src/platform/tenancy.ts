// Tenant isolation, in one place. The provider's staff (admin, support, sales, kitting) work
// across customers; a customer's user sees their own company and its sub companies, never a
// sibling or the parent. A request's access object (platform/access.ts) reads visibleCustomerIds
// once and scopes every query of customer-owned data with inScope; records a body names are checked
// with it and belongsTo: another tenant's record answers exactly like one that does not exist.
import { STAFF_ROLES } from '@fleetlens/contracts';
import type { DatabaseHandle, Queryable } from '../db/client.ts';
import type { Principal } from './auth.ts';
import { customerAndDescendants, rowOwnedBy } from './tenancy.repository.ts';

export function isStaff(principal: Principal): boolean {
  return (STAFF_ROLES as readonly string[]).includes(principal.sysRole);
}

/** null: every customer (staff). Otherwise the caller's customer and all its descendants. */
export async function visibleCustomerIds(
  database: DatabaseHandle,
  principal: Principal,
): Promise<string[] | null> {
  if (isStaff(principal)) return null;
  return customerAndDescendants(database, principal.customerId);
}

/** SQL condition on a customer id column, with the scope as parameter `$n`. */
export const inScope = (column: string, n: number) => `($${n}::uuid[] IS NULL OR ${column} = ANY($${n}))`;

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
  return rowOwnedBy(db, table, id, customerId);
}
