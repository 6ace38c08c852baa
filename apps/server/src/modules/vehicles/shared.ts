// What the vehicle registry's modules (manufacturers, vehicle-models, vehicle-groups, vehicles)
// share: the check that the records a body points at are the saved record's customer's, and the
// answer to a delete that other rows still need.
import type { Queryable } from '../../db/client.ts';
import { ApiError } from '../../platform/errors.ts';
import { belongsTo } from '../../platform/tenancy.ts';

/** A record a body points at (`field`) must belong to the same customer as the record saved. */
export async function mustBelong(
  db: Queryable,
  table: 'manufacturers' | 'vehicle_models' | 'vehicle_groups',
  id: string | null,
  customerId: string,
  field: string,
): Promise<void> {
  if (id !== null && !(await belongsTo(db, table, id, customerId)))
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

export const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();
