// SIM cards of a case (spec §3, §4, §8): phone (unique product-wide: "SIM exists"), APN, user id,
// sealed password, and the carrier state. A change of state is asked, not done: it stays pending
// until the carrier step confirms it (carrier.ts), and meanwhile the SIM answers "please wait".
import { SIM_TRANSITIONS, type Sim, type SimAction, type simBodySchema } from '@fleetlens/contracts';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { ApiError, uniqueOn } from '../../platform/errors.ts';
import { sealPassword } from './secret.ts';

type Query = Queryable['query'];
type SimInput = z.output<typeof simBodySchema>;

const PHONE_UNIQUE = { sims_phone_key: { field: 'phone', key: 'simExists' } };

const SELECT = `
  SELECT s.id, s.case_id, s.customer_id, cu.name AS customer_name, s.phone, s.apn, s.user_id,
         s.password_sealed IS NOT NULL AS password_set, s.status, s.pending_action, s.requested_at,
         s.updated_at, d.id AS device_pk, d.device_id
    FROM sims s JOIN customers cu ON cu.id = s.customer_id LEFT JOIN devices d ON d.sim_id = s.id`;

type Row = Omit<Sim, 'customer' | 'device' | 'requested_at' | 'updated_at'> & {
  customer_id: string;
  customer_name: string;
  requested_at: Date | string | null;
  updated_at: Date | string;
  device_pk: string | null;
  device_id: string | null;
};

function toSim(row: Row): Sim {
  return {
    id: row.id,
    case_id: row.case_id,
    customer: { id: row.customer_id, name: row.customer_name },
    phone: row.phone,
    apn: row.apn,
    user_id: row.user_id,
    password_set: row.password_set,
    status: row.status,
    pending_action: row.pending_action,
    requested_at: row.requested_at ? new Date(row.requested_at).toISOString() : null,
    device: row.device_pk && row.device_id ? { id: row.device_pk, device_id: row.device_id } : null,
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

export async function listSims(q: Query, caseId: string): Promise<Sim[]> {
  return (await q<Row>(`${SELECT} WHERE s.case_id = $1 ORDER BY s.phone`, [caseId])).map(toSim);
}

export async function findSim(q: Query, caseId: string, simId: string): Promise<Sim | undefined> {
  const [row] = await q<Row>(`${SELECT} WHERE s.case_id = $1 AND s.id = $2`, [caseId, simId]);
  return row ? toSim(row) : undefined;
}

/** The "please wait" answer of a SIM whose change is still with the carrier. */
function mustNotBePending(sim: Sim): void {
  if (sim.pending_action === 'suspend') throw new ApiError('simDeactivating');
  if (sim.pending_action) throw new ApiError('simActivating');
}

export async function createSim(
  q: Query,
  kase: { id: string; customerId: string },
  body: SimInput,
): Promise<string> {
  const sealed = body.password ? await sealPassword(q, body.password) : null;
  const [row] = await uniqueOn(PHONE_UNIQUE, () =>
    q<{ id: string }>(
      `INSERT INTO sims (customer_id, case_id, phone, apn, user_id, password_sealed)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [kase.customerId, kase.id, body.phone, body.apn, body.user_id, sealed],
    ),
  );
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

/** Settings change; an absent or empty password keeps the saved one. */
export async function updateSim(q: Query, sim: Sim, body: SimInput): Promise<void> {
  mustNotBePending(sim);
  const sealed = body.password ? await sealPassword(q, body.password) : null;
  await uniqueOn(PHONE_UNIQUE, () =>
    q(
      `UPDATE sims SET phone = $2, apn = $3, user_id = $4, password_sealed = coalesce($5, password_sealed),
              updated_at = now()
        WHERE id = $1`,
      [sim.id, body.phone, body.apn, body.user_id, sealed],
    ),
  );
}

/** Asks the carrier for a change: the SIM waits until the carrier step confirms it. */
export async function requestSimChange(q: Query, sim: Sim, action: SimAction): Promise<void> {
  mustNotBePending(sim);
  const { from } = SIM_TRANSITIONS[action];
  // Guarded in the statement too, so two browsers cannot both ask.
  const rows = await q(
    `UPDATE sims SET pending_action = $2, requested_at = now(), updated_at = now()
      WHERE id = $1 AND pending_action IS NULL AND status = $3 RETURNING id`,
    [sim.id, action, from],
  );
  if (rows.length === 0) {
    if (sim.status !== from) throw new ApiError('conflict', { messageKey: 'simStateInvalid' });
    const [now] = await q<{ pending_action: string | null }>(
      'SELECT pending_action FROM sims WHERE id = $1',
      [sim.id],
    );
    throw new ApiError(now?.pending_action === 'suspend' ? 'simDeactivating' : 'simActivating');
  }
}

export async function deleteSim(q: Query, sim: Sim): Promise<void> {
  mustNotBePending(sim);
  if (sim.device) throw new ApiError('conflict', { messageKey: 'simInUse' });
  await q('DELETE FROM sims WHERE id = $1', [sim.id]);
}
