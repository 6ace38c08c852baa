// The vehicle rules (domain spec §3): the customer must be one the caller sees, and the group,
// vendor and model a vehicle points at must be that customer's (and the model the vendor's);
// names are unique within a customer; a vehicle with a device is not deleted (§8). Each change is
// recorded in the audit log on the transaction that makes it.
import {
  type VehicleBody,
  type VehicleListQuery,
  vehicleResource,
  type vehicleUpdateSchema,
} from '@fleetlens/contracts';
import type { z } from 'zod';
import type { DatabaseHandle, Queryable } from '../../db/client.ts';
import type { RequestAccess, Scoped } from '../../platform/access.ts';
import { ApiError, found } from '../../platform/errors.ts';
import { pageOf } from '../../platform/lists.ts';
import { recordWrites } from '../../platform/records.ts';
import {
  deleteVehicle,
  findVehicle,
  insertVehicle,
  listVehicles,
  modelOfVendor,
  updateVehicle,
} from './repository.ts';
import { mustBelong } from './shared.ts';

type VehicleInput = z.output<typeof vehicleUpdateSchema>;
const vehicleWrites = recordWrites(vehicleResource, 'vehicles', {
  vehicles_customer_name_key: { field: 'name', key: 'vehicleNameInUse' },
});

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

export function vehicleService(database: DatabaseHandle) {
  const get = async (scope: Scoped, id: string) => found(await findVehicle(database, scope, id));
  const writes = vehicleWrites(database);

  return {
    get,
    list: async (scope: Scoped, query: VehicleListQuery) =>
      pageOf(query, await listVehicles(database, scope, query)),

    async create(access: RequestAccess, body: VehicleInput & Pick<VehicleBody, 'customer_id'>) {
      const id = await writes.create(access, async (tx) => {
        await access.mustUseCustomer(body.customer_id, tx);
        await checkReferences(tx, body.customer_id, body);
        return insertVehicle(tx, body.customer_id, body);
      });
      return get(access, id);
    },

    /** A vehicle keeps its customer. */
    async update(access: RequestAccess, id: string, body: VehicleInput) {
      const existing = await get(access, id);
      const customerId = existing.customer.id;
      await writes.update(access, existing.id, async (tx) => {
        await checkReferences(tx, customerId, body);
        return updateVehicle(tx, existing.id, customerId, body);
      });
      return get(access, existing.id);
    },

    async remove(access: RequestAccess, id: string) {
      await writes.remove(access, id, (tx) => deleteVehicle(tx, access, id), 'vehicleHasDevice');
      return { id };
    },
  };
}
