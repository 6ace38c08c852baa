// The SIM rules of a case (spec §3, §4, §8): a phone is unique product-wide ("SIM exists"); the
// password is sealed at rest and an empty one keeps the saved one; a change of state is asked,
// not done: it stays pending until the carrier step confirms it (carrier.ts), and meanwhile the
// SIM answers "please wait"; a SIM a device uses is not removed.
import {
  type Case,
  SIM_TRANSITIONS,
  type Sim,
  type SimAction,
  type simBodySchema,
} from '@fleetlens/contracts';
import type { z } from 'zod';
import type { DatabaseHandle, Queryable } from '../../db/client.ts';
import type { RequestAccess } from '../../platform/access.ts';
import { ApiError, found } from '../../platform/errors.ts';
import { recordWrites } from '../../platform/records.ts';
import { sealPassword } from './secret.ts';
import {
  completeDueSimChanges,
  deleteSimRow,
  findSim,
  insertSim,
  listSims,
  markSimChange,
  pendingActionOf,
  type SimColumns,
  updateSimRow,
} from './sims.repository.ts';

type SimInput = z.output<typeof simBodySchema>;
const simWrites = recordWrites('sim', 'sims', { sims_phone_key: { field: 'phone', key: 'simExists' } });

/** The "please wait" answer of a SIM whose change is still with the carrier. */
function mustNotBePending(sim: Sim): void {
  if (sim.pending_action === 'suspend') throw new ApiError('simDeactivating');
  if (sim.pending_action) throw new ApiError('simActivating');
}

const columnsOf = async (q: Queryable['query'], body: SimInput): Promise<SimColumns> => ({
  phone: body.phone,
  apn: body.apn,
  user_id: body.user_id,
  password_sealed: body.password ? await sealPassword(q, body.password) : null,
});

export interface SimServiceOptions {
  /** Seconds the carrier takes to confirm a change (SIM_SETTLE_SECONDS). */
  settleSeconds: number;
  /** The case the caller may reach (the cases' service). */
  caseOf: (access: RequestAccess, id: string) => Promise<Case>;
  /** Called once a change is asked of the carrier (wakes the carrier step). */
  changeAsked: () => void;
}

export function simService(
  database: DatabaseHandle,
  { settleSeconds, caseOf, changeAsked }: SimServiceOptions,
) {
  const q = database.query;
  const writes = simWrites(database);
  /** A SIM of the case, with any change that fell due completed first. */
  const simOf = async (caseId: string, simId: string) => {
    await completeDueSimChanges(q, settleSeconds, simId);
    return found(await findSim(q, caseId, simId));
  };
  const get = async (access: RequestAccess, caseId: string, simId: string) =>
    simOf((await caseOf(access, caseId)).id, simId);

  return {
    get,
    async list(access: RequestAccess, caseId: string) {
      const kase = await caseOf(access, caseId);
      await completeDueSimChanges(q, settleSeconds);
      return listSims(q, kase.id);
    },

    async create(access: RequestAccess, caseId: string, body: SimInput) {
      const kase = await caseOf(access, caseId);
      const id = await writes.create(access, async (tx) => {
        const columns = await columnsOf(tx.query, body);
        return insertSim(tx.query, { id: kase.id, customerId: kase.customer.id }, columns);
      });
      return simOf(kase.id, id);
    },

    async update(access: RequestAccess, caseId: string, simId: string, body: SimInput) {
      const sim = await get(access, caseId, simId);
      await writes.update(access, sim.id, async (tx) => {
        mustNotBePending(sim);
        await updateSimRow(tx.query, sim.id, await columnsOf(tx.query, body));
      });
      return simOf(sim.case_id, sim.id);
    },

    /** Asks the carrier for a change: the SIM waits until the carrier step confirms it. */
    async ask(access: RequestAccess, caseId: string, simId: string, action: SimAction) {
      const sim = await get(access, caseId, simId);
      await writes.update(access, sim.id, async (tx) => {
        mustNotBePending(sim);
        if (!(await markSimChange(tx.query, sim.id, action))) {
          if (sim.status !== SIM_TRANSITIONS[action].from)
            throw new ApiError('conflict', { messageKey: 'simStateInvalid' });
          const pending = await pendingActionOf(tx.query, sim.id);
          throw new ApiError(pending === 'suspend' ? 'simDeactivating' : 'simActivating');
        }
      });
      changeAsked();
      return simOf(sim.case_id, sim.id);
    },

    async remove(access: RequestAccess, caseId: string, simId: string) {
      const sim = await get(access, caseId, simId);
      await writes.remove(access, sim.id, async (tx) => {
        mustNotBePending(sim);
        if (sim.device) throw new ApiError('conflict', { messageKey: 'simInUse' });
        await deleteSimRow(tx.query, sim.id);
      });
      return null;
    },
  };
}
