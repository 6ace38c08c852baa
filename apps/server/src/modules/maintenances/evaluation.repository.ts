// The SQL of the maintenance evaluation (evaluation.ts): the new hour meter readings of vehicles
// under plans, applied or kept aside; the assignments to evaluate again; their new states.
import type { CalendarUnit, CycleUnit, MaintenanceState } from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';
import { CHECKED_METER, checkedMeterOf, DAILY_HOURS } from './vehicles.repository.ts';

export interface NewReading {
  customer_id: string;
  vehicle_id: string;
  /** The device's hour meter (the vehicle's cumulative uptime) and when it was read. */
  meter: number;
  read_at: Date;
  applied_meter: number | null;
  applied_at: Date | null;
  /** Whether its checked meter reaches the lowest meter at which one of its states changes. */
  crossed: boolean;
}

/** Readings newer than the last looked at, of vehicles under a plan (their newest device reading). */
export async function newReadings(db: Queryable): Promise<NewReading[]> {
  const rows = await db.query<NewReading>(
    `SELECT v.customer_id, v.id AS vehicle_id, v.cumulative_uptime_hours AS meter, r.read_at,
            mm.meter AS applied_meter, mm.read_at AS applied_at,
            (mm.vehicle_id IS NULL OR ${checkedMeterOf('v.cumulative_uptime_hours')} >= mm.recheck_meter) AS crossed
       FROM vehicles v
       JOIN LATERAL (SELECT max(s.hour_meter_at) AS read_at FROM devices d
                       JOIN device_states s ON s.device_pk = d.id AND s.customer_id = d.customer_id
                      WHERE d.vehicle_id = v.id AND d.customer_id = v.customer_id) r ON r.read_at IS NOT NULL
       LEFT JOIN maintenance_meters mm ON mm.vehicle_id = v.id AND mm.customer_id = v.customer_id
      WHERE EXISTS (SELECT 1 FROM maintenance_vehicles mv WHERE mv.vehicle_id = v.id AND mv.customer_id = v.customer_id)
        AND (mm.checked_at IS NULL OR r.read_at > mm.checked_at)`,
  );
  return rows.map((r) => ({ ...r, crossed: r.crossed === true }));
}

/** Applies readings: each vehicle's last reading becomes this one (its first is kept). */
export async function applyReadings(db: Queryable, readings: readonly NewReading[]): Promise<void> {
  if (readings.length === 0) return;
  await db.query(
    `INSERT INTO maintenance_meters (customer_id, vehicle_id, meter, read_at, first_meter, first_at, checked_at)
     SELECT c, v, m, t, m, t, t FROM unnest($1::uuid[], $2::uuid[], $3::float8[], $4::timestamptz[]) AS u(c, v, m, t)
     ON CONFLICT (vehicle_id, customer_id) DO UPDATE
        SET meter = excluded.meter, read_at = excluded.read_at, checked_at = excluded.checked_at`,
    [
      readings.map((r) => r.customer_id),
      readings.map((r) => r.vehicle_id),
      readings.map((r) => r.meter),
      readings.map((r) => r.read_at),
    ],
  );
}

/** Keeps readings aside with their problem; the applied reading stays, the time is marked looked at. */
export async function keepAside(
  db: Queryable,
  readings: readonly (NewReading & { problem: 'backwards' | 'too_fast' })[],
): Promise<void> {
  if (readings.length === 0) return;
  const columns = [
    readings.map((r) => r.customer_id),
    readings.map((r) => r.vehicle_id),
    readings.map((r) => r.meter),
    readings.map((r) => r.read_at),
    readings.map((r) => r.applied_meter),
    readings.map((r) => r.applied_at),
    readings.map((r) => r.problem),
  ];
  await db.query(
    `INSERT INTO maintenance_meter_rejects (customer_id, vehicle_id, meter, read_at, applied_meter, applied_at, problem)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::float8[], $4::timestamptz[], $5::float8[], $6::timestamptz[], $7::text[])
     ON CONFLICT (vehicle_id, read_at, customer_id) DO NOTHING`,
    columns,
  );
  await db.query(
    `UPDATE maintenance_meters mm SET checked_at = u.t
       FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[]) AS u(c, v, t)
      WHERE mm.customer_id = u.c AND mm.vehicle_id = u.v`,
    [columns[0], columns[1], columns[3]],
  );
}

export interface DueRow {
  customer_id: string;
  maintenance_id: string;
  vehicle_id: string;
  cycle_unit: CycleUnit;
  cycle_value: number;
  warning_time: number;
  warning_type: CycleUnit;
  calendar_unit: CalendarUnit | null;
  calendar_value: number | null;
  since: Date;
  since_meter: number | null;
  meter: number | null;
  daily_hours: number | null;
  state: MaintenanceState;
}

/**
 * The assignments to evaluate again: not evaluated since they changed (new, edited, just
 * maintained), those whose time to change came, and those of the vehicles whose meter moved
 * (`moved`: customer and vehicle ids) that crossed the meter at which their state changes. A
 * cycle with no meter at its last maintenance counts from the vehicle's first applied reading.
 */
export function assignmentsToEvaluate(
  db: Queryable,
  now: Date,
  moved: readonly { customer_id: string; vehicle_id: string }[],
): Promise<DueRow[]> {
  const meterJoins = `JOIN vehicles v ON v.id = mv.vehicle_id AND v.customer_id = mv.customer_id
       LEFT JOIN maintenance_meters mm ON mm.vehicle_id = mv.vehicle_id AND mm.customer_id = mv.customer_id`;
  return db.query<DueRow>(
    `WITH due AS (
       SELECT customer_id, maintenance_id, vehicle_id FROM maintenance_vehicles WHERE evaluated_at IS NULL
       UNION SELECT customer_id, maintenance_id, vehicle_id FROM maintenance_vehicles WHERE recheck_at <= $1
       UNION SELECT mv.customer_id, mv.maintenance_id, mv.vehicle_id
               FROM unnest($2::uuid[], $3::uuid[]) AS u(customer_id, vehicle_id)
               JOIN maintenance_vehicles mv ON mv.customer_id = u.customer_id AND mv.vehicle_id = u.vehicle_id
               ${meterJoins}
              WHERE ${CHECKED_METER} >= mv.recheck_meter)
     SELECT mv.customer_id, mv.maintenance_id, mv.vehicle_id, m.cycle_unit, m.cycle_value, m.warning_time,
            m.warning_type, m.calendar_unit, m.calendar_value,
            coalesce(mv.last_maintenance_at, mv.created_at) AS since,
            coalesce(mv.last_hour_meter, v.initial_hour_meter + v.hour_meter_correction + mm.first_meter)::float8 AS since_meter,
            ${CHECKED_METER}::float8 AS meter, (${DAILY_HOURS})::float8 AS daily_hours, mv.state
       FROM due JOIN maintenance_vehicles mv USING (customer_id, maintenance_id, vehicle_id)
       JOIN maintenances m ON m.id = mv.maintenance_id AND m.customer_id = mv.customer_id
       ${meterJoins}`,
    [now, moved.map((m) => m.customer_id), moved.map((m) => m.vehicle_id)],
  );
}

export interface Evaluated {
  customer_id: string;
  maintenance_id: string;
  vehicle_id: string;
  state: MaintenanceState;
  /** The checked hour meter the meter cycle ends at (null: a time cycle, or no meter yet). */
  due_meter: number | null;
  due_at: Date | null;
  /** Where to look again: the meter and the time at which the state may change next. */
  recheck_meter: number | null;
  recheck_at: Date | null;
}

/** Stores the states computed at `now`. */
export async function storeStates(db: Queryable, rows: readonly Evaluated[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `UPDATE maintenance_vehicles mv
        SET state = u.state, due_meter = u.due_meter, due_at = u.due_at, recheck_meter = u.recheck_meter,
            recheck_at = u.recheck_at, evaluated_at = $9
       FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::float8[], $6::timestamptz[], $7::float8[], $8::timestamptz[])
            AS u(customer_id, maintenance_id, vehicle_id, state, due_meter, due_at, recheck_meter, recheck_at)
      WHERE mv.customer_id = u.customer_id AND mv.maintenance_id = u.maintenance_id AND mv.vehicle_id = u.vehicle_id`,
    [
      rows.map((r) => r.customer_id),
      rows.map((r) => r.maintenance_id),
      rows.map((r) => r.vehicle_id),
      rows.map((r) => r.state),
      rows.map((r) => r.due_meter),
      rows.map((r) => r.due_at),
      rows.map((r) => r.recheck_meter),
      rows.map((r) => r.recheck_at),
      now,
    ],
  );
  // The vehicles' lowest recheck meter, in step with their assignments'.
  const vehicles = [...new Map(rows.map((r) => [`${r.customer_id}/${r.vehicle_id}`, r])).values()];
  await db.query(
    `UPDATE maintenance_meters mm
        SET recheck_meter = (SELECT min(mv.recheck_meter) FROM maintenance_vehicles mv
                              WHERE mv.customer_id = mm.customer_id AND mv.vehicle_id = mm.vehicle_id)
       FROM unnest($1::uuid[], $2::uuid[]) AS u(customer_id, vehicle_id)
      WHERE mm.customer_id = u.customer_id AND mm.vehicle_id = u.vehicle_id`,
    [vehicles.map((r) => r.customer_id), vehicles.map((r) => r.vehicle_id)],
  );
}
