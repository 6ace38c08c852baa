// Vehicles in the database, scoped in SQL like every customer-owned table. The list is the
// registry's busiest query (measured by `npm run bench`): one statement for the page with its joins, one
// count over the vehicles table alone.
import {
  VEHICLE_MEASURES,
  type Vehicle,
  type VehicleListQuery,
  type vehicleUpdateSchema,
} from '@fleetlens/contracts';
import type { z } from 'zod';
import type { DatabaseHandle, Queryable } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import { likePattern, type Ordering, orderBy, pageRows, pageWindow } from '../../platform/lists.ts';
import {
  findInScope,
  insertRow,
  iso,
  type OwnedRow,
  owned,
  ref,
  updateRow,
} from '../../platform/rows.repository.ts';
import {
  linkStateMatches,
  parseLinkState,
  signedOnElsewhereSql,
  vehicleLinkStateJson,
  vehicleLinkStateRank,
} from '../device-link/public.ts';

type VehicleInput = z.output<typeof vehicleUpdateSchema>;

/** Columns a body writes and an answer shows as they are stored. */
const PLAIN = [
  'name',
  'description',
  'series',
  'power_type',
  'structure',
  'initial_hour_meter',
  'hour_meter_correction',
  'installation_type',
  'key_number',
  'installation_location',
  'remark',
  'maintenance_mode',
  'serial_number',
  'engine_type',
  'vehicle_type',
  'icon',
  'rated_output_unit',
  'kitting_id',
  ...VEHICLE_MEASURES,
] as const satisfies readonly (keyof Vehicle)[];

/** The columns a body writes (customer_id only on insert). */
export const VEHICLE_COLUMNS = [
  ...PLAIN,
  'introduce_date',
  'group_id',
  'manufacturer_id',
  'model_id',
] as const;

/** A row of selectVehicles: the plain columns, the names of what it refers to, and what is derived. */
type Row = Pick<
  Vehicle,
  (typeof PLAIN)[number] | 'id' | 'elapsed_hours' | 'cumulative_uptime_hours' | 'current_uptime_hours'
> & {
  group_id: string | null;
  group_name: string | null;
  manufacturer_id: string | null;
  manufacturer_name: string | null;
  model_id: string | null;
  model_name_ref: string | null;
  introduce_day: string;
  /** As the driver answers json: parsed, or its text. */
  device: Vehicle['device'] | string;
  link_state: unknown;
  last_threshold_update_at: Date | string | null;
  last_latitude: number | null;
  last_longitude: number | null;
  last_position_at: Date | string | null;
} & OwnedRow;

const CURRENT_UPTIME = '(v.initial_hour_meter + v.hour_meter_correction + v.cumulative_uptime_hours)';

/** A vehicle's row with its device (id and device id), its names and what is derived. */
export function selectVehicles(): string {
  const device = `(SELECT json_build_object('id', d.id, 'device_id', d.device_id::text)
          FROM devices d WHERE d.vehicle_id = v.id ORDER BY d.id LIMIT 1)`;
  return `
  SELECT v.*, to_char(v.introduce_date, 'YYYY-MM-DD') AS introduce_day,
         c.name AS customer_name, g.name AS group_name, m.name AS manufacturer_name,
         vm.name AS model_name_ref, ${device} AS device,
         ${vehicleLinkStateJson('v')} AS link_state,
         ${signedOnElsewhereSql('v')} AS operator_signed_on_elsewhere,
         greatest(0, floor(extract(epoch FROM (now() - v.introduce_date::timestamptz)) / 3600))::float8 AS elapsed_hours,
         ${CURRENT_UPTIME}::float8 AS current_uptime_hours
    FROM vehicles v
    JOIN customers c ON c.id = v.customer_id
    LEFT JOIN vehicle_groups g ON g.id = v.group_id AND g.customer_id = v.customer_id
    LEFT JOIN manufacturers m ON m.id = v.manufacturer_id AND m.customer_id = v.customer_id
    LEFT JOIN vehicle_models vm ON vm.id = v.model_id AND vm.customer_id = v.customer_id`;
}

export function toVehicle(r: Row): Vehicle {
  const device = typeof r.device === 'string' ? (JSON.parse(r.device) as Vehicle['device']) : r.device;
  const plain = Object.fromEntries(PLAIN.map((c) => [c, r[c]])) as Pick<Vehicle, (typeof PLAIN)[number]>;
  return {
    ...plain,
    id: r.id,
    group: ref(r.group_id, r.group_name),
    manufacturer: ref(r.manufacturer_id, r.manufacturer_name),
    model: ref(r.model_id, r.model_name_ref),
    device,
    introduce_date: r.introduce_day,
    last_threshold_update_at: iso(r.last_threshold_update_at),
    elapsed_hours: r.elapsed_hours,
    cumulative_uptime_hours: r.cumulative_uptime_hours,
    current_uptime_hours: r.current_uptime_hours,
    state: parseLinkState(r.link_state),
    operator_signed_on_elsewhere:
      (r as { operator_signed_on_elsewhere?: unknown }).operator_signed_on_elsewhere === true,
    last_position:
      r.last_latitude !== null && r.last_longitude !== null && r.last_position_at !== null
        ? { latitude: r.last_latitude, longitude: r.last_longitude, at: iso(r.last_position_at) ?? '' }
        : null,
    ...owned(r),
  };
}

const ORDER: Ordering = {
  alias: 'v',
  text: ['name'],
  plain: [
    'vehicle_type',
    'installation_type',
    'introduce_date',
    'serial_number',
    'maintenance_mode',
    'updated_at',
  ],
  by: {
    customer: 'lower(c.name)',
    group: 'lower(g.name)',
    manufacturer: 'lower(m.name)',
    model: 'lower(vm.name)',
    current_uptime_hours: CURRENT_UPTIME,
    state: vehicleLinkStateRank('v'),
  },
  fallback: 'name',
  nullsLast: true,
};

/** The list's WHERE clause and its parameters ($1…$11). */
export function vehicleFilter(scope: Scoped, query: VehicleListQuery): { where: string; params: unknown[] } {
  const where = `WHERE ${scope.inScope('v.customer_id', 1)}
      AND ($2::uuid IS NULL OR v.customer_id = $2)
      AND ($3::uuid IS NULL OR v.group_id = $3)
      AND ($4::uuid IS NULL OR v.manufacturer_id = $4)
      AND ($5::uuid IS NULL OR v.model_id = $5)
      AND ($6::text IS NULL OR v.vehicle_type = $6)
      AND ($7::text IS NULL OR v.installation_type = $7)
      AND ($8::text IS NULL OR v.power_type = $8)
      AND ($9::boolean IS NULL OR v.maintenance_mode = $9)
      AND ($10::text IS NULL OR lower(v.name) LIKE $10 OR lower(v.serial_number) LIKE $10
           OR lower(v.key_number) LIKE $10 OR lower(v.kitting_id) LIKE $10 OR lower(v.description) LIKE $10)
      AND ($11::text IS NULL OR EXISTS (SELECT 1 FROM devices d LEFT JOIN device_states s ON s.device_pk = d.id AND s.customer_id = d.customer_id
                                         WHERE d.vehicle_id = v.id AND ${linkStateMatches('s', 11)}))`;
  const params = [
    scope.customerIds,
    query.customer_id ?? null,
    query.group_id ?? null,
    query.manufacturer_id ?? null,
    query.model_id ?? null,
    query.vehicle_type ?? null,
    query.installation_type ?? null,
    query.power_type ?? null,
    query.maintenance_mode ?? null,
    likePattern(query.filter),
    query.state ?? null,
  ];
  return { where, params };
}

/** The list's two statements (page, count) with their parameters; the benchmark runs them raw. */
export function vehicleListSql(scope: Scoped, query: VehicleListQuery) {
  const { where, params } = vehicleFilter(scope, query);
  const order = orderBy(ORDER, query);
  return {
    page: `${selectVehicles()} ${where} ORDER BY ${order} LIMIT $12 OFFSET $13`,
    pageParams: [...params, ...pageWindow(query)],
    count: `SELECT count(*)::int AS n FROM vehicles v ${where}`,
    countParams: params,
  };
}

export async function listVehicles(
  database: DatabaseHandle,
  scope: Scoped,
  query: VehicleListQuery,
): Promise<{ list: Vehicle[]; total: number }> {
  // The statements of vehicleListSql, through pageRows: an export reads them on by key.
  const { where, params } = vehicleFilter(scope, query);
  const sql = { select: selectVehicles(), count: 'FROM vehicles v', where, order: ORDER };
  return pageRows(database, sql, params, query, toVehicle);
}

export const findVehicle = (database: Queryable, scope: Scoped, id: string) =>
  findInScope(database, scope, selectVehicles(), { id: 'v.id', customer: 'v.customer_id' }, id, toVehicle);

export const insertVehicle = (database: Queryable, customerId: string, body: VehicleInput) =>
  insertRow(database, 'vehicles', { customer_id: customerId }, body, VEHICLE_COLUMNS);

export const updateVehicle = (database: Queryable, id: string, customerId: string, body: VehicleInput) =>
  updateRow(database, 'vehicles', { id, customer_id: customerId }, body, VEHICLE_COLUMNS);

/**
 * Deletes a vehicle that no device names: 'removed', 'missing', or 'held' (the devices' foreign
 * key would silently unlink the device, so the rule is checked here, under a lock on the vehicle row
 * that a device saved with this vehicle must wait for).
 */
export async function deleteVehicle(
  tx: Queryable,
  scope: Scoped,
  id: string,
): Promise<'removed' | 'missing' | 'held'> {
  // Run on a transaction: the lock holds until it ends.
  const [row] = await tx.query(
    `SELECT id FROM vehicles WHERE id = $2 AND ${scope.inScope('customer_id', 1)} FOR UPDATE`,
    [scope.customerIds, id],
  );
  if (!row) return 'missing';
  if ((await tx.query('SELECT 1 FROM devices WHERE vehicle_id = $1 LIMIT 1', [id])).length > 0) return 'held';
  await tx.query(
    'DELETE FROM vehicles WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM devices WHERE vehicle_id = $1)',
    [id],
  );
  return 'removed';
}

/** What an edit needs to know before it writes (`editTarget`). */
export type EditTarget = {
  customer_id: string;
  group_ok: boolean;
  manufacturer_ok: boolean;
  model_ok: boolean;
  model_of_vendor: boolean;
};

/**
 * For an edit, in one statement: the vehicle's customer when the caller sees the vehicle (else
 * undefined), and whether the group, vendor and model the body names are that customer's, and the
 * model the vendor's (a reference the body leaves empty passes).
 */
export async function editTarget(
  tx: Queryable,
  scope: Scoped,
  id: string,
  body: Pick<VehicleInput, 'group_id' | 'manufacturer_id' | 'model_id'>,
): Promise<EditTarget | undefined> {
  const [row] = await tx.query<EditTarget>(
    `SELECT v.customer_id,
            ($3::uuid IS NULL OR EXISTS (
              SELECT 1 FROM vehicle_groups g WHERE g.id = $3 AND g.customer_id = v.customer_id)) AS group_ok,
            ($4::uuid IS NULL OR EXISTS (
              SELECT 1 FROM manufacturers m WHERE m.id = $4 AND m.customer_id = v.customer_id)) AS manufacturer_ok,
            ($5::uuid IS NULL OR EXISTS (
              SELECT 1 FROM vehicle_models vm WHERE vm.id = $5 AND vm.customer_id = v.customer_id)) AS model_ok,
            ($5::uuid IS NULL OR $4::uuid IS NULL OR EXISTS (
              SELECT 1 FROM vehicle_models vm WHERE vm.id = $5 AND vm.manufacturer_id = $4)) AS model_of_vendor
       FROM vehicles v
      WHERE v.id = $2 AND ${scope.inScope('v.customer_id', 1)}`,
    [scope.customerIds, id, body.group_id, body.manufacturer_id, body.model_id],
  );
  return row;
}

/** Whether the model belongs to the vendor. */
export async function modelOfVendor(
  database: Queryable,
  modelId: string,
  manufacturerId: string,
): Promise<boolean> {
  const rows = await database.query('SELECT 1 FROM vehicle_models WHERE id = $1 AND manufacturer_id = $2', [
    modelId,
    manufacturerId,
  ]);
  return rows.length > 0;
}
