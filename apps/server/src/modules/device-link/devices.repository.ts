// The device link's reads for the console: its devices and vehicles within the caller's scope
// (platform/access.ts `Scoped`), their current states, and the dead letters.
import type { DeadLetter, DeviceState } from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import { firstRow } from '../../platform/rows.repository.ts';

export interface ScopedDevice {
  id: string;
  device_id: string;
  customer_id: string;
}

/** A device (by record id) within the caller's customers. */
export const findScopedDevice = (db: Queryable, scope: Scoped, id: string) =>
  firstRow<ScopedDevice>(
    db,
    `SELECT id, device_id, customer_id FROM devices WHERE id = $1 AND ${scope.inScope('customer_id', 2)}`,
    [id, scope.customerIds],
  );

/** Whether the vehicle is within the caller's customers. */
export async function vehicleInScope(db: Queryable, scope: Scoped, id: string): Promise<boolean> {
  const rows = await db.query(`SELECT 1 FROM vehicles WHERE id = $1 AND ${scope.inScope('customer_id', 2)}`, [
    id,
    scope.customerIds,
  ]);
  return rows.length > 0;
}

/** A page of dead letters, newest first (filter: device id or reason exactly, or part of the topic). */
export async function listDeadLetters(
  db: Queryable,
  filter: string | null,
  [limit, offset]: [number, number],
): Promise<{ list: Omit<DeadLetter, 'reason_text'>[]; total: number }> {
  const rows = await db.query<Omit<DeadLetter, 'reason_text'> & { total: number }>(
    `SELECT id::text, to_char(received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS received_at,
            device_id, topic, reason, detail, size, payload, repeats, count(*) OVER ()::int AS total
       FROM dead_letters
      WHERE $3::text IS NULL OR device_id = $3 OR reason = $3 OR topic LIKE '%' || $3 || '%'
      ORDER BY dead_letters.id DESC LIMIT $1 OFFSET $2`,
    [limit, offset, filter],
  );
  return { list: rows.map(({ total: _, ...r }) => r), total: rows[0]?.total ?? 0 };
}

/** States of devices in scope, optionally only some devices. */
export async function listStates(db: Queryable, scope: Scoped, devicePks?: string[]): Promise<DeviceState[]> {
  return db.query<DeviceState>(
    `SELECT d.device_id, s.customer_id, d.vehicle_id, s.online,
            to_char(s.connection_changed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS connection_changed_at,
            s.motion, to_char(s.motion_changed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS motion_changed_at,
            s.hour_meter, s.rfid, s.operator_id,
            CASE WHEN s.position_time IS NULL THEN NULL ELSE json_build_object(
              'time', to_char(s.position_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
              'lat', s.lat, 'lng', s.lng, 'speed', s.speed, 'direction', s.direction) END AS last_position,
            to_char(s.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at
       FROM device_states s JOIN devices d ON d.id = s.device_pk AND d.customer_id = s.customer_id
      WHERE ${scope.inScope('s.customer_id', 1)}
        AND ($2::uuid[] IS NULL OR s.device_pk = ANY($2))
      ORDER BY d.device_id`,
    [scope.customerIds, devicePks ?? null],
  );
}
