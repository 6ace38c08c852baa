// The rules of vehicle vendors (domain spec §3): names unique within a customer, a vendor created
// only for a customer the caller sees, a vendor with models or vehicles not deleted.
import type {
  ManufacturerListQuery,
  manufacturerBodySchema,
  manufacturerUpdateSchema,
} from '@fleetlens/contracts';
import type { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.ts';
import type { RequestAccess, Scoped } from '../../platform/access.ts';
import { audited, auditTrail } from '../../platform/audit.ts';
import { ApiError, found, uniqueOn } from '../../platform/errors.ts';
import { pageOf } from '../../platform/lists.ts';
import { deleteUnlessUsed } from '../vehicles/shared.ts';
import {
  deleteManufacturer,
  findManufacturer,
  insertManufacturer,
  listManufacturers,
  updateManufacturer,
} from './repository.ts';

const NAME_UNIQUE = { manufacturers_customer_name_key: { field: 'name', key: 'vendorNameInUse' } };
const audit = auditTrail('manufacturer', 'manufacturers');

export function manufacturerService(database: DatabaseHandle) {
  const get = async (scope: Scoped, id: string) => found(await findManufacturer(database, scope, id));

  return {
    get,
    list: async (scope: Scoped, query: ManufacturerListQuery) =>
      pageOf(query, await listManufacturers(database, scope, query)),

    async create(access: RequestAccess, body: z.output<typeof manufacturerBodySchema>) {
      await access.mustUseCustomer(body.customer_id);
      const id = await uniqueOn(NAME_UNIQUE, () =>
        audited(database, audit(access.principal, 'create'), (tx) => insertManufacturer(tx, body)),
      );
      return get(access, found(id));
    },

    async update(access: RequestAccess, id: string, body: z.output<typeof manufacturerUpdateSchema>) {
      const saved = await uniqueOn(NAME_UNIQUE, () =>
        audited(database, audit(access.principal, 'update', id), async (tx) =>
          (await updateManufacturer(tx, access, id, body)) ? id : undefined,
        ),
      );
      if (!saved) throw new ApiError('notFound');
      return get(access, id);
    },

    async remove(access: RequestAccess, id: string) {
      const removed = await deleteUnlessUsed('vendorInUse', () =>
        audited(database, audit(access.principal, 'delete', id), async (tx) =>
          (await deleteManufacturer(tx, access, id)) ? id : undefined,
        ),
      );
      if (!removed) throw new ApiError('notFound');
      return { id };
    },
  };
}
