import type { IsolationWalk, WalkContext } from '../walks.ts';

/** B's vehicle with a device that reported a state and two positions an hour ago. */
async function seed({ insert, query, b }: WalkContext): Promise<void> {
  const vehicle =
    b.vehicle ??
    (await insert(
      `INSERT INTO vehicles (customer_id, name, introduce_date) VALUES ($1, 'Otherco Straddle 77', '2024-01-01') RETURNING id`,
      [b.customer],
    ));
  b.vehicle = vehicle;
  const [existing] = await query<{ id: string }>('SELECT id FROM devices WHERE vehicle_id = $1', [vehicle]);
  const device =
    existing?.id ??
    (await insert(
      `INSERT INTO devices (customer_id, device_id, device_type, vehicle_id, channel_number,
         acceleration_threshold, acceleration_duration, deceleration_threshold, deceleration_duration,
         impact_threshold, impact_duration, quick_handle_threshold, quick_handle_duration)
       VALUES ($1, '770077007700', 'dv426', $2, 1, 0.35, 300, 0.4, 300, 1, 100, 0.35, 300) RETURNING id`,
      [b.customer, vehicle],
    ));
  b.device ??= device;
  await query(
    `INSERT INTO device_states (device_pk, customer_id, online, motion, position_time, lat, lng, speed, direction)
     VALUES ($1, $2, true, 'running', now() - interval '1 hour', 35.6177, 139.7771, 12, 90)
     ON CONFLICT (device_pk) DO NOTHING`,
    [device, b.customer],
  );
  await query(
    `INSERT INTO device_positions (device_pk, message_id, customer_id, vehicle_id, time, lat, lng, speed, direction)
     VALUES ($1, 'walk-1', $2, $3, now() - interval '61 minutes', 35.6176, 139.7770, 10, 90),
            ($1, 'walk-2', $2, $3, now() - interval '60 minutes', 35.6177, 139.7771, 12, 90)`,
    [device, b.customer, vehicle],
  );
}

export const walk: IsolationWalk = {
  objects: [[/^\/api\/v1\/vehicles\/\{id\}\/map$/, 'vehicle']],
  params: { deviceId: 'device' },
  seed,
  // B's vehicle's name and B's coordinates appear nowhere in A's answers.
  markers: () => ['Otherco Straddle 77', '139.777', '35.617'],
};
