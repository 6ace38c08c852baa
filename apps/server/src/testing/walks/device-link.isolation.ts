import { deviceOnVehicleOfB, vehicleOfB } from '../rows.ts';
import type { IsolationWalk, WalkContext } from '../walks.ts';

/** B's device (shared with the other walks through b.device) with a secret, a dead letter and a state history. */
async function seed(context: WalkContext): Promise<void> {
  const { query, b } = context;
  await vehicleOfB(context);
  b.device ??= await deviceOnVehicleOfB(context);
  await query(
    `INSERT INTO device_credentials (device_pk, customer_id, secret_sha256)
     SELECT id, customer_id, 'b-secret-hash' FROM devices WHERE id = $1
     ON CONFLICT (device_pk, customer_id) DO NOTHING`,
    [b.device],
  );
  await query(
    `INSERT INTO dead_letters (device_id, customer_id, topic, reason, size, payload)
     VALUES ('770077007700', $1, 'fleetlens/v1/devices/770077007700/positions', 'invalid-json', 9, 'otherco-dead-letter')`,
    [b.customer],
  );
  await query(
    `INSERT INTO device_state_changes (device_pk, customer_id, vehicle_id, kind, state, time)
     VALUES ($1, $2, $3, 'connection', 'online', now() - interval '2 hours'),
            ($1, $2, $3, 'motion', 'running', now() - interval '90 minutes')`,
    [b.device, b.customer, b.vehicle],
  );
}

export const walk: IsolationWalk = {
  // The published protocol: the same public documents for everyone, no tenant's data.
  notTenantOwned: ['GET /api/v1/device-protocol/asyncapi.json', 'GET /api/v1/device-protocol/schemas/{file}'],
  objects: [
    [/^\/api\/v1\/device-link\/devices\/\{id\}/, 'device'],
    [/^\/api\/v1\/vehicles\/\{id\}\/state-history$/, 'vehicle'],
  ],
  seed,
  bodies: () => ({
    'POST /api/v1/device-link/devices/{id}/credentials': {},
    'POST /api/v1/device-link/devices/{id}/commands': { type: 'threshold-read' },
  }),
  // B's device id shows in B's state history only.
  markers: () => ['otherco-dead-letter', 'b-secret-hash', '770077007700'],
  snapshot: (query, b) =>
    query(
      `SELECT (SELECT json_agg(c) FROM device_credentials c WHERE device_pk = $1) AS credentials,
              (SELECT count(*) FROM device_commands WHERE device_pk = $1) AS commands`,
      [b.device],
    ),
};
