import type { IsolationWalk } from '../walks.ts';

export const walk: IsolationWalk = {
  objects: [[/^\/api\/v1\/manufacturers\/\{id\}/, 'manufacturer']],
  seed: async ({ insert, b }) => {
    b.manufacturer = await insert(
      "INSERT INTO manufacturers (customer_id, name, description) VALUES ($1, 'Otherworks Lifts', 'B vendor') RETURNING id",
      [b.customer],
    );
  },
  bodies: (b) => ({
    'POST /api/v1/manufacturers': { customer_id: b.customer, name: 'Sneaky vendor' },
    'PUT /api/v1/manufacturers/{id}': { name: 'Taken over vendor' },
  }),
  markers: () => ['Otherworks Lifts'],
  snapshot: (query, b) =>
    query(
      `SELECT (SELECT json_agg(m ORDER BY m.id) FROM manufacturers m WHERE m.customer_id = $1) AS b,
              (SELECT count(*) FROM manufacturers WHERE name LIKE 'Sneaky%' OR name LIKE 'Taken over%') AS created`,
      [b.customer],
    ),
};
