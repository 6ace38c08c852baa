// The operator group rules (domain spec §3 "Group"): created only in a company the caller sees,
// names unique within a company, a group with operators (spec §8 "The group has users") or named
// by RFID cards not deleted.
import type {
  operatorGroupCreateSchema,
  operatorGroupListQuerySchema,
  operatorGroupUpdateSchema,
} from '@fleetlens/contracts';
import type { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.ts';
import type { RequestAccess, Scoped } from '../../platform/access.ts';
import { audited, auditTrail } from '../../platform/audit.ts';
import { ApiError, found, uniqueOn } from '../../platform/errors.ts';
import { pageOf } from '../../platform/lists.ts';
import { deleteGroup, findGroup, insertGroup, listGroups, updateGroup } from './groups.repository.ts';

const NAME_UNIQUE = { operator_groups_customer_name_key: { field: 'name', key: 'operatorGroupNameInUse' } };
const audit = auditTrail('operator_group', 'operator_groups');

export function operatorGroupService(database: DatabaseHandle) {
  const get = async (scope: Scoped, id: string) => found(await findGroup(database, scope, id));

  return {
    get,
    list: async (scope: Scoped, query: z.output<typeof operatorGroupListQuerySchema>) =>
      pageOf(query, await listGroups(database, scope, query)),

    async create(
      access: RequestAccess,
      { customer_id, ...body }: z.output<typeof operatorGroupCreateSchema>,
    ) {
      await access.mustUseCustomer(customer_id);
      const id = await uniqueOn(NAME_UNIQUE, () =>
        audited(database, audit(access.principal, 'create'), (tx) => insertGroup(tx, customer_id, body)),
      );
      return get(access, found(id));
    },

    /** The company stays. */
    async update(access: RequestAccess, groupId: string, body: z.output<typeof operatorGroupUpdateSchema>) {
      const { id } = await get(access, groupId);
      await uniqueOn(NAME_UNIQUE, () =>
        audited(database, audit(access.principal, 'update', id), async (tx) => {
          await updateGroup(tx, id, body);
          return id;
        }),
      );
      return get(access, id);
    },

    async remove(access: RequestAccess, groupId: string) {
      const { id } = await get(access, groupId);
      await audited(database, audit(access.principal, 'delete', id), async (tx) => {
        const keptBy = await deleteGroup(tx, id);
        if (keptBy === 'members') throw new ApiError('conflict', { messageKey: 'groupHasUsers' });
        if (keptBy === 'cards') throw new ApiError('conflict', { messageKey: 'groupHasCards' });
        return id;
      });
      return { id };
    },
  };
}
