import type { IsolationWalk } from '../walks.ts';

export const walk: IsolationWalk = {
  objects: [[/^\/api\/v1\/vehicle-groups\/\{id\}/, 'vehicleGroup']],
  seed: async ({ insert, b }) => {
    b.vehicleGroup = await insert(
      "INSERT INTO vehicle_groups (customer_id, name, description) VALUES ($1, 'Otherside Yard', 'B group') RETURNING id",
      [b.customer],
    );
  },
  bodies: (b) => ({
    'POST /api/v1/vehicle-groups': { customer_id: b.customer, name: 'Sneaky group' },
    'PUT /api/v1/vehicle-groups/{id}': { name: 'Taken over group' },
  }),
  markers: () => ['Otherside Yard'],
  snapshot: (query, b) =>
    query(
      `SELECT (SELECT json_agg(g ORDER BY g.id) FROM vehicle_groups g WHERE g.customer_id = $1) AS b,
              (SELECT count(*) FROM vehicle_groups WHERE name LIKE 'Sneaky%' OR name LIKE 'Taken over%') AS created`,
      [b.customer],
    ),
};
