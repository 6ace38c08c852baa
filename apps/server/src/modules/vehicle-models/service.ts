// The rules of the vehicle master (models), domain spec §3: a model belongs to its vendor's
// customer, names are unique within their vendor, a model that vehicles use is not deleted.
import { type vehicleModelBodySchema, vehicleModelResource } from '@fleetlens/contracts';
import type { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.ts';
import type { RequestAccess, Scoped } from '../../platform/access.ts';
import { ApiError } from '../../platform/errors.ts';
import { recordWrites, scopedReads } from '../../platform/records.ts';
import {
  deleteVehicleModel,
  findVehicleModel,
  insertVehicleModel,
  listVehicleModels,
  updateVehicleModel,
  vendorCustomer,
} from './repository.ts';

type ModelBody = z.output<typeof vehicleModelBodySchema>;
const modelWrites = recordWrites(vehicleModelResource);
const vendorError = () =>
  new ApiError('validation', { fields: [{ field: 'manufacturer_id', key: 'notOfVehicleCustomer' }] });

export function vehicleModelService(database: DatabaseHandle) {
  const { get, list } = scopedReads(database, findVehicleModel, listVehicleModels);
  const writes = modelWrites(database);

  /** The vendor's customer; a vendor the caller cannot see is refused on its field. */
  async function customerOfVendor(scope: Scoped, manufacturerId: string): Promise<string> {
    const customerId = await vendorCustomer(database, scope, manufacturerId);
    if (!customerId) throw vendorError();
    return customerId;
  }

  return {
    get,
    list,

    async create(access: RequestAccess, body: ModelBody) {
      const customerId = await customerOfVendor(access, body.manufacturer_id);
      return get(access, await writes.create(access, (tx) => insertVehicleModel(tx, customerId, body)));
    },

    /** Another vendor of the same customer may be chosen. */
    async update(access: RequestAccess, id: string, body: ModelBody) {
      const existing = await get(access, id);
      const customerId = await customerOfVendor(access, body.manufacturer_id);
      if (customerId !== existing.customer.id) throw vendorError();
      await writes.update(access, existing.id, (tx) => updateVehicleModel(tx, existing.id, customerId, body));
      return get(access, existing.id);
    },

    async remove(access: RequestAccess, id: string) {
      await writes.remove(access, id, (tx) => deleteVehicleModel(tx, access, id), 'vehicleModelInUse');
      return { id };
    },
  };
}
