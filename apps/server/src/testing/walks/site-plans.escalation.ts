// Site plans assign no access (no role, privilege, company or function): nothing to try here.
// Their tenancy and privileges are walked by site-plans.isolation.ts and the module's own test;
// an access field added to them one day belongs in `attempts`.
import type { EscalationWalk } from '../escalation.ts';

export const walk: EscalationWalk = {
  attempts: () => [],
};
