// What the vehicle registry's modules (manufacturers, vehicle-models, vehicle-groups, vehicles)
// share: the caller's tenant scope, the checks that a chosen customer and the records a body
// points at are the caller's to use, and the answer to a delete that other rows still need.
import type { FastifyRequest } from 'fastify';
import type { DatabaseHandle, Queryable } from '../../db/client.ts';
import { principalOf } from '../../platform/access.ts';
import { ApiError } from '../../platform/errors.ts';
import { visibleCustomerIds } from '../../platform/tenancy.ts';

/** null: every customer (staff); else the customer ids the caller may see. */
export type Scope = string[] | null;

export const scopeOf = (database: DatabaseHandle, request: FastifyRequest): Promise<Scope> =>
  visibleCustomerIds(database, principalOf(request));

/** SQL condition on a customer id column, with the scope as parameter `$n`. */
export const inScope = (column: string, n: number) => `($${n}::uuid[] IS NULL OR ${column} = ANY($${n}))`;

/**
 * A customer chosen in a body must exist and be visible to the caller. Another tenant's customer
 * answers exactly like one that does not exist.
 */
export async function mustUseCustomer(database: Queryable, scope: Scope, customerId: string): Promise<void> {
  const rows = await database.query(`SELECT 1 FROM customers WHERE id = $1 AND ${inScope('id', 2)}`, [
    customerId,
    scope,
  ]);
  if (rows.length === 0)
    throw new ApiError('validation', { fields: [{ field: 'customer_id', key: 'customerNotFound' }] });
}

const OWNED_TABLES = ['manufacturers', 'vehicle_models', 'vehicle_groups', 'vehicles'] as const;

/** A record a body points at (`field`) must belong to the same customer as the record saved. */
export async function mustBelong(
  database: Queryable,
  table: (typeof OWNED_TABLES)[number],
  id: string | null,
  customerId: string,
  field: string,
): Promise<void> {
  if (id === null) return;
  const rows = await database.query(`SELECT 1 FROM ${table} WHERE id = $1 AND customer_id = $2`, [
    id,
    customerId,
  ]);
  if (rows.length === 0)
    throw new ApiError('validation', { fields: [{ field, key: 'notOfVehicleCustomer' }] });
}

/**
 * Runs a delete; when rows of another table still point at the record (foreign key), answers 409 with `key` instead of failing.
 */
export async function deleteUnlessUsed<T>(key: string, remove: () => Promise<T>): Promise<T> {
  try {
    return await remove();
  } catch (error) {
    // 23503: foreign key violation; 23001: RESTRICT violation.
    const code = (error as { code?: string } | undefined)?.code;
    if (code === '23503' || code === '23001') throw new ApiError('conflict', { messageKey: key });
    throw error;
  }
}

/** The roles of an edit route with its `:edit` privilege swapped for `:delete` (no delete route exists). */
export const deleteRoles = (editRoles: readonly string[], resource: string): string[] =>
  editRoles.map((r) => (r === `${resource}:edit` ? `${resource}:delete` : r));

export const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();
