import { type IsolationWalk, rowsOfB } from '../walks.ts';

export const walk: IsolationWalk = {
  objects: [[/^\/api\/v1\/migration-imports\/\{id\}/, 'migrationImport']],
  seed: async ({ insert, b }) => {
    b.migrationImport = await insert(
      `INSERT INTO migration_imports (customer_id, user_id, status, files, total, success, failure)
       VALUES ($1, $2, 'completed', '[]', 0, 0, 0) RETURNING id`,
      [b.customer, b.user],
    );
  },
  bodies: () => ({
    // Not multipart: refused before any file is read (and only provider staff may upload).
    'POST /api/v1/migration-imports': {},
    'POST /api/v1/migration-imports/{id}/start': { mappings: {} },
    'POST /api/v1/migration-imports/{id}/abort': {},
    'POST /api/v1/migration-imports/{id}/restore': {},
  }),
  markers: (b) => [b.migrationImport as string],
  snapshot: (query, b) =>
    query(
      `SELECT ${rowsOfB('migration_imports')} AS b, (SELECT json_agg(m ORDER BY m.kind) FROM migration_mappings m WHERE m.customer_id = $1) AS mappings,
              (SELECT count(*) FROM queued_jobs WHERE queue = 'migration-imports') AS queued`,
      [b.customer],
    ),
};
