// Bare rows that tests and access walks write straight into the database, where going through the
// API would test something else: each INSERT written once.
import type { Queryable } from '../db/client.ts';
import type { WalkContext } from './walks.ts';

/** A device of $1 with the id $2 on the vehicle $3: one channel, the default thresholds. */
export const INSERT_DEVICE_SQL = `INSERT INTO devices (customer_id, device_id, device_type, vehicle_id, channel_number,
   acceleration_threshold, acceleration_duration, deceleration_threshold, deceleration_duration,
   impact_threshold, impact_duration, quick_handle_threshold, quick_handle_duration)
 VALUES ($1, $2, 'dv426', $3, 1, 0.35, 300, 0.4, 300, 1, 100, 0.35, 300) RETURNING id`;

/** B's straddle carrier (b.vehicle), made by the first walk that needs it. */
export async function vehicleOfB({ insert, b }: WalkContext): Promise<string> {
  b.vehicle ??= await insert(
    `INSERT INTO vehicles (customer_id, name, introduce_date) VALUES ($1, 'Otherco Straddle 77', '2024-01-01') RETURNING id`,
    [b.customer],
  );
  return b.vehicle;
}

/** The device on B's straddle carrier: the one another walk put there, else a new one. */
export async function deviceOnVehicleOfB(context: WalkContext): Promise<string> {
  const vehicle = await vehicleOfB(context);
  const [existing] = await context.query<{ id: string }>('SELECT id FROM devices WHERE vehicle_id = $1', [
    vehicle,
  ]);
  return existing?.id ?? context.insert(INSERT_DEVICE_SQL, [context.b.customer, '770077007700', vehicle]);
}

/** A vehicle of $1 named $2 in the vehicle group $3 (null: none). */
export const INSERT_VEHICLE_SQL = `INSERT INTO vehicles (customer_id, name, introduce_date, group_id)
 VALUES ($1, $2, '2024-04-01', $3) RETURNING id`;

/** An operator of $1 with the code $2, first name $3 and last name $4, in the operator group $5 (null: none). */
export const INSERT_OPERATOR_SQL = `INSERT INTO operators (customer_id, operator_code, first_name, last_name, birth_date,
   address, license_number, license_received_on, license_valid_till, license_location, phone, group_id)
 VALUES ($1, $2, $3, $4, '1980-01-01', 'Street 1', 'LIC', '2000-01-01', '2040-01-01', 'Tokyo', '0123', $5)
 RETURNING id`;

/** The id an INSERT … RETURNING id answered ('' for none). */
/**
 * How many rows of each table a customer holds, under the names given:
 * `rowCounts(db, customer, { v: 'vehicles', o: 'operators' })` → `{ v: 3, o: 0 }`.
 */
export async function rowCounts<K extends string>(
  db: Queryable,
  customerId: string,
  tables: Record<K, string>,
): Promise<Record<K, number>> {
  const counts = Object.entries(tables).map(
    ([name, table]) => `(SELECT count(*)::int FROM ${table} WHERE customer_id = $1) AS ${name}`,
  );
  const [row] = await db.query<Record<K, number>>(`SELECT ${counts.join(', ')}`, [customerId]);
  if (!row) throw new Error('no counts');
  return row;
}

export const insertedId = async (db: Queryable, sql: string, params: unknown[] = []): Promise<string> =>
  (await db.query<{ id: string }>(sql, params))[0]?.id ?? '';

/** A group of `customer` named `name`: of vehicles (vehicle_groups) or of operators (operator_groups). */
export const insertGroup = (
  db: Queryable,
  table: 'vehicle_groups' | 'operator_groups',
  customer: string,
  name: string,
) =>
  insertedId(db, `INSERT INTO ${table} (customer_id, name) VALUES ($1, $2) RETURNING id`, [customer, name]);

export interface VehicleWithDevice {
  id: string;
  /** The device's key (devices.id). */
  device: string;
  customer: string;
}

/** A vehicle of `customer` in `group` (null: none), fitted with the device `deviceId`. */
export async function insertVehicleWithDevice(
  db: Queryable,
  customer: string,
  name: string,
  deviceId: string,
  group: string | null,
): Promise<VehicleWithDevice> {
  const id = await insertedId(db, INSERT_VEHICLE_SQL, [customer, name, group]);
  const device = await insertedId(db, INSERT_DEVICE_SQL, [customer, deviceId, id]);
  return { id, device, customer };
}
