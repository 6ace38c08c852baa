import { roleResource } from '@fleetlens/contracts';
import { type IsolationWalk, resourceRoutes } from '../walks.ts';

const roles = resourceRoutes(roleResource, 'role');

export const walk: IsolationWalk = {
  objects: roles.objects,
  bodies: (b) => ({
    [roles.create]: { name: 'Sneaky', customer_id: b.customer, privileges: [] },
    [roles.update]: { name: 'Taken over', privileges: [] },
  }),
  snapshot: (query, b) =>
    query(
      `SELECT (SELECT json_agg(r ORDER BY r.id) FROM roles r WHERE r.customer_id = $1) AS b,
              (SELECT count(*) FROM roles WHERE name = 'Sneaky') AS created`,
      [b.customer],
    ),
};
