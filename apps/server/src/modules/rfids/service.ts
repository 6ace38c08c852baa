// The RFID card rules (domain spec §3, §4, §8): a card is registered only in a company the caller
// sees and keeps it; its number is unique within the company ("RFID exists"); its group must be
// of that company; one card has at most one current operator and one operator at most one current
// card: assigning either while it is taken is refused (remove first); a held card is not deleted.
import type { rfidCreateSchema, rfidListQuerySchema, rfidUpdateSchema } from '@fleetlens/contracts';
import type { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.ts';
import type { RequestAccess, Scoped } from '../../platform/access.ts';
import { audited, auditTrail } from '../../platform/audit.ts';
import { ApiError, found, uniqueOn } from '../../platform/errors.ts';
import { pageOf } from '../../platform/lists.ts';
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

const RFID_UNIQUE = { rfids_customer_rfid_key: { field: 'rfid', key: 'rfidExists' } };
/** A card's entries carry its current operator, so an assignment and its removal show as a change. */
const audit = auditTrail('rfid', 'rfids', async (tx, id) => ({
  operator_id: await currentOperatorOf(tx, id),
}));

export function rfidService(database: DatabaseHandle) {
  const get = async (scope: Scoped, id: string) => found(await findRfid(database, scope, id));

  async function mustBeGroupOf(customerId: string, groupId: string) {
    if (!(await belongsTo(database, 'operator_groups', groupId, customerId)))
      throw new ApiError('validation', { fields: [{ field: 'group_id', key: 'operatorGroupNotOfCompany' }] });
  }

  return {
    get,
    list: async (scope: Scoped, query: z.output<typeof rfidListQuerySchema>) =>
      pageOf(query, await listRfids(database, scope, query)),
    history: async (scope: Scoped, id: string) => rfidHistory(database, (await get(scope, id)).id),

    async create(access: RequestAccess, { customer_id, ...body }: z.output<typeof rfidCreateSchema>) {
      await access.mustUseCustomer(customer_id);
      await mustBeGroupOf(customer_id, body.group_id);
      const me = access.principal;
      const id = await uniqueOn(RFID_UNIQUE, () =>
        audited(database, audit(me, 'create'), (tx) => insertRfid(tx, customer_id, me.userId, body)),
      );
      return get(access, found(id));
    },

    async update(access: RequestAccess, id: string, body: z.output<typeof rfidUpdateSchema>) {
      const card = await get(access, id);
      await mustBeGroupOf(card.customer.id, body.group_id);
      await uniqueOn(RFID_UNIQUE, () =>
        audited(database, audit(access.principal, 'update', card.id), async (tx) => {
          await updateRfid(tx, card.id, body);
          return card.id;
        }),
      );
      return get(access, card.id);
    },

    async remove(access: RequestAccess, id: string) {
      const card = await get(access, id);
      await audited(database, audit(access.principal, 'delete', card.id), async (tx) => {
        if (!(await deleteRfid(tx, card.id)))
          throw new ApiError('conflict', { messageKey: 'rfidAssignedNoDelete' });
        return card.id;
      });
      return { id: card.id };
    },

    /** Assigns the card to an operator of its company. */
    async assign(access: RequestAccess, id: string, operatorId: string) {
      const card = await get(access, id);
      const me = access.principal;
      await audited(database, audit(me, 'update', card.id), async (tx) => {
        const outcome = await assignRfid(
          tx,
          { id: card.id, customerId: card.customer.id },
          operatorId,
          me.userId,
        );
        if (outcome === 'operatorNotOfCompany')
          throw new ApiError('validation', {
            fields: [{ field: 'operator_id', key: 'operatorNotOfCompany' }],
          });
        if (outcome !== 'assigned')
          throw new ApiError('conflict', {
            messageKey: outcome,
            fields: [{ field: 'operator_id', key: outcome }],
          });
        return card.id;
      });
      return get(access, card.id);
    },

    /** Removes the card from its operator; the assignment stays in the history. */
    async unassign(access: RequestAccess, id: string) {
      const card = await get(access, id);
      const me = access.principal;
      await audited(database, audit(me, 'update', card.id), async (tx) => {
        if (!(await removeRfidAssignment(tx, card.id, me.userId)))
          throw new ApiError('conflict', { messageKey: 'rfidNotAssigned' });
        return card.id;
      });
      return get(access, card.id);
    },
  };
}
