// The role routes that assign access: a new role of every company, and every role (the caller's
// own among them) edited to carry every privilege.
import { ALL_PRIVILEGES, roleResource } from '@fleetlens/contracts';
import type { EscalationWalk } from '../escalation.ts';
import { resourceRoutes } from '../walks.ts';

const roles = resourceRoutes(roleResource, 'role');

export const walk: EscalationWalk = {
  attempts: (world) => [
    ...world.companies.map((c) => ({
      route: roles.create,
      url: roles.url,
      body: { name: 'Escalated', customer_id: c.id, privileges: [...ALL_PRIVILEGES] },
    })),
    ...world.roles.map((r) => ({
      route: roles.update,
      url: roles.urlOf(r.id),
      body: { name: r.name, privileges: [...ALL_PRIVILEGES] },
    })),
  ],
};
