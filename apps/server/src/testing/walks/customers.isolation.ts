import { customerResource } from '@fleetlens/contracts';
import { type IsolationWalk, resourceRoutes } from '../walks.ts';

const customers = resourceRoutes(customerResource, 'customer');

export const walk: IsolationWalk = {
  objects: customers.objects,
  bodies: (b) => ({
    [customers.create]: {
      name: 'Sneaky',
      description: 'x',
      stk_user: 'sneaky',
      realm: 'fleet',
      parent_id: b.customer,
    },
    [customers.update]: {
      name: 'Taken over',
      description: 'x',
      stk_user: 'othercorp',
      realm: 'fleet',
    },
    'PUT /api/v1/customers/{id}/live-settings': {
      live_continuous_seconds: 1,
      live_monthly_max_seconds: 1,
      live_remaining_seconds: 1,
    },
  }),
  markers: () => ['Other Corp'],
  snapshot: (query, b) =>
    query(
      `SELECT (SELECT json_agg(c ORDER BY c.id) FROM customers c WHERE c.id = $1 OR c.parent_id = $1) AS b,
              (SELECT count(*) FROM customers WHERE name = 'Sneaky') AS created`,
      [b.customer],
    ),
};
