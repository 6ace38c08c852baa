// The rules of vehicle groups (domain spec §3 "Group"): names unique within a customer, a group
// created only for a customer the caller sees, "cannot delete a group that has vehicles" (§8).
import type {
  VehicleGroupListQuery,
  vehicleGroupBodySchema,
  vehicleGroupUpdateSchema,
} from '@fleetlens/contracts';
import type { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.ts';
import type { RequestAccess, Scoped } from '../../platform/access.ts';
import { audited, auditTrail } from '../../platform/audit.ts';
import { ApiError, found, uniqueOn } from '../../platform/errors.ts';
import { pageOf } from '../../platform/lists.ts';
import { deleteUnlessUsed } from '../vehicles/shared.ts';
import {
  deleteVehicleGroup,
  findVehicleGroup,
  insertVehicleGroup,
  listVehicleGroups,
  updateVehicleGroup,
} from './repository.ts';

const NAME_UNIQUE = { vehicle_groups_customer_name_key: { field: 'name', key: 'vehicleGroupNameInUse' } };
const audit = auditTrail('vehicle_group', 'vehicle_groups');

export function vehicleGroupService(database: DatabaseHandle) {
  const get = async (scope: Scoped, id: string) => found(await findVehicleGroup(database, scope, id));

  return {
    get,
    list: async (scope: Scoped, query: VehicleGroupListQuery) =>
      pageOf(query, await listVehicleGroups(database, scope, query)),

    async create(access: RequestAccess, body: z.output<typeof vehicleGroupBodySchema>) {
      await access.mustUseCustomer(body.customer_id);
      const id = await uniqueOn(NAME_UNIQUE, () =>
        audited(database, audit(access.principal, 'create'), (tx) => insertVehicleGroup(tx, body)),
      );
      return get(access, found(id));
    },

    async update(access: RequestAccess, id: string, body: z.output<typeof vehicleGroupUpdateSchema>) {
      const saved = await uniqueOn(NAME_UNIQUE, () =>
        audited(database, audit(access.principal, 'update', id), async (tx) =>
          (await updateVehicleGroup(tx, access, id, body)) ? id : undefined,
        ),
      );
      if (!saved) throw new ApiError('notFound');
      return get(access, id);
    },

    async remove(access: RequestAccess, id: string) {
      // Other features' rows (devices) may also point at the group: the same answer.
      await deleteUnlessUsed('groupHasVehicles', () =>
        audited(database, audit(access.principal, 'delete', id), async (tx) => {
          const result = await deleteVehicleGroup(tx, access, id);
          if (result === 'missing') throw new ApiError('notFound');
          if (result === 'has-vehicles') throw new ApiError('conflict', { messageKey: 'groupHasVehicles' });
          return id;
        }),
      );
      return { id };
    },
  };
}
