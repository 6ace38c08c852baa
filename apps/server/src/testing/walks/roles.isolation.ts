import type { IsolationWalk } from '../walks.ts';

export const walk: IsolationWalk = {
  objects: [[/^\/api\/v1\/roles\/\{id\}/, 'role']],
  bodies: (b) => ({
    'POST /api/v1/roles': { name: 'Sneaky', customer_id: b.customer, privileges: [] },
    'PUT /api/v1/roles/{id}': { name: 'Taken over', privileges: [] },
  }),
  snapshot: (query, b) =>
    query(
      `SELECT (SELECT json_agg(r ORDER BY r.id) FROM roles r WHERE r.customer_id = $1) AS b,
              (SELECT count(*) FROM roles WHERE name = 'Sneaky') AS created`,
      [b.customer],
    ),
};
