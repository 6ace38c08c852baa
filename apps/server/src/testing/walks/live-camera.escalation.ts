// Watching assigns no access, but it spends a limit: a viewer may not name the company's
// live-camera limits in the body of starting, beating or stopping a view (the bodies are strict),
// so no attempt raises them. The time a view spends is walked in modules/live-camera's own test.
import type { EscalationWalk } from '../escalation.ts';

const limits = {
  live_continuous_seconds: 86_400,
  live_monthly_max_seconds: 31 * 86_400,
  live_remaining_seconds: 31 * 86_400,
};
// No vehicle or view of that id exists: the body is refused before anything is looked up.
const nobody = '00000000-0000-4000-8000-00000000f00d';

export const walk: EscalationWalk = {
  attempts: () => [
    {
      route: 'POST /api/v1/vehicles/{id}/live-camera',
      url: `/api/v1/vehicles/${nobody}/live-camera`,
      body: limits,
    },
  ],
};
