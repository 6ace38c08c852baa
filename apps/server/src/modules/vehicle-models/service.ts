// The rules of the vehicle master (models), domain spec §3: a model belongs to its vendor's
// customer, names are unique within their vendor, a model that vehicles use is not deleted.
import type { VehicleModelListQuery, vehicleModelBodySchema } from '@fleetlens/contracts';
import type { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.ts';
import type { RequestAccess, Scoped } from '../../platform/access.ts';
import { audited, auditTrail } from '../../platform/audit.ts';
import { ApiError, found, uniqueOn } from '../../platform/errors.ts';
import { pageOf } from '../../platform/lists.ts';
import { deleteUnlessUsed } from '../vehicles/shared.ts';
import {
  deleteVehicleModel,
  findVehicleModel,
  insertVehicleModel,
  listVehicleModels,
  updateVehicleModel,
  vendorCustomer,
} from './repository.ts';

type ModelBody = z.output<typeof vehicleModelBodySchema>;
const NAME_UNIQUE = { vehicle_models_manufacturer_name_key: { field: 'name', key: 'vehicleModelNameInUse' } };
const audit = auditTrail('vehicle_model', 'vehicle_models');
const vendorError = () =>
  new ApiError('validation', { fields: [{ field: 'manufacturer_id', key: 'notOfVehicleCustomer' }] });

export function vehicleModelService(database: DatabaseHandle) {
  const get = async (scope: Scoped, id: string) => found(await findVehicleModel(database, scope, id));

  /** The vendor's customer; a vendor the caller cannot see is refused on its field. */
  async function customerOfVendor(scope: Scoped, manufacturerId: string): Promise<string> {
    const customerId = await vendorCustomer(database, scope, manufacturerId);
    if (!customerId) throw vendorError();
    return customerId;
  }

  return {
    get,
    list: async (scope: Scoped, query: VehicleModelListQuery) =>
      pageOf(query, await listVehicleModels(database, scope, query)),

    async create(access: RequestAccess, body: ModelBody) {
      const customerId = await customerOfVendor(access, body.manufacturer_id);
      const id = await uniqueOn(NAME_UNIQUE, () =>
        audited(database, audit(access.principal, 'create'), (tx) =>
          insertVehicleModel(tx, customerId, body),
        ),
      );
      return get(access, found(id));
    },

    /** Another vendor of the same customer may be chosen. */
    async update(access: RequestAccess, id: string, body: ModelBody) {
      const existing = await get(access, id);
      const customerId = await customerOfVendor(access, body.manufacturer_id);
      if (customerId !== existing.customer.id) throw vendorError();
      await uniqueOn(NAME_UNIQUE, () =>
        audited(database, audit(access.principal, 'update', existing.id), async (tx) =>
          (await updateVehicleModel(tx, existing.id, customerId, body)) ? existing.id : undefined,
        ),
      );
      return get(access, existing.id);
    },

    async remove(access: RequestAccess, id: string) {
      const removed = await deleteUnlessUsed('vehicleModelInUse', () =>
        audited(database, audit(access.principal, 'delete', id), async (tx) =>
          (await deleteVehicleModel(tx, access, id)) ? id : undefined,
        ),
      );
      if (!removed) throw new ApiError('notFound');
      return { id };
    },
  };
}
