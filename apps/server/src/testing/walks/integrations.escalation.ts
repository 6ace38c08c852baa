// The service-account route that assigns access: an account of every company carrying every
// privilege, and one carrying the caller's strongest colleague's role's privileges.
import { ALL_PRIVILEGES, serviceAccountResource } from '@fleetlens/contracts';
import type { EscalationWalk } from '../escalation.ts';
import { resourceRoutes } from '../walks.ts';

const accounts = resourceRoutes(serviceAccountResource, 'serviceAccount');

export const walk: EscalationWalk = {
  attempts: (world) =>
    world.companies.flatMap((c) => [
      {
        route: accounts.create,
        url: accounts.url,
        body: { name: 'Escalated', customer_id: c.id, privileges: [...ALL_PRIVILEGES] },
      },
      ...world.roles
        .filter((r) => r.customerId === c.id && r.privileges.length > 0)
        .map((r) => ({
          route: accounts.create,
          url: accounts.url,
          body: { name: `As ${r.name}`, customer_id: c.id, privileges: r.privileges },
        })),
    ]),
};
