// The rules of customers (domain spec §3): the tree never loops and its parents exist; STK users
// are unique product-wide and names among siblings; every write is audited; a change of a
// company's functions makes its users re-read their access (spec §4).
import { type CustomerLiveSettings, type customerBodySchema, customerResource } from '@fleetlens/contracts';
import type { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.ts';
import { EVERY_CUSTOMER, type RequestAccess } from '../../platform/access.ts';
import { ApiError } from '../../platform/errors.ts';
import type { LiveHub } from '../../platform/live.ts';
import { recordWrites, scopedReads } from '../../platform/records.ts';
import { ScopeCache } from '../../platform/scopeCache.ts';
import { pushProfileChanged } from '../users/public.ts';
import {
  customerExists,
  findCustomer,
  insertCustomer,
  listCustomers,
  updateCustomer,
  updateLiveSettings,
  wouldLoop,
} from './repository.ts';

type CustomerInput = z.output<typeof customerBodySchema>;

/** A customer's audit entries name the customer itself. */
const customerWrites = recordWrites(customerResource, { customerColumn: 'id' });

const sameSet = (a: string[], b: string[]) => [...a].sort().join() === [...b].sort().join();

export function customerService(database: DatabaseHandle, hub: LiveHub) {
  const writes = customerWrites(database);
  // The live pushes' cached scopes follow the companies' tree on every replica.
  const scopes = ScopeCache.of(database, hub);
  const { get, list } = scopedReads(database, findCustomer, listCustomers);

  async function checkParent(id: string | null, parentId: string | null): Promise<void> {
    if (parentId === null) return;
    if (!(await customerExists(database, parentId)))
      throw new ApiError('validation', { fields: [{ field: 'parent_id', key: 'parentNotFound' }] });
    if (id && (await wouldLoop(database, id, parentId)))
      throw new ApiError('validation', { fields: [{ field: 'parent_id', key: 'parentCycle' }] });
  }

  return {
    get,
    list,

    async create(access: RequestAccess, body: CustomerInput) {
      await checkParent(null, body.parent_id);
      const id = await writes.create(access, (tx) => insertCustomer(tx, body));
      await scopes.changed();
      // Only provider staff create companies (the route's guard): the new one is theirs to read.
      return get(EVERY_CUSTOMER, id);
    },

    async update(access: RequestAccess, id: string, body: CustomerInput) {
      const before = await get(access, id);
      await checkParent(before.id, body.parent_id);
      await writes.update(access, before.id, (tx) => updateCustomer(tx, before.id, body));
      const after = await get(access, before.id);
      if (before.parent?.id !== after.parent?.id) await scopes.changed();
      if (!sameSet(before.functions, after.functions))
        await pushProfileChanged(database, hub, { customerId: before.id });
      return after;
    },

    async setLiveSettings(access: RequestAccess, id: string, body: CustomerLiveSettings) {
      await writes.update(access, id, (tx) => updateLiveSettings(tx, access, id, body));
      return get(access, id);
    },
  };
}
