import { deviceOnVehicleOfB } from '../rows.ts';
import type { IsolationWalk } from '../walks.ts';

// Firmware is provider staff's (support, kitting, admin): a customer's user, whatever privileges
// their role holds, reaches none of these routes. The files are the provider's; B's rollouts, their
// devices' rows and B's device's update log are what must stay unseen and unchanged.
export const walk: IsolationWalk = {
  objects: [
    [/^\/api\/v1\/firmware-rollouts\/\{id\}/, 'firmwareRollout'],
    [/^\/api\/v1\/firmware-device-updates\/\{id\}/, 'firmwareDevice'],
    [/^\/api\/v1\/firmwares\/\{id\}/, 'firmware'],
  ],
  async seed(context) {
    const { insert, b } = context;
    b.firmware = await insert(
      `INSERT INTO firmwares (file_name, device_type, version, build_date, object_key, upload_expires_at)
       VALUES ('dv426_upgrade_20260101.8700_fk_Rename', 'dv426', 8700, '2026-01-01',
               'firmware/2026/01/00000000-0000-4000-8000-0000000000f1', now() + interval '1 hour')
       RETURNING id`,
    );
    b.firmwareDevice = await deviceOnVehicleOfB(context);
    b.firmwareRollout = await insert(
      `INSERT INTO firmware_rollouts (customer_id, firmware_id, target, immediate, starts_at, ends_at, time_zone,
         first_stage_size, success_threshold, error_threshold, error_action, rate_per_minute, device_timeout_minutes,
         status)
       VALUES ($1, $2, 'devices', false, now() + interval '1 day', now() + interval '2 days', 'UTC', 1, 90, 20,
               'pause', 10, 60, 'scheduled')
       RETURNING id`,
      [b.customer, b.firmware],
    );
    await context.query(
      `INSERT INTO firmware_rollout_devices (customer_id, rollout_id, device_pk, stage, position, from_version)
       VALUES ($1, $2, $3, 1, 1, 'B-walk-8690')`,
      [b.customer, b.firmwareRollout, b.firmwareDevice],
    );
  },
  bodies: (b) => {
    const rollout = {
      customer_id: b.customer,
      target: 'devices',
      device_ids: [b.firmwareDevice],
      immediate: true,
      ends_at: '2099-01-01 00:00',
      time_zone: 'UTC',
    };
    return {
      'POST /api/v1/firmwares': { file_name: 'dv426_upgrade_20260102.8799_fk_Rename', description: 'Sneaky' },
      'PUT /api/v1/firmwares/{id}': { description: 'Taken over', latest: true },
      'POST /api/v1/firmwares/{id}/uploaded': {},
      'POST /api/v1/firmwares/{id}/preview': rollout,
      'POST /api/v1/firmwares/{id}/rollouts': rollout,
      'POST /api/v1/firmware-rollouts/{id}/cancel': {},
      'POST /api/v1/firmware-rollouts/{id}/resume': {},
    };
  },
  markers: () => ['B-walk-8690'],
  snapshot: (query, b) =>
    query(
      `SELECT (SELECT json_agg(f ORDER BY f.id) FROM firmwares f) AS firmwares,
              (SELECT json_agg(r ORDER BY r.id) FROM firmware_rollouts r WHERE r.customer_id = $1) AS rollouts,
              (SELECT json_agg(x ORDER BY x.device_pk) FROM firmware_rollout_devices x WHERE x.customer_id = $1) AS devices,
              (SELECT count(*) FROM firmware_rollouts) AS all_rollouts`,
      [b.customer],
    ),
};
