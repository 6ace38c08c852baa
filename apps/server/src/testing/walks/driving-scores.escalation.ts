// The driving scores only read: they assign no access (no role, privilege, company or function),
// so they have nothing to try here. They are walked for tenancy and privileges by
// driving-scores.isolation.ts; an access field added to them one day belongs in `attempts`.
import type { EscalationWalk } from '../escalation.ts';

export const walk: EscalationWalk = {
  attempts: () => [],
};
