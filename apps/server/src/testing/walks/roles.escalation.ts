// The role routes that assign access: a new role of every company, and every role (the caller's
// own among them) edited to carry every privilege.
import { ALL_PRIVILEGES } from '@fleetlens/contracts';
import type { EscalationWalk } from '../escalation.ts';

export const walk: EscalationWalk = {
  attempts: (world) => [
    ...world.companies.map((c) => ({
      route: 'POST /api/v1/roles',
      url: '/api/v1/roles',
      body: { name: 'Escalated', customer_id: c.id, privileges: [...ALL_PRIVILEGES] },
    })),
    ...world.roles.map((r) => ({
      route: 'PUT /api/v1/roles/{id}',
      url: `/api/v1/roles/${r.id}`,
      body: { name: r.name, privileges: [...ALL_PRIVILEGES] },
    })),
  ],
};
