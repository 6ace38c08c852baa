import type { IsolationWalk } from '../walks.ts';

// Firmware is provider staff's (support, kitting, admin): a customer's user, whatever privileges
// their role holds, reaches none of these routes. The files are the provider's; B's rollouts and
// devices are what must stay unseen.
export const walk: IsolationWalk = {
  objects: [[/^\/api\/v1\/firmwares\/\{id\}/, 'firmware']],
  async seed({ insert, b }) {
    b.firmware = await insert(
      `INSERT INTO firmwares (file_name, device_type, version, build_date, object_key, upload_expires_at)
       VALUES ('dv426_upgrade_20260101.8700_fk_Rename', 'dv426', 8700, '2026-01-01',
               'firmware/2026/01/00000000-0000-4000-8000-0000000000f1', now() + interval '1 hour')
       RETURNING id`,
    );
  },
  bodies: () => ({
    'POST /api/v1/firmwares': { file_name: 'dv426_upgrade_20260102.8799_fk_Rename', description: 'Sneaky' },
    'PUT /api/v1/firmwares/{id}': { description: 'Taken over', latest: true },
    'POST /api/v1/firmwares/{id}/uploaded': {},
  }),
  snapshot: (query) => query('SELECT json_agg(f ORDER BY f.id) AS firmwares FROM firmwares f'),
};
