// The operator rules (domain spec §3): an operator is created only in a company the caller sees and
// keeps it; the operator id is unique within a company; the group must be of the operator's
// company; a random video may not be longer than the company allows
// (customers.random_video_max_seconds), and a batch change of it is all or nothing. A change of
// the random video settings plans the rest of the week again in its transaction (events/randomPlan.ts).
import {
  type operatorCreateSchema,
  operatorResource,
  type operatorUpdateSchema,
  type randomVideoBatchSchema,
} from '@fleetlens/contracts';
import type { z } from 'zod';
import type { DatabaseHandle, Queryable } from '../../db/client.ts';
import type { RequestAccess } from '../../platform/access.ts';
import { auditedIn } from '../../platform/audit.ts';
import { ApiError } from '../../platform/errors.ts';
import { recordWrites, scopedReads } from '../../platform/records.ts';
import { belongsTo } from '../../platform/tenancy.ts';
import { replanRandomVideo } from '../events/public.ts';
import {
  deleteOperator,
  findOperator,
  insertOperator,
  listOperators,
  lockOperators,
  type RandomVideoValues,
  randomVideoMaxSeconds,
  setOperatorGroup,
  setRandomVideo,
  updateOperator,
} from './repository.ts';

const operatorWrites = recordWrites(operatorResource);
const groupError = () =>
  new ApiError('validation', { fields: [{ field: 'group_id', key: 'operatorGroupNotOfCompany' }] });

/** The longest random video of a company, in whole minutes. */
const maxMinutes = (seconds: number) => Math.floor(seconds / 60);
const RANDOM_VIDEO_FIELDS = [
  'random_video_enabled',
  'random_video_days',
  'random_video_per_week',
  'random_video_minutes',
] as const;
/** Whether a save changes the random video settings (`before`: none, a new operator). */
const randomVideoChanged = (before: RandomVideoValues | undefined, after: RandomVideoValues) =>
  before
    ? RANDOM_VIDEO_FIELDS.some((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]))
    : after.random_video_enabled;
/** Plans the rest of the operator's week again when the save changed the settings. */
async function replanIfChanged(
  tx: Queryable,
  id: string,
  before: RandomVideoValues | undefined,
  after: RandomVideoValues,
) {
  if (randomVideoChanged(before, after))
    await replanRandomVideo(tx, id, !before?.random_video_enabled && after.random_video_enabled);
}

const tooLong = (max: number) => ({
  field: 'random_video_minutes',
  key: 'randomVideoTooLong',
  params: { max },
});

export function operatorService(database: DatabaseHandle) {
  const { get, list } = scopedReads(database, findOperator, listOperators);
  const writes = operatorWrites(database);

  async function mustBeGroupOf(customerId: string, groupId: string | null) {
    if (groupId && !(await belongsTo(database, 'operator_groups', groupId, customerId))) throw groupError();
  }

  /** Refuses a group of another company and a random video longer than the company allows. */
  async function checkRules(customerId: string, body: { group_id: string | null } & RandomVideoValues) {
    await mustBeGroupOf(customerId, body.group_id);
    const max = maxMinutes(await randomVideoMaxSeconds(database, customerId));
    if (body.random_video_enabled && body.random_video_minutes > max)
      throw new ApiError('validation', { fields: [tooLong(max)] });
  }

  return {
    get,
    list,

    async create(access: RequestAccess, { customer_id, ...body }: z.output<typeof operatorCreateSchema>) {
      await access.mustUseCustomer(customer_id);
      await checkRules(customer_id, body);
      const id = await writes.create(access, async (tx) => {
        const created = await insertOperator(tx, customer_id, body);
        await replanIfChanged(tx, created, undefined, body);
        return created;
      });
      return get(access, id);
    },

    /** The company stays. */
    async update(access: RequestAccess, id: string, body: z.output<typeof operatorUpdateSchema>) {
      const existing = await get(access, id);
      await checkRules(existing.customer.id, body);
      await writes.update(access, existing.id, async (tx) => {
        const updated = await updateOperator(tx, existing.id, body);
        if (updated !== false) await replanIfChanged(tx, existing.id, existing, body);
        return updated;
      });
      return get(access, existing.id);
    },

    async assignGroup(access: RequestAccess, id: string, groupId: string | null) {
      const existing = await get(access, id);
      await mustBeGroupOf(existing.customer.id, groupId);
      await writes.update(access, existing.id, (tx) => setOperatorGroup(tx, existing.id, groupId));
      return get(access, existing.id);
    },

    /** All or nothing: one transaction, each operator's change recorded in it. */
    async setRandomVideo(access: RequestAccess, body: z.output<typeof randomVideoBatchSchema>) {
      const { operator_ids, ...values } = body;
      const updated = await database.transaction(async (tx) => {
        const rows = await lockOperators(tx, access, operator_ids);
        const fail = (field: { field: string; key: string; params?: Record<string, unknown> }) => {
          throw new ApiError('validation', { messageKey: 'operatorBatchFailed', fields: [field] });
        };
        if (rows.length !== operator_ids.length) fail({ field: 'operator_ids', key: 'operatorsNotFound' });
        const max = Math.min(...rows.map((r) => maxMinutes(r.max_seconds)));
        if (values.random_video_enabled && values.random_video_minutes > max) fail(tooLong(max));
        for (const { id, max_seconds: _, ...before } of rows)
          await auditedIn(tx, writes.trail(access.principal, 'update', id), async () => {
            await setRandomVideo(tx, id, values);
            await replanIfChanged(tx, id, before, values);
            return id;
          });
        return rows.length;
      });
      return { updated };
    },

    /** A card the operator holds is removed from it; its history is kept. */
    async remove(access: RequestAccess, id: string) {
      const existing = await get(access, id);
      await writes.remove(access, existing.id, (tx) =>
        deleteOperator(tx, existing.id, access.principal.userId),
      );
      return { id: existing.id };
    },
  };
}
