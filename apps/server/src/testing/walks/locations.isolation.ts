import { deviceOnVehicleOfB, vehicleOfB } from '../rows.ts';
import type { IsolationWalk, WalkContext } from '../walks.ts';

/** B's vehicle with a device that reported a state and two positions an hour ago. */
async function seed(context: WalkContext): Promise<void> {
  const { query, b } = context;
  const vehicle = await vehicleOfB(context);
  const device = await deviceOnVehicleOfB(context);
  b.device ??= device;
  await query(
    `INSERT INTO device_states (device_pk, customer_id, online, motion, position_time, lat, lng, speed, direction)
     VALUES ($1, $2, true, 'running', now() - interval '1 hour', 35.4412, 139.6383, 12, 90)
     ON CONFLICT (device_pk, customer_id) DO NOTHING`,
    [device, b.customer],
  );
  await query(
    `INSERT INTO device_positions (device_pk, message_id, customer_id, vehicle_id, time, lat, lng, speed, direction)
     VALUES ($1, 'walk-1', $2, $3, now() - interval '61 minutes', 35.4411, 139.6382, 10, 90),
            ($1, 'walk-2', $2, $3, now() - interval '60 minutes', 35.4412, 139.6383, 12, 90)`,
    [device, b.customer, vehicle],
  );
}

export const walk: IsolationWalk = {
  objects: [[/^\/api\/v1\/vehicles\/\{id\}\/map$/, 'vehicle']],
  params: { deviceId: 'device' },
  seed,
  // B's vehicle's name and B's coordinates appear nowhere in A's answers. B's yard is far from
  // A's (the demo yard and its site plan lie around 35.617, 139.777).
  markers: () => ['Otherco Straddle 77', '139.638', '35.441'],
};
