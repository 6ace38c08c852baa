// Imports assign no access (no role, privilege, company or function): nothing to try here. Their
// tenancy is walked by migrations.isolation.ts, the staff-only pages by the module's own test.
import type { EscalationWalk } from '../escalation.ts';

export const walk: EscalationWalk = {
  attempts: () => [],
};
