// The SQL of the speed limits sent to devices (speedLimits.ts holds the rules): a customer's
// speed-limit zones, its devices that cap speed, the set each device holds, and the commands queued.
import type { ZonePolygon } from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';

export interface SpeedLimitZoneRow {
  id: string;
  polygon: ZonePolygon | string;
  limit_kmh: number;
}

/** The customer's zones with a speed limit, the strictest first (the order the cap keeps). */
export const speedLimitZones = (db: Queryable, customerId: string) =>
  db.query<SpeedLimitZoneRow>(
    `SELECT z.id, z.polygon, (r->>'speed_kmh')::float8 AS limit_kmh
       FROM zones z CROSS JOIN LATERAL jsonb_array_elements(z.rules) r
      WHERE z.customer_id = $1 AND r->>'type' = 'speed-limit'
      ORDER BY limit_kmh, z.id`,
    [customerId],
  );

/** The customer's devices of these types. */
export async function devicesOfTypes(db: Queryable, customerId: string, types: readonly string[]) {
  const rows = await db.query<{ id: string }>(
    'SELECT id FROM devices WHERE customer_id = $1 AND device_type = ANY($2::text[]) ORDER BY id',
    [customerId, types],
  );
  return rows.map((r) => r.id);
}

/** The device's customer when its type is one of these; undefined otherwise. */
export async function customerOfDevice(db: Queryable, devicePk: string, types: readonly string[]) {
  const [row] = await db.query<{ customer_id: string }>(
    'SELECT customer_id FROM devices WHERE id = $1 AND device_type = ANY($2::text[])',
    [devicePk, types],
  );
  return row?.customer_id;
}

/** Each device's newest zone-speed-limits not failed (superseded ones are failed): its revision and status. */
export async function heldSets(db: Queryable, devicePks: readonly string[]) {
  const rows = await db.query<{ device_pk: string; revision: string; status: string }>(
    `SELECT DISTINCT ON (device_pk) device_pk, params->>'revision' AS revision, status
       FROM device_commands
      WHERE device_pk = ANY($1::uuid[]) AND type = 'zone-speed-limits' AND status <> 'failed'
      ORDER BY device_pk, created_at DESC`,
    [devicePks],
  );
  return new Map(rows.map((r) => [r.device_pk, { revision: r.revision, status: r.status }]));
}

/**
 * Queues the set for these devices of one customer; a set of theirs not yet done is superseded
 * (failed, never sent again): the newer one carries every zone.
 */
export async function queueSpeedLimits(
  db: Queryable,
  customerId: string,
  devicePks: readonly string[],
  params: object,
): Promise<void> {
  if (devicePks.length === 0) return;
  await db.query(
    `UPDATE device_commands SET status = 'failed', error = 'superseded by a newer set', acknowledged_at = now()
      WHERE device_pk = ANY($1::uuid[]) AND customer_id = $2 AND type = 'zone-speed-limits'
        AND status IN ('queued', 'sent', 'received')`,
    [devicePks, customerId],
  );
  await db.query(
    `INSERT INTO device_commands (device_pk, customer_id, type, params)
     SELECT d.id, d.customer_id, 'zone-speed-limits', $3::jsonb FROM devices d
      WHERE d.id = ANY($1::uuid[]) AND d.customer_id = $2`,
    [devicePks, customerId, JSON.stringify(params)],
  );
}
