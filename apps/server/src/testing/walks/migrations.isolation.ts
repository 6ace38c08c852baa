import { type IsolationWalk, rowsOfB } from '../walks.ts';

export const walk: IsolationWalk = {
  objects: [
    [/^\/api\/v1\/migration-imports\/\{id\}/, 'migrationImport'],
    [/^\/api\/v1\/migration-transfers\/\{id\}/, 'migrationTransfer'],
    // A customer's migration settings are named by the customer.
    [/^\/api\/v1\/migration-settings\/\{id\}/, 'customer'],
  ],
  seed: async ({ insert, b }) => {
    b.migrationImport = await insert(
      `INSERT INTO migration_imports (customer_id, user_id, status, files, total, success, failure)
       VALUES ($1, $2, 'completed', '[]', 0, 0, 0) RETURNING id`,
      [b.customer, b.user],
    );
    b.migrationTransfer = await insert(
      `INSERT INTO migration_transfers (customer_id, user_id, status, period_from, period_to, kinds, files)
       VALUES ($1, $2, 'completed', '2024-01-01', '2024-01-31', '{event}', '[]') RETURNING id`,
      [b.customer, b.user],
    );
  },
  bodies: () => ({
    // Not multipart: refused before any file is read (and only provider staff may upload).
    'POST /api/v1/migration-imports': {},
    'POST /api/v1/migration-imports/{id}/start': { mappings: {} },
    'POST /api/v1/migration-imports/{id}/abort': {},
    'POST /api/v1/migration-imports/{id}/restore': {},
    'POST /api/v1/migration-transfers': {},
    'POST /api/v1/migration-transfers/{id}/start': {},
    'POST /api/v1/migration-transfers/{id}/abort': {},
    'POST /api/v1/migration-transfers/{id}/restore': {},
    'PUT /api/v1/migration-settings/{id}': {
      default_kinds: ['event'],
      default_months: 3,
      source_utc_offset: 540,
      mappings: { event: { time: 'Taken over' } },
    },
  }),
  markers: (b) => [b.migrationImport as string, b.migrationTransfer as string],
  snapshot: (query, b) =>
    query(
      `SELECT ${rowsOfB('migration_imports')} AS b, ${rowsOfB('migration_transfers')} AS t,
              (SELECT json_agg(m ORDER BY m.kind) FROM migration_mappings m WHERE m.customer_id = $1) AS mappings,
              (SELECT json_agg(s) FROM migration_settings s WHERE s.customer_id = $1) AS settings,
              (SELECT count(*) FROM queued_jobs WHERE queue IN ('migration-imports', 'migration-transfers')) AS queued`,
      [b.customer],
    ),
};
