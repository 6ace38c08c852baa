import { deviceResource } from '@fleetlens/contracts';
import { type IsolationWalk, resourceRoutes, type WalkContext } from '../walks.ts';

const devices = resourceRoutes(deviceResource, 'device');

/**
 * B's vehicle, group, case (exposed), SIM and device with two cameras, registered in the case.
 * Shared with the cases and device-link walks through b.vehicle, b.case, b.sim and b.device.
 */
export async function seedDevices({ insert, b }: WalkContext): Promise<void> {
  b.vehicle ??= await insert(
    `INSERT INTO vehicles (customer_id, name, introduce_date) VALUES ($1, 'Otherco Straddle 77', '2024-01-01') RETURNING id`,
    [b.customer],
  );
  b.vehicleGroup ??= await insert(
    "INSERT INTO vehicle_groups (customer_id, name) VALUES ($1, 'Otherco yard 77') RETURNING id",
    [b.customer],
  );
  b.case ??= await insert(
    `INSERT INTO cases (customer_id, case_number, devices_needed, exposed_to_kitting)
     VALUES ($1, 'OTHERCO-CASE-77', 3, true) RETURNING id`,
    [b.customer],
  );
  b.sim ??= await insert(
    `INSERT INTO sims (customer_id, case_id, phone, apn, user_id)
     VALUES ($1, $2, '+107700770077', 'otherco.apn', 'otherco-user') RETURNING id`,
    [b.customer, b.case],
  );
  b.device ??= await insert(
    `INSERT INTO devices (customer_id, device_id, device_type, vehicle_id, kitting_id, sim_id, group_id, channel_number,
       acceleration_threshold, acceleration_duration, deceleration_threshold, deceleration_duration,
       impact_threshold, impact_duration, quick_handle_threshold, quick_handle_duration)
     VALUES ($1, '770077007700', 'dv426', $2, $3, $4, $5, 2, 0.35, 300, 0.4, 300, 1, 100, 0.35, 300) RETURNING id`,
    [b.customer, b.vehicle, b.case, b.sim, b.vehicleGroup],
  );
  await insert(
    `INSERT INTO device_cameras (device_pk, customer_id, position, camera_id)
     VALUES ($1, $2, 1, 'OTHERCO-CAM-77'), ($1, $2, 2, 'OTHERCO-CAM-78')
     ON CONFLICT DO NOTHING RETURNING device_pk`,
    [b.device, b.customer],
  );
}

/** A device body of A's attack: every reference names B's objects. */
export const sneakyDevice = (b: Record<string, string | undefined>) => ({
  device_id: '990099009900',
  device_type: 'dv456',
  channel_number: 1,
  cameras: [{ camera_id: 'SNEAKY-CAM' }],
  vehicle_id: b.vehicle,
  group_id: b.vehicleGroup,
  sim_id: b.sim,
});

export const walk: IsolationWalk = {
  objects: devices.objects,
  params: { vehicleId: 'vehicle', deviceId: 'device', simId: 'sim' },
  seed: seedDevices,
  bodies: (b) => ({
    [devices.create]: { ...sneakyDevice(b), customer_id: b.customer, kitting_id: b.case },
    [devices.update]: { ...sneakyDevice(b), customer_id: b.customer, device_id: '770077007700' },
  }),
  markers: () => [
    '770077007700',
    'OTHERCO-CAM-77',
    'Otherco Straddle 77',
    'OTHERCO-CASE-77',
    '+107700770077',
  ],
  snapshot: (query, b) =>
    query(
      `SELECT (SELECT json_agg(d ORDER BY d.id) FROM devices d WHERE d.customer_id = $1) AS devices,
              (SELECT json_agg(c ORDER BY c.camera_id) FROM device_cameras c JOIN devices d ON d.id = c.device_pk
                WHERE d.customer_id = $1) AS cameras,
              (SELECT count(*) FROM devices WHERE device_id = '990099009900') AS created`,
      [b.customer],
    ),
};
