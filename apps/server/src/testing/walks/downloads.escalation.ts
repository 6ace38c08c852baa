// Downloads assign no access (no role, privilege, company or function): nothing to try here. Their
// tenancy is walked by downloads.isolation.ts, the download role by the module's own test.
import type { EscalationWalk } from '../escalation.ts';

export const walk: EscalationWalk = {
  attempts: () => [],
};
