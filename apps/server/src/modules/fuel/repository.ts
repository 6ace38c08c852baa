// Fuel results in the database (0055_fuel_results.sql): the current version of each vehicle's day
// (is_current), every version kept. Vehicles are read in the caller's scope; a save locks the
// vehicles it writes so two saves of one vehicle's days check and write one after the other.
import type { FuelEntry, FuelReading, FuelResult } from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import { type FirstDay, keepDaySums } from './sums.repository.ts';

export type FuelVehicle = { id: string; customer_id: string; name: string; capacity_l: number | null };

/** A vehicle's fuel capacity: its own, else its model's tank (the spec's vehicle and model fields). */
const VEHICLE = `SELECT v.id, v.customer_id, v.name, coalesce(v.fuel_capacity_l, m.fuel_tank_l) AS capacity_l
  FROM vehicles v LEFT JOIN vehicle_models m ON m.customer_id = v.customer_id AND m.id = v.model_id`;

/** The vehicles of these ids the caller sees, locked for the save when `lock`. */
export async function vehiclesByIds(db: Queryable, scope: Scoped, ids: string[], lock = false) {
  return db.query<FuelVehicle>(
    `${VEHICLE} WHERE v.id = ANY($2::uuid[]) AND ${scope.inScope('v.customer_id', 1)}
     ORDER BY v.id ${lock ? 'FOR UPDATE OF v' : ''}`,
    [scope.customerIds, ids],
  );
}

/** The vehicles of these names the caller sees (a CSV file names vehicles as people do). */
export async function vehiclesByNames(db: Queryable, scope: Scoped, names: string[]) {
  return db.query<FuelVehicle>(
    `${VEHICLE} WHERE v.name = ANY($2::text[]) AND ${scope.inScope('v.customer_id', 1)} ORDER BY v.name, v.id`,
    [scope.customerIds, names],
  );
}

type ResultRow = Omit<FuelResult, 'author' | 'entered_at'> & {
  author_id: string | null;
  author_name: string;
  created_at: Date | string;
};

const RESULT = `SELECT f.vehicle_id, to_char(f.day, 'YYYY-MM-DD') AS day, f.received_l, f.hour_meter, f.remaining_l,
       f.working_hours, f.consumption_l, f.version, f.author_id, f.author_name, f.reason, f.created_at
  FROM fuel_results f`;

const toResult = ({ author_id, author_name, created_at, ...row }: ResultRow): FuelResult => ({
  ...row,
  author: author_id ? { id: author_id, name: author_name } : null,
  entered_at: new Date(created_at).toISOString(),
});

/** A vehicle's current readings from `start` to `end`, with the one just before and just after. */
export async function resultsOf(db: Queryable, vehicle: FuelVehicle, start: string, end: string) {
  const params = [vehicle.customer_id, vehicle.id, start, end];
  const where = 'f.customer_id = $1 AND f.vehicle_id = $2 AND f.is_current';
  const [rows, before, after] = await Promise.all([
    db.query<ResultRow>(`${RESULT} WHERE ${where} AND f.day BETWEEN $3 AND $4 ORDER BY f.day`, params),
    db.query<ResultRow>(
      `${RESULT} WHERE ${where} AND f.day < $3 ORDER BY f.day DESC LIMIT 1`,
      params.slice(0, 3),
    ),
    db.query<ResultRow>(`${RESULT} WHERE ${where} AND f.day > $3 ORDER BY f.day LIMIT 1`, [
      ...params.slice(0, 2),
      end,
    ]),
  ]);
  return {
    results: rows.map(toResult),
    before: before[0] ? toResult(before[0]) : null,
    after: after[0] ? toResult(after[0]) : null,
  };
}

/** Every version of a vehicle's day, newest first. */
export async function versionsOf(db: Queryable, vehicle: FuelVehicle, day: string) {
  const rows = await db.query<ResultRow>(
    `${RESULT} WHERE f.customer_id = $1 AND f.vehicle_id = $2 AND f.day = $3 ORDER BY f.version DESC`,
    [vehicle.customer_id, vehicle.id, day],
  );
  return rows.map(toResult);
}

export type StoredReading = FuelReading & { vehicle_id: string };

/**
 * The current readings the rules need to check a save: for each vehicle, those from the reading
 * before its first new day to the reading after its last (the neighbours a new reading is judged
 * against), no more.
 */
export async function neighbourReadings(
  db: Queryable,
  customerIds: string[],
  spans: { vehicle_id: string; first: string; last: string }[],
) {
  return db.query<StoredReading>(
    `WITH s AS (SELECT * FROM unnest($2::uuid[], $3::date[], $4::date[]) AS s(vehicle_id, first, last))
     SELECT f.vehicle_id, to_char(f.day, 'YYYY-MM-DD') AS day, f.received_l, f.hour_meter, f.remaining_l
       FROM s JOIN fuel_results f ON f.vehicle_id = s.vehicle_id AND f.customer_id = ANY($1::uuid[]) AND f.is_current
      WHERE f.day >= coalesce((SELECT max(p.day) FROM fuel_results p WHERE p.customer_id = f.customer_id
                                 AND p.vehicle_id = s.vehicle_id AND p.is_current AND p.day < s.first), s.first)
        AND f.day <= coalesce((SELECT min(n.day) FROM fuel_results n WHERE n.customer_id = f.customer_id
                                 AND n.vehicle_id = s.vehicle_id AND n.is_current AND n.day > s.last), s.last)
      ORDER BY f.vehicle_id, f.day`,
    [customerIds, spans.map((s) => s.vehicle_id), spans.map((s) => s.first), spans.map((s) => s.last)],
  );
}

export type NewVersion = FuelEntry & { customer_id: string };

/**
 * Writes each reading as its day's new current version (the old one kept, no longer current),
 * then works out again the derived figures of every later reading of those vehicles.
 */
export async function writeVersions(
  tx: Queryable,
  rows: NewVersion[],
  author: { userId: string | null; name?: string; reason: string; source: 'entry' | 'csv' | 'demo' },
) {
  if (rows.length === 0) return;
  const columns = [
    rows.map((r) => r.customer_id),
    rows.map((r) => r.vehicle_id),
    rows.map((r) => r.day),
    rows.map((r) => r.received_l),
    rows.map((r) => r.hour_meter),
    rows.map((r) => r.remaining_l),
  ];
  await tx.query(
    `WITH n AS (SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::date[]) AS n(customer_id, vehicle_id, day))
     UPDATE fuel_results f SET is_current = false FROM n
      WHERE f.customer_id = n.customer_id AND f.vehicle_id = n.vehicle_id AND f.day = n.day AND f.is_current`,
    columns.slice(0, 3),
  );
  await tx.query(
    `INSERT INTO fuel_results (customer_id, vehicle_id, day, version, received_l, hour_meter, remaining_l,
                               author_id, author_name, reason, source)
     SELECT n.customer_id, n.vehicle_id, n.day,
            coalesce((SELECT max(f.version) FROM fuel_results f WHERE f.customer_id = n.customer_id
                        AND f.vehicle_id = n.vehicle_id AND f.day = n.day), 0) + 1,
            n.received_l, n.hour_meter, n.remaining_l, u.id,
            coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username, $10::text), $8, $9
       FROM unnest($1::uuid[], $2::uuid[], $3::date[], $4::float8[], $5::float8[], $6::float8[])
              AS n(customer_id, vehicle_id, day, received_l, hour_meter, remaining_l)
       LEFT JOIN users u ON u.id = $7::uuid`,
    [...columns, author.userId, author.reason, author.source, author.name ?? ''],
  );
  await recomputeDerived(tx, rows);
}

/** Each vehicle's earliest day among the rows written. */
function firstDays(rows: NewVersion[]): FirstDay[] {
  const first = new Map<string, FirstDay>();
  for (const row of rows) {
    const seen = first.get(row.vehicle_id);
    if (!seen || row.day < seen.first) first.set(row.vehicle_id, { ...row, first: row.day });
  }
  return [...first.values()];
}

/**
 * previous_day, working_hours and consumption_l of each current reading from the first new one on,
 * then the summary's stored sums of those days.
 */
async function recomputeDerived(tx: Queryable, rows: NewVersion[]) {
  const spans = firstDays(rows);
  await tx.query(
    `WITH s AS (SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::date[]) AS s(customer_id, vehicle_id, first)),
     w AS (
       SELECT f.customer_id, f.id, f.day, s.first,
              lag(f.day) OVER v AS previous_day,
              f.hour_meter - lag(f.hour_meter) OVER v AS working_hours,
              lag(f.remaining_l) OVER v + f.received_l - f.remaining_l AS consumption_l
         FROM s JOIN fuel_results f ON f.customer_id = s.customer_id AND f.vehicle_id = s.vehicle_id AND f.is_current
        WHERE f.day >= coalesce((SELECT max(p.day) FROM fuel_results p WHERE p.customer_id = s.customer_id
                                   AND p.vehicle_id = s.vehicle_id AND p.is_current AND p.day < s.first), s.first)
       WINDOW v AS (PARTITION BY f.customer_id, f.vehicle_id ORDER BY f.day))
     UPDATE fuel_results f
        SET previous_day = w.previous_day,
            working_hours = round(w.working_hours::numeric, 2)::float8,
            consumption_l = round(w.consumption_l::numeric, 2)::float8
       FROM w WHERE f.customer_id = w.customer_id AND f.id = w.id AND w.day >= w.first`,
    [spans.map((r) => r.customer_id), spans.map((r) => r.vehicle_id), spans.map((r) => r.first)],
  );
  await keepDaySums(tx, spans);
}

/** The days a vehicle already has a reading, of those given (the demo adds only the others). */
export async function vehiclesWithReadings(db: Queryable, customerId: string) {
  const rows = await db.query<{ vehicle_id: string }>(
    'SELECT DISTINCT vehicle_id FROM fuel_results WHERE customer_id = $1',
    [customerId],
  );
  return new Set(rows.map((r) => r.vehicle_id));
}

/** A customer's vehicles with their capacity (none yet: `capacity` is set, as a new vehicle's would be). */
export async function demoVehicles(db: Queryable, customerId: string, capacity: number) {
  await db.query(
    'UPDATE vehicles SET fuel_capacity_l = $2 WHERE customer_id = $1 AND fuel_capacity_l IS NULL',
    [customerId, capacity],
  );
  return db.query<FuelVehicle & { initial_hour_meter: number }>(
    `SELECT v.id, v.customer_id, v.name, v.fuel_capacity_l AS capacity_l, v.initial_hour_meter
       FROM vehicles v WHERE v.customer_id = $1 ORDER BY v.name, v.id`,
    [customerId],
  );
}

/** Each vehicle's operating hours per local day (the figures of its devices' data), from `since`. */
export async function operatingHoursByDay(
  db: Queryable,
  customerId: string,
  since: Date,
  timesetting: number,
) {
  return db.query<{ vehicle_id: string; day: string; hours: number }>(
    `SELECT vehicle_id, to_char((hour AT TIME ZONE 'UTC') + make_interval(mins => $3), 'YYYY-MM-DD') AS day,
            sum(operating_seconds) / 3600 AS hours
       FROM vehicle_hour_figures WHERE customer_id = $1 AND hour >= $2
      GROUP BY 1, 2`,
    [customerId, since, timesetting],
  );
}
