// The vehicle rules that need the database: the customer must be the caller's, and the group,
// vendor and model a vehicle points at must be that customer's (and the model the vendor's).
// The seed generator saves through these same functions as the API; the routes run them on the
// transaction that records the change in the audit log.
import type { VehicleBody, vehicleUpdateSchema } from '@fleetlens/contracts';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { ApiError, uniqueOn } from '../../platform/errors.ts';
import { mustUseCustomer, type Scope } from '../../platform/tenancy.ts';
import { insertVehicle, modelOfVendor, updateVehicle } from './repository.ts';
import { mustBelong } from './shared.ts';

type VehicleInput = z.output<typeof vehicleUpdateSchema>;
const NAME_UNIQUE = { vehicles_customer_name_key: { field: 'name', key: 'vehicleNameInUse' } };

async function checkReferences(db: Queryable, customerId: string, body: VehicleInput) {
  await mustBelong(db, 'vehicle_groups', body.group_id, customerId, 'group_id');
  await mustBelong(db, 'manufacturers', body.manufacturer_id, customerId, 'manufacturer_id');
  await mustBelong(db, 'vehicle_models', body.model_id, customerId, 'model_id');
  if (
    body.model_id &&
    body.manufacturer_id &&
    !(await modelOfVendor(db, body.model_id, body.manufacturer_id))
  )
    throw new ApiError('validation', { fields: [{ field: 'model_id', key: 'modelNotOfVendor' }] });
}

export async function createVehicle(
  db: Queryable,
  scope: Scope,
  body: VehicleInput & Pick<VehicleBody, 'customer_id'>,
): Promise<string> {
  await mustUseCustomer(db, scope, body.customer_id);
  await checkReferences(db, body.customer_id, body);
  return uniqueOn(NAME_UNIQUE, () => insertVehicle(db, body.customer_id, body));
}

/** Saves an existing vehicle of `customerId` (the caller has already found it in their scope). */
export async function saveVehicle(
  db: Queryable,
  id: string,
  customerId: string,
  body: VehicleInput,
): Promise<string> {
  await checkReferences(db, customerId, body);
  const saved = await uniqueOn(NAME_UNIQUE, () => updateVehicle(db, id, customerId, body));
  if (!saved) throw new ApiError('notFound');
  return id;
}
