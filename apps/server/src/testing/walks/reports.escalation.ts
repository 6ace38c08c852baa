// Reports assign no access (no role, privilege, company or function): nothing to try here. Their
// tenancy and privileges are walked by reports.isolation.ts and the module's own test.
import type { EscalationWalk } from '../escalation.ts';

export const walk: EscalationWalk = {
  attempts: () => [],
};
