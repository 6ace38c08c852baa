import { type IsolationWalk, rowsOfB } from '../walks.ts';

const FILE = 'downloads/2026/01/00000000-0000-4000-8000-00000000000d/vehicle-daily-duration.csv';

export const walk: IsolationWalk = {
  // Every signed-in user reaches these routes; the service narrows by the download role, and every
  // record is the caller's company's (another company's request answers as a missing one).
  openToEveryUser: [
    'POST /api/v1/download-requests',
    'GET /api/v1/download-requests',
    'POST /api/v1/download-requests/{id}/cancel',
    'POST /api/v1/download-requests/{id}/link',
    'GET /api/v1/download-requests/{id}/file',
  ],
  objects: [[/^\/api\/v1\/download-requests\/\{id\}/, 'download']],
  seed: async ({ insert, b }) => {
    b.download = await insert(
      `INSERT INTO download_requests (customer_id, user_id, download_type, period_from, period_to, method,
                                      status, progress, file_size, object_key, completed_at)
       VALUES ($1, $2, 'vehicle-daily-duration', '2026-01-01', '2026-01-31', 'async',
               'completed', 100, 10, '${FILE}', now())
       RETURNING id`,
      [b.customer, b.user],
    );
  },
  bodies: (b) => ({
    'POST /api/v1/download-requests': {
      download_type: 'vehicle-daily-duration',
      from: '2026-01-01',
      to: '2026-01-31',
      customer_id: b.customer,
    },
    'POST /api/v1/download-requests/{id}/cancel': {},
    'POST /api/v1/download-requests/{id}/link': {},
  }),
  markers: (b) => [b.download as string],
  snapshot: (query, b) =>
    query(
      `SELECT ${rowsOfB('download_requests')} AS b,
              (SELECT count(*) FROM queued_jobs WHERE queue = 'downloads') AS queued`,
      [b.customer],
    ),
};
