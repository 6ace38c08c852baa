// The vehicle rules (domain spec §3): the customer must be one the caller sees, and the group,
// vendor and model a vehicle points at must be that customer's (and the model the vendor's);
// names are unique within a customer; a vehicle with a device is not deleted (§8). Each change is
// recorded in the audit log on the transaction that makes it.
import { type VehicleBody, vehicleResource, type vehicleUpdateSchema } from '@fleetlens/contracts';
import type { z } from 'zod';
import type { DatabaseHandle, Queryable } from '../../db/client.ts';
import type { RequestAccess } from '../../platform/access.ts';
import { ApiError, found } from '../../platform/errors.ts';
import { recordWrites, scopedReads } from '../../platform/records.ts';
import {
  deleteVehicle,
  type EditTarget,
  editTarget,
  findVehicle,
  insertVehicle,
  listVehicles,
  modelOfVendor,
  updateVehicle,
} from './repository.ts';
import { mustBelong } from './shared.ts';

type VehicleInput = z.output<typeof vehicleUpdateSchema>;
const vehicleWrites = recordWrites(vehicleResource);

/** An edit's references, as `checkReferences` refuses them, from what `editTarget` read. */
function refuseReferences(target: EditTarget) {
  const field = !target.group_ok
    ? 'group_id'
    : !target.manufacturer_ok
      ? 'manufacturer_id'
      : !target.model_ok
        ? 'model_id'
        : undefined;
  if (field) throw new ApiError('validation', { fields: [{ field, key: 'notOfVehicleCustomer' }] });
  if (!target.model_of_vendor)
    throw new ApiError('validation', { fields: [{ field: 'model_id', key: 'modelNotOfVendor' }] });
}

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
  const { get, list } = scopedReads(database, findVehicle, listVehicles);
  const writes = vehicleWrites(database);

  return {
    get,
    list,

    async create(access: RequestAccess, body: VehicleInput & Pick<VehicleBody, 'customer_id'>) {
      const id = await writes.create(access, async (tx) => {
        await access.mustUseCustomer(body.customer_id, tx);
        await checkReferences(tx, body.customer_id, body);
        return insertVehicle(tx, body.customer_id, body);
      });
      return get(access, id);
    },

    /**
     * A vehicle keeps its customer. Whether the caller sees it and whether the references are its
     * customer's is one statement in the write's transaction, not a read of the whole vehicle
     * before it: a save is a few round trips, most of its time (`npm run bench`).
     */
    async update(access: RequestAccess, id: string, body: VehicleInput) {
      await writes.update(access, id, async (tx) => {
        const target = found(await editTarget(tx, access, id, body));
        refuseReferences(target);
        return updateVehicle(tx, id, target.customer_id, body);
      });
      return get(access, id);
    },

    async remove(access: RequestAccess, id: string) {
      await writes.remove(access, id, (tx) => deleteVehicle(tx, access, id), 'vehicleHasDevice');
      return { id };
    },
  };
}
