// The event map only reads: it assigns no access (no role, privilege, company or function), so
// it has nothing to try here. It is walked for tenancy and privileges by event-map.isolation.ts;
// this file says so, and an access field added to it one day belongs in `attempts`.
import type { EscalationWalk } from '../escalation.ts';

export const walk: EscalationWalk = {
  attempts: () => [],
};
