// The carrier step. Activating, suspending or re-activating a SIM is asked of the mobile carrier
// and confirmed later: the request is written as the SIM's pending_action (with requested_at), and
// until it is confirmed the SIM refuses other changes (codes 106400050 / 106400051, spec §8).
// The product has no carrier interface of its own (the spec shows no such calls), so this step
// is the confirmation: a change pending for SIM_SETTLE_SECONDS is completed — status becomes the
// action's target, pending_action is cleared. A carrier integration replaces it by completing the
// change when the carrier answers; nothing else changes. It runs as a timed job when the next
// change falls due and, for one SIM, before that SIM is read, so no answer shows a change as
// pending once it is due.
import type { DatabaseHandle } from '../../db/client.ts';
import type { Job } from '../../platform/jobs.ts';
import { completeDueSimChanges, nextSimChangeDue } from './sims.repository.ts';

/**
 * The step as a timed job (platform/jobs.ts): it completes what is due and answers when the next
 * pending change falls due, so a confirmation lands on time; wake it after asking for a change.
 */
export function simCarrierJob(database: DatabaseHandle, settleSeconds: number): Job {
  return {
    name: 'sim-carrier',
    run: async () => {
      await completeDueSimChanges(database.query, settleSeconds);
      return nextSimChangeDue(database.query, settleSeconds);
    },
  };
}
