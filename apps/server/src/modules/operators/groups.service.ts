// The operator group rules (domain spec §3 "Group"): created only in a company the caller sees,
// names unique within a company, a group with operators (spec §8 "The group has users") or named
// by RFID cards not deleted.
import {
  type operatorGroupCreateSchema,
  operatorGroupResource,
  type operatorGroupUpdateSchema,
} from '@fleetlens/contracts';
import type { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.ts';
import type { RequestAccess } from '../../platform/access.ts';
import { ApiError } from '../../platform/errors.ts';
import { recordWrites, scopedReads } from '../../platform/records.ts';
import { deleteGroup, findGroup, insertGroup, listGroups, updateGroup } from './groups.repository.ts';

const groupWrites = recordWrites(operatorGroupResource);

export function operatorGroupService(database: DatabaseHandle) {
  const { get, list } = scopedReads(database, findGroup, listGroups);
  const writes = groupWrites(database);

  return {
    get,
    list,

    async create(
      access: RequestAccess,
      { customer_id, ...body }: z.output<typeof operatorGroupCreateSchema>,
    ) {
      await access.mustUseCustomer(customer_id);
      return get(access, await writes.create(access, (tx) => insertGroup(tx, customer_id, body)));
    },

    /** The company stays. */
    async update(access: RequestAccess, groupId: string, body: z.output<typeof operatorGroupUpdateSchema>) {
      const { id } = await get(access, groupId);
      await writes.update(access, id, (tx) => updateGroup(tx, access, id, body));
      return get(access, id);
    },

    async remove(access: RequestAccess, groupId: string) {
      const { id } = await get(access, groupId);
      await writes.remove(access, id, async (tx) => {
        const keptBy = await deleteGroup(tx, id);
        if (keptBy === 'members') throw new ApiError('conflict', { messageKey: 'groupHasUsers' });
        if (keptBy === 'cards') throw new ApiError('conflict', { messageKey: 'groupHasCards' });
      });
      return { id };
    },
  };
}
