import type { IsolationWalk, WalkContext } from '../walks.ts';

/**
 * Four of B's events an hour ago, in one place far from every demo company's: at any zoom they
 * make a cluster or single events of their own, so B's place in A's map would show as markers.
 */
async function seed({ query, b }: WalkContext): Promise<void> {
  await query(
    `INSERT INTO device_events (device_pk, message_id, customer_id, vehicle_id, time, type, lat, lng, speed,
                                direction, gx, gy, gz, roll, pitch, yaw, cameras, clips_pending, video_status)
     SELECT $1, 'otherco-map-' || n, $2, $3, now() - interval '1 hour', 'Impact', -45.4321, -70.9876, 8, 90,
            -0.9, 0.1, 1, 0, 0, 0, 0, false, 1
       FROM generate_series(1, 4) n`,
    [b.device, b.customer, b.vehicle ?? null],
  );
}

export const walk: IsolationWalk = {
  seed,
  markers: () => ['-45.432', '-70.987'],
};
