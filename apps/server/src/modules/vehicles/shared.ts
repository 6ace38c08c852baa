// What the vehicle registry's modules (manufacturers, vehicle-models, vehicle-groups, vehicles)
// share: the check that the records a body points at are the saved record's customer's. (The
// answer to a delete that other rows still need is platform/records.ts `deleteUnlessUsed`.)
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
