// SIM cards of a case in the database (spec §3, §4): phone, APN, user id, sealed password, the
// carrier state and the change pending with the carrier. The rules are in sims.service.ts.
import { SIM_TRANSITIONS, type Sim, type SimAction } from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';

type Query = Queryable['query'];

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

export interface SimColumns {
  phone: string;
  apn: string;
  user_id: string;
  /** null: none (insert), or keep the saved one (update). */
  password_sealed: string | null;
}

export async function insertSim(
  q: Query,
  kase: { id: string; customerId: string },
  sim: SimColumns,
): Promise<string> {
  const [row] = await q<{ id: string }>(
    `INSERT INTO sims (customer_id, case_id, phone, apn, user_id, password_sealed)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [kase.customerId, kase.id, sim.phone, sim.apn, sim.user_id, sim.password_sealed],
  );
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

export async function updateSimRow(q: Query, id: string, sim: SimColumns): Promise<void> {
  await q(
    `UPDATE sims SET phone = $2, apn = $3, user_id = $4, password_sealed = coalesce($5, password_sealed),
            updated_at = now()
      WHERE id = $1`,
    [id, sim.phone, sim.apn, sim.user_id, sim.password_sealed],
  );
}

/**
 * Writes the request for the carrier, guarded in the statement (no change pending, the state the
 * action starts from) so two browsers cannot both ask: whether it was written.
 */
export async function markSimChange(q: Query, id: string, action: SimAction): Promise<boolean> {
  const rows = await q(
    `UPDATE sims SET pending_action = $2, requested_at = now(), updated_at = now()
      WHERE id = $1 AND pending_action IS NULL AND status = $3 RETURNING id`,
    [id, action, SIM_TRANSITIONS[action].from],
  );
  return rows.length > 0;
}

export async function pendingActionOf(q: Query, id: string): Promise<string | null | undefined> {
  const [row] = await q<{ pending_action: string | null }>('SELECT pending_action FROM sims WHERE id = $1', [
    id,
  ]);
  return row?.pending_action;
}

export async function deleteSimRow(q: Query, id: string): Promise<void> {
  await q('DELETE FROM sims WHERE id = $1', [id]);
}

const TARGET_SQL = `CASE pending_action ${Object.entries(SIM_TRANSITIONS)
  .map(([action, t]) => `WHEN '${action}' THEN '${t.to}'`)
  .join(' ')} END`;

/**
 * Completes the carrier changes pending for `settleSeconds` (of one SIM, or of all): the status
 * becomes the action's target and the request is cleared. Answers how many (carrier.ts).
 */
export async function completeDueSimChanges(
  q: Query,
  settleSeconds: number,
  simId: string | null = null,
): Promise<number> {
  const rows = await q(
    `UPDATE sims SET status = ${TARGET_SQL}, pending_action = NULL, requested_at = NULL, updated_at = now()
      WHERE pending_action IS NOT NULL AND requested_at <= now() - make_interval(secs => $1)
        AND ($2::uuid IS NULL OR id = $2)
      RETURNING id`,
    [settleSeconds, simId],
  );
  return rows.length;
}

/** When the next pending change falls due, if any is pending. */
export async function nextSimChangeDue(q: Query, settleSeconds: number): Promise<Date | undefined> {
  const [next] = await q<{ due: Date | string | null }>(
    'SELECT min(requested_at) + make_interval(secs => $1) AS due FROM sims WHERE pending_action IS NOT NULL',
    [settleSeconds],
  );
  return next?.due ? new Date(next.due) : undefined;
}
