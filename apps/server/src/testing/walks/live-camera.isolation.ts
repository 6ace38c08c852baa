import { deviceOnVehicleOfB, vehicleOfB } from '../rows.ts';
import { type IsolationWalk, rowsOfB, type WalkContext } from '../walks.ts';

/**
 * B's vehicle with its device online and a view of it by B's user (ended: the sweep ends an open
 * view nobody beats for on its own, which would change B's rows during the walk).
 */
async function seed(context: WalkContext): Promise<void> {
  const { insert, query, b } = context;
  const vehicle = await vehicleOfB(context);
  b.device ??= await deviceOnVehicleOfB(context);
  await query(
    `INSERT INTO device_states (device_pk, customer_id, online, connection_changed_at) VALUES ($1, $2, true, now())
     ON CONFLICT (device_pk, customer_id) DO UPDATE SET online = true`,
    [b.device, b.customer],
  );
  b.liveView = await insert(
    `INSERT INTO live_camera_views (customer_id, vehicle_id, vehicle_name, device_pk, stream_key, user_id, user_name,
                                    cameras, allowed_seconds, watched_seconds, ended_at, end_reason)
     VALUES ($1, $2, 'otherco-live-vehicle', $3, 'otherco-live-key', $4, 'otherco-live-viewer', 1, 300, 12, now(), 'stopped')
     RETURNING id`,
    [b.customer, vehicle, b.device, b.user],
  );
}

export const walk: IsolationWalk = {
  // The stream: its signed address is the permission (made only for a view the caller may see).
  notTenantOwned: ['GET /api/v1/live-camera/views/{id}/cameras/{camera}'],
  objects: [[/^\/api\/v1\/live-camera\/views\/\{id\}/, 'liveView']],
  seed,
  bodies: () => ({
    'POST /api/v1/vehicles/{id}/live-camera': {},
    'POST /api/v1/live-camera/views/{id}/heartbeat': {},
    'POST /api/v1/live-camera/views/{id}/stop': {},
  }),
  markers: () => ['otherco-live-vehicle', 'otherco-live-key', 'otherco-live-viewer'],
  snapshot: (query, b) =>
    query(
      `SELECT ${rowsOfB('live_camera_views')} AS views, (SELECT json_agg(l ORDER BY l.device_pk) FROM live_streams l WHERE l.customer_id = $1) AS streams,
              (SELECT live_remaining_seconds FROM customers WHERE id = $1) AS remaining,
              (SELECT count(*) FROM device_commands WHERE customer_id = $1 AND type LIKE 'live-%') AS commands`,
      [b.customer],
    ),
};
