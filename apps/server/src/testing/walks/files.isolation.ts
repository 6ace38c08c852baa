import type { IsolationWalk } from '../walks.ts';

export const walk: IsolationWalk = {
  objects: [[/^\/api\/v1\/files\/\{id\}/, 'file']],
  async seed({ insert, b }) {
    b.file = await insert(
      `INSERT INTO files (customer_id, user_id, name, description, file_name, format, size_bytes, object_key)
       VALUES ($1, $2, 'Other plans', 'x', 'other-plans.pdf', 'pdf', 10, 'files/2026/01/00000000-0000-4000-8000-00000000000b')
       RETURNING id`,
      [b.customer, b.user],
    );
  },
  bodies: (b) => ({
    // Multipart routes: a JSON body is refused too; the point is that B's company is named.
    'POST /api/v1/files': { name: 'Sneaky', customer_id: b.customer },
    'PUT /api/v1/files/{id}': { name: 'Taken over' },
  }),
  markers: () => ['Other plans', 'other-plans.pdf'],
  snapshot: (query, b) =>
    query(
      `SELECT (SELECT json_agg(f ORDER BY f.id) FROM files f WHERE f.customer_id = $1) AS b,
              (SELECT count(*) FROM files WHERE name IN ('Sneaky', 'Taken over')) AS created`,
      [b.customer],
    ),
};
