// The RFID card rules (domain spec §3, §4, §8): a card is registered only in a company the caller
// sees and keeps it; its number is unique within the company ("RFID exists"); its group must be
// of that company; one card has at most one current operator and one operator at most one current
// card: assigning either while it is taken is refused (remove first); a held card is not deleted.
import { type rfidCreateSchema, rfidResource, type rfidUpdateSchema } from '@fleetlens/contracts';
import type { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.ts';
import type { RequestAccess, Scoped } from '../../platform/access.ts';
import { ApiError } from '../../platform/errors.ts';
import { recordWrites, scopedReads } from '../../platform/records.ts';
import { belongsTo } from '../../platform/tenancy.ts';
import {
  assignRfid,
  currentOperatorOf,
  deleteRfid,
  findRfid,
  insertRfid,
  listRfids,
  removeRfidAssignment,
  rfidHistory,
  updateRfid,
} from './repository.ts';

/** A card's entries carry its current operator, so an assignment and its removal show as a change. */
const cardWrites = recordWrites(rfidResource, {
  extra: async (tx, id) => ({ operator_id: await currentOperatorOf(tx, id) }),
});

export function rfidService(database: DatabaseHandle) {
  const { get, list } = scopedReads(database, findRfid, listRfids);
  const writes = cardWrites(database);

  async function mustBeGroupOf(customerId: string, groupId: string) {
    if (!(await belongsTo(database, 'operator_groups', groupId, customerId)))
      throw new ApiError('validation', { fields: [{ field: 'group_id', key: 'operatorGroupNotOfCompany' }] });
  }

  return {
    get,
    list,
    history: async (scope: Scoped, id: string) => rfidHistory(database, (await get(scope, id)).id),

    async create(access: RequestAccess, { customer_id, ...body }: z.output<typeof rfidCreateSchema>) {
      await access.mustUseCustomer(customer_id);
      await mustBeGroupOf(customer_id, body.group_id);
      const id = await writes.create(access, (tx) =>
        insertRfid(tx, customer_id, access.principal.userId, body),
      );
      return get(access, id);
    },

    async update(access: RequestAccess, id: string, body: z.output<typeof rfidUpdateSchema>) {
      const card = await get(access, id);
      await mustBeGroupOf(card.customer.id, body.group_id);
      await writes.update(access, card.id, (tx) => updateRfid(tx, card.id, body));
      return get(access, card.id);
    },

    async remove(access: RequestAccess, id: string) {
      const card = await get(access, id);
      await writes.remove(access, card.id, async (tx) => {
        if (!(await deleteRfid(tx, card.id)))
          throw new ApiError('conflict', { messageKey: 'rfidAssignedNoDelete' });
      });
      return { id: card.id };
    },

    /** Assigns the card to an operator of its company. */
    async assign(access: RequestAccess, id: string, operatorId: string) {
      const card = await get(access, id);
      await writes.update(access, card.id, async (tx) => {
        const of = { id: card.id, customerId: card.customer.id };
        const outcome = await assignRfid(tx, of, operatorId, access.principal.userId);
        if (outcome === 'operatorNotOfCompany')
          throw new ApiError('validation', {
            fields: [{ field: 'operator_id', key: 'operatorNotOfCompany' }],
          });
        if (outcome !== 'assigned')
          throw new ApiError('conflict', {
            messageKey: outcome,
            fields: [{ field: 'operator_id', key: outcome }],
          });
      });
      return get(access, card.id);
    },

    /** Removes the card from its operator; the assignment stays in the history. */
    async unassign(access: RequestAccess, id: string) {
      const card = await get(access, id);
      await writes.update(access, card.id, async (tx) => {
        if (!(await removeRfidAssignment(tx, card.id, access.principal.userId)))
          throw new ApiError('conflict', { messageKey: 'rfidNotAssigned' });
      });
      return get(access, card.id);
    },
  };
}
