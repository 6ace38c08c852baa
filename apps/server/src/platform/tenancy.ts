// Tenant isolation, in one place. The provider's staff (admin, support, sales, kitting) work
// across customers; a customer's user sees their own company and its sub companies, never a
// sibling or the parent. Every query of customer-owned data goes through visibleCustomerIds.
import { STAFF_ROLES } from '@fleetlens/contracts';
import type { DatabaseHandle } from '../db/client.ts';
import type { Principal } from './auth.ts';

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

/** True when the caller may see data of `customerId`. */
export async function canSeeCustomer(
  database: DatabaseHandle,
  principal: Principal,
  customerId: string,
): Promise<boolean> {
  const ids = await visibleCustomerIds(database, principal);
  return ids === null || ids.includes(customerId);
}
