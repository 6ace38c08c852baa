// A user as the users API answers it, for the users screens' tests: a plain enabled user of
// Harbor Logistics with no role, whatever a test overrides.
import type { User } from '@fleetlens/contracts';

export const aUser = (username: string, over: Partial<User> = {}): User => ({
  id: username,
  username,
  first_name: username,
  last_name: 'Harbor',
  email: `${username}@harbor.example`,
  customer: { id: 'c-1', name: 'Harbor Logistics' },
  role: null,
  sys_role: 'user',
  manager: false,
  download_role: 'none',
  enabled: true,
  locked: false,
  last_login_at: null,
  notify_accelerate: false,
  notify_decelerate: false,
  notify_impact: false,
  notify_handle: false,
  notify_dashboard: false,
  notify_maintain: false,
  groups: [],
  event_groups: [],
  notify_event_based_on_groups: false,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  ...over,
});
