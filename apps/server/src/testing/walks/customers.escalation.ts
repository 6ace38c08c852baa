// The company routes that assign access: every company's functions and download types turned on,
// its live-camera limits raised to the most, and a new sub company under the caller's own.
import { CUSTOMER_DOWNLOAD_TYPES, CUSTOMER_FUNCTIONS, customerResource } from '@fleetlens/contracts';
import type { EscalationWalk } from '../escalation.ts';
import { resourceRoutes } from '../walks.ts';

const customers = resourceRoutes(customerResource, 'customer');

const everything = { functions: [...CUSTOMER_FUNCTIONS], download_types: [...CUSTOMER_DOWNLOAD_TYPES] };

export const walk: EscalationWalk = {
  attempts: (world, caller) => [
    ...world.companies.flatMap((c) => [
      {
        route: customers.update,
        url: customers.urlOf(c.id),
        body: { name: c.name, description: 'Demo', stk_user: c.stkUser, realm: 'fleet', ...everything },
      },
      {
        route: 'PUT /api/v1/customers/{id}/live-settings',
        url: `/api/v1/customers/${c.id}/live-settings`,
        body: {
          live_continuous_seconds: 86_400,
          live_monthly_max_seconds: 31 * 86_400,
          live_remaining_seconds: 31 * 86_400,
        },
      },
    ]),
    {
      route: customers.create,
      url: customers.url,
      body: {
        name: 'Escalated Co',
        description: 'x',
        stk_user: 'escalatedco',
        realm: 'fleet',
        parent_id: caller.customerId,
        ...everything,
      },
    },
  ],
};
