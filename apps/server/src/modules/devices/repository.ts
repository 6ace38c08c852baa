// Devices and their cameras in the database. Every read of devices takes the caller's scope
// (platform/access.ts `Scoped`) and applies it in SQL; the form's options are in
// options.repository.ts.
import {
  type Device,
  type DeviceInput,
  type deviceListFilterSchema,
  type ListQuery,
  THRESHOLD_KINDS,
  type Thresholds,
} from '@fleetlens/contracts';
import type { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import { likePattern, type Ordering, pageRows } from '../../platform/lists.ts';
import { findInScope, firstRow, type OwnedRow, owned } from '../../platform/rows.repository.ts';
import { linkStateJson, linkStateMatches, parseLinkState } from '../device-link/public.ts';

type Query = DatabaseHandle['query'];
export type DeviceFilters = z.infer<typeof deviceListFilterSchema>;

const THRESHOLD_COLUMNS = THRESHOLD_KINDS.flatMap((k) => [`${k}_threshold`, `${k}_duration`]);

const SELECT = `
  SELECT d.*, cu.name AS customer_name, v.name AS vehicle_name, g.name AS group_name,
         k.case_number AS case_number, s.phone AS sim_phone, ${linkStateJson('st')} AS link_state,
         coalesce((SELECT json_agg(json_build_object('camera_id', dc.camera_id, 'rotation', dc.rotation)
                                   ORDER BY dc.position)
                     FROM device_cameras dc WHERE dc.device_pk = d.id), '[]') AS cameras
    FROM devices d
    JOIN customers cu ON cu.id = d.customer_id
    LEFT JOIN vehicles v ON v.id = d.vehicle_id AND v.customer_id = d.customer_id
    LEFT JOIN vehicle_groups g ON g.id = d.group_id AND g.customer_id = d.customer_id
    LEFT JOIN cases k ON k.id = d.kitting_id AND k.customer_id = d.customer_id
    LEFT JOIN sims s ON s.id = d.sim_id AND s.customer_id = d.customer_id
    LEFT JOIN device_states st ON st.device_pk = d.id AND st.customer_id = d.customer_id`;

type Row = Record<string, unknown> & {
  id: string;
  vehicle_id: string | null;
  vehicle_name: string | null;
  group_id: string | null;
  group_name: string | null;
  kitting_id: string | null;
  case_number: string | null;
  sim_id: string | null;
  sim_phone: string | null;
  cameras: Device['cameras'] | string;
} & OwnedRow;

const ref = (id: string | null, name: string | null) => (id && name !== null ? { id, name } : null);

function toDevice(row: Row): Device {
  const cameras =
    typeof row.cameras === 'string' ? (JSON.parse(row.cameras) as Device['cameras']) : row.cameras;
  const thresholds = Object.fromEntries(
    THRESHOLD_KINDS.map((k) => [
      k,
      { threshold: Number(row[`${k}_threshold`]), duration: Number(row[`${k}_duration`]) },
    ]),
  ) as Thresholds;
  return {
    id: row.id,
    device_id: row.device_id as string,
    plate_number: row.plate_number as string | null,
    device_type: row.device_type as Device['device_type'],
    kitting: ref(row.kitting_id, row.case_number),
    vehicle: ref(row.vehicle_id, row.vehicle_name),
    channel_number: row.channel_number as number,
    camera_count: cameras.length,
    cameras,
    group: ref(row.group_id, row.group_name),
    icon: row.icon as Device['icon'],
    firmware: row.firmware as string | null,
    sim: ref(row.sim_id, row.sim_phone),
    thresholds,
    threshold_state: row.threshold_state as Device['threshold_state'],
    installation_direction: row.installation_direction as Device['installation_direction'],
    state: parseLinkState(row.link_state),
    ...owned(row),
  };
}

const ORDER: Ordering = {
  alias: 'd',
  plain: ['device_id', 'plate_number', 'device_type', 'firmware', 'updated_at'],
  by: { customer: 'lower(cu.name)', vehicle: 'lower(v.name)' },
  fallback: 'device_id',
  nullsLast: true,
};

export async function listDevices(
  database: DatabaseHandle,
  scope: Scoped,
  query: ListQuery,
  filters: DeviceFilters,
): Promise<{ list: Device[]; total: number }> {
  const where = `WHERE ${scope.inScope('d.customer_id', 1)}
      AND ($2::text IS NULL OR d.device_id LIKE $2 OR coalesce(d.plate_number, '') LIKE $2
           OR lower(coalesce(v.name, '')) LIKE $2 OR lower(coalesce(d.firmware, '')) LIKE $2
           OR EXISTS (SELECT 1 FROM device_cameras dc WHERE dc.device_pk = d.id AND lower(dc.camera_id) LIKE $2))
      AND ($3::uuid IS NULL OR d.customer_id = $3)
      AND ($4::text IS NULL OR d.device_type = $4)
      AND ($5::text IS NULL OR ($5 = 'with') = (d.vehicle_id IS NOT NULL))
      AND ${linkStateMatches('st', 6)}`;
  const params = [
    scope.customerIds,
    likePattern(query.filter),
    filters.customer_id ?? null,
    filters.device_type ?? null,
    filters.vehicle ?? null,
    filters.state ?? null,
  ];
  const sql = {
    select: SELECT,
    count: `FROM devices d LEFT JOIN vehicles v ON v.id = d.vehicle_id AND v.customer_id = d.customer_id
       LEFT JOIN device_states st ON st.device_pk = d.id AND st.customer_id = d.customer_id`,
    where,
    order: ORDER,
  };
  return pageRows(database, sql, params, query, toDevice);
}

export const findDevice = (query: Query, scope: Scoped, id: string) =>
  findInScope({ query }, scope, SELECT, { id: 'd.id', customer: 'd.customer_id' }, id, toDevice);

/** The device of a vehicle, whoever set it up. */
export const findDeviceOfVehicle = (query: Query, vehicleId: string) =>
  firstRow({ query }, `${SELECT} WHERE d.vehicle_id = $1`, [vehicleId], toDevice);

const WRITE_COLUMNS = [
  'customer_id',
  'device_id',
  'plate_number',
  'device_type',
  'kitting_id',
  'vehicle_id',
  'channel_number',
  'group_id',
  'icon',
  'firmware',
  'sim_id',
  'installation_direction',
  ...THRESHOLD_COLUMNS,
] as const;

function valuesOf(body: DeviceInput): unknown[] {
  const flat: Record<string, unknown> = { ...body };
  for (const k of THRESHOLD_KINDS) {
    flat[`${k}_threshold`] = body.thresholds[k].threshold;
    flat[`${k}_duration`] = body.thresholds[k].duration;
  }
  return WRITE_COLUMNS.map((c) => flat[c]);
}

export async function insertDevice(query: Query, body: DeviceInput): Promise<string> {
  const [row] = await query<{ id: string }>(
    // A new device's thresholds wait for the device link to send them.
    `INSERT INTO devices (${WRITE_COLUMNS.join(', ')}, threshold_state)
     VALUES (${WRITE_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')}, 'change-reserved')
     RETURNING id`,
    valuesOf(body),
  );
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

export async function updateDevice(
  query: Query,
  id: string,
  body: DeviceInput,
  thresholdsChanged: boolean,
): Promise<void> {
  const sets = WRITE_COLUMNS.map((c, i) => `${c} = $${i + 2}`).join(', ');
  await query(
    `UPDATE devices SET ${sets}, updated_at = now()
       ${thresholdsChanged ? ", threshold_state = 'change-reserved'" : ''}
     WHERE id = $1`,
    [id, ...valuesOf(body)],
  );
}

export async function replaceCameras(
  query: Query,
  devicePk: string,
  cameras: DeviceInput['cameras'],
): Promise<void> {
  await query('DELETE FROM device_cameras WHERE device_pk = $1', [devicePk]);
  for (const [i, camera] of cameras.entries())
    await query(
      `INSERT INTO device_cameras (device_pk, customer_id, position, camera_id, rotation)
       SELECT id, customer_id, $2, $3, $4 FROM devices WHERE id = $1`,
      [devicePk, i + 1, camera.camera_id, camera.rotation],
    );
}

/** Camera ids of `ids` already fitted on another device. */
export async function camerasTaken(
  query: Query,
  ids: string[],
  exceptDevice: string | null,
): Promise<Set<string>> {
  const rows = await query<{ camera_id: string }>(
    'SELECT camera_id FROM device_cameras WHERE camera_id = ANY($1) AND ($2::uuid IS NULL OR device_pk <> $2)',
    [ids, exceptDevice],
  );
  return new Set(rows.map((r) => r.camera_id));
}

/** Stamps the vehicle's last threshold update (shown on the vehicle). */
export async function touchVehicleThresholds(query: Query, vehicleId: string): Promise<void> {
  await query('UPDATE vehicles SET last_threshold_update_at = now() WHERE id = $1', [vehicleId]);
}

export async function deleteDevice(query: Query, id: string): Promise<void> {
  await query('DELETE FROM devices WHERE id = $1', [id]);
}

/** Whether another device than `id` has `value` in `column` (its vehicle, SIM or device id). */
export async function otherDeviceHas(
  query: Query,
  column: 'vehicle_id' | 'sim_id' | 'device_id',
  value: string,
  id: string | null,
): Promise<boolean> {
  const rows = await query(`SELECT 1 FROM devices WHERE ${column} = $1 AND ($2::uuid IS NULL OR id <> $2)`, [
    value,
    id,
  ]);
  return rows.length > 0;
}

/** A case of `customerId`: whether kitting users see it, how many devices it needs and has. */
export async function caseCapacity(
  query: Query,
  caseId: string,
  customerId: string,
): Promise<{ exposed: boolean; needed: number; registered: number } | undefined> {
  const [kit] = await query<{ exposed: boolean; needed: number; registered: number }>(
    `SELECT k.exposed_to_kitting AS exposed, k.devices_needed AS needed,
            (SELECT count(*)::int FROM devices d WHERE d.kitting_id = k.id) AS registered
       FROM cases k WHERE k.id = $1 AND k.customer_id = $2`,
    [caseId, customerId],
  );
  return kit;
}

/** The cameras of a device as its form saves them (for the audit log). */
export async function camerasOf(query: Query, devicePk: string): Promise<DeviceInput['cameras']> {
  return query<DeviceInput['cameras'][number]>(
    'SELECT camera_id, rotation FROM device_cameras WHERE device_pk = $1 ORDER BY position',
    [devicePk],
  );
}
