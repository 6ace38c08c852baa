import { type IsolationWalk, rowsOfB } from '../walks.ts';

export const walk: IsolationWalk = {
  // The jobs view is the provider's (admin, support): a customer's manager is refused every call.
  objects: [[/^\/api\/v1\/jobs\/\{id\}/, 'job']],
  seed: async ({ insert, b }) => {
    b.job = await insert(
      "INSERT INTO queued_jobs (id, queue, customer_id, label) VALUES (gen_random_uuid(), 'downloads', $1, 'Other job') RETURNING id",
      [b.customer],
    );
  },
  bodies: () => ({ 'POST /api/v1/jobs/{id}/cancel': {}, 'POST /api/v1/jobs/{id}/retry': {} }),
  snapshot: (query, b) => query(`SELECT ${rowsOfB('queued_jobs')} AS b`, [b.customer]),
};
