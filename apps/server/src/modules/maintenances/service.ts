// The rules of maintenance master items and plans (domain spec, Maintenance):
// - an item's name is unique within its customer; an item that plans use cannot be deleted (code
//   400009), and one whose plans have recorded executions cannot be changed (code 400008): the
//   history names it, and a renamed item would rewrite what was done;
// - a plan names an item of its own customer; a plan with vehicles cannot be deleted.
// The schema holds the rest (every required value, the warning shorter than the cycle).
import {
  type MaintenanceListQuery,
  type maintenanceBodySchema,
  maintenanceItemResource,
  maintenanceResource,
  type maintenanceUpdateSchema,
} from '@fleetlens/contracts';
import type { z } from 'zod';
import type { DatabaseHandle, Queryable } from '../../db/client.ts';
import type { RequestAccess, Scoped } from '../../platform/access.ts';
import { ApiError, found } from '../../platform/errors.ts';
import { pageOf } from '../../platform/lists.ts';
import { namedRecordService } from '../../platform/namedRecords.repository.ts';
import { recordWrites } from '../../platform/records.ts';
import {
  deleteItem,
  deletePlan,
  findPlan,
  insertPlan,
  itemHasHistory,
  itemOfCustomer,
  items,
  listPlans,
  resetPlanStates,
  updatePlan,
} from './repository.ts';

const itemWrites = recordWrites(maintenanceItemResource);
const planWrites = recordWrites(maintenanceResource);

type PlanBody = z.output<typeof maintenanceBodySchema>;
type PlanUpdate = z.output<typeof maintenanceUpdateSchema>;

export function maintenanceItemService(database: DatabaseHandle) {
  const writes = itemWrites(database);
  const named = namedRecordService(database, items, writes);
  return {
    ...named,

    async update(access: RequestAccess, id: string, body: { name: string; description: string }) {
      const item = await named.get(access, id);
      if (await itemHasHistory(database, access, item.id)) throw new ApiError('maintenanceTypeLocked');
      return named.update(access, id, body);
    },

    async remove(access: RequestAccess, id: string) {
      await writes.remove(access, id, async (tx) => {
        const answer = await deleteItem(tx, access, id);
        if (answer === 'held') throw new ApiError('maintenanceTypeUndeletable');
        return answer;
      });
      return { id };
    },
  };
}

/** A plan's item must be its customer's (the foreign key would say so only as a 500). */
async function mustOwnItem(db: Queryable, customerId: string, itemId: string) {
  if (!(await itemOfCustomer(db, customerId, itemId)))
    throw new ApiError('validation', { fields: [{ field: 'item_id', key: 'maintenanceItemOtherCustomer' }] });
}

export function maintenanceService(database: DatabaseHandle, changed: () => void = () => {}) {
  const writes = planWrites(database);
  const get = async (scope: Scoped, id: string) => found(await findPlan(database, scope, id));
  return {
    get,
    list: async (scope: Scoped, query: MaintenanceListQuery) =>
      pageOf(query, await listPlans(database, scope, query)),

    async create(access: RequestAccess, body: PlanBody) {
      await access.mustUseCustomer(body.customer_id);
      await mustOwnItem(database, body.customer_id, body.item_id);
      const { customer_id, ...fields } = body;
      return get(access, await writes.create(access, (tx) => insertPlan(tx, customer_id, fields)));
    },

    async update(access: RequestAccess, id: string, body: PlanUpdate) {
      const plan = await get(access, id);
      await mustOwnItem(database, plan.customer.id, body.item_id);
      await writes.update(access, id, async (tx) => {
        const updated = await updatePlan(tx, id, plan.customer.id, body);
        await resetPlanStates(tx, id, plan.customer.id);
        return updated;
      });
      changed();
      return get(access, id);
    },

    async remove(access: RequestAccess, id: string) {
      await writes.remove(access, id, (tx) => deletePlan(tx, access, id), 'maintenanceHasVehicles');
      return { id };
    },
  };
}
