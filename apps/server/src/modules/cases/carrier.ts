// The carrier step. Activating, suspending or re-activating a SIM is asked of the mobile carrier
// and confirmed later: the request is written as the SIM's pending_action (with requested_at), and
// until it is confirmed the SIM refuses other changes (codes 106400050 / 106400051, spec §8).
// The product has no carrier interface of its own (the spec shows no such calls), so this step
// is the confirmation: a change pending for SIM_SETTLE_SECONDS is completed — status becomes the
// action's target, pending_action is cleared. A carrier integration replaces it by completing the
// change when the carrier answers; nothing else changes. It runs as a timed job when the next
// change falls due and, for one SIM, before that SIM is read, so no answer shows a change as
// pending once it is due.
import { SIM_TRANSITIONS } from '@fleetlens/contracts';
import type { DatabaseHandle, Queryable } from '../../db/client.ts';
import type { Job } from '../../platform/jobs.ts';

const TARGET_SQL = `CASE pending_action ${Object.entries(SIM_TRANSITIONS)
  .map(([action, t]) => `WHEN '${action}' THEN '${t.to}'`)
  .join(' ')} END`;

/** Completes the changes due (of one SIM, or of all); answers how many. */
export async function completeDueSimChanges(
  q: Queryable['query'],
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

/**
 * The step as a timed job (platform/jobs.ts): it completes what is due and answers when the next
 * pending change falls due, so a confirmation lands on time; wake it after asking for a change.
 */
export function simCarrierJob(database: DatabaseHandle, settleSeconds: number): Job {
  return {
    name: 'sim-carrier',
    run: async () => {
      await completeDueSimChanges(database.query, settleSeconds);
      const [next] = await database.query<{ due: Date | string | null }>(
        `SELECT min(requested_at) + make_interval(secs => $1) AS due FROM sims WHERE pending_action IS NOT NULL`,
        [settleSeconds],
      );
      return next?.due ? new Date(next.due) : undefined;
    },
  };
}
