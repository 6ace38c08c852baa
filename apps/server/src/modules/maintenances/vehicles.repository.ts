// The vehicles under maintenance plans, their executions and their checked hour meters in the
// database, within the caller's scope (platform/access.ts `Scoped`).
import type {
  MaintenanceAttentionQuery,
  MaintenanceExecution,
  MaintenanceState,
  MaintenanceVehicle,
  MaintenanceVehicleListQuery,
  MeterReject,
} from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import { likePattern, type Ordering, pageRows } from '../../platform/lists.ts';
import { columnsOf, firstRow, iso, stamps } from '../../platform/rows.repository.ts';

/**
 * The vehicle's checked hour meter: its initial hour meter and correction on the applied reading
 * (before any reading was checked, on the vehicle's cumulative uptime as the registry holds it).
 */
export const checkedMeterOf = (deviceMeter: string) =>
  `(v.initial_hour_meter + v.hour_meter_correction + ${deviceMeter})`;
export const CHECKED_METER = checkedMeterOf('coalesce(mm.meter, v.cumulative_uptime_hours)');
/** Its average operating hours a day over the readings applied (null before a day of them). */
export const DAILY_HOURS = `CASE WHEN mm.read_at - mm.first_at >= interval '1 day'
  THEN (mm.meter - mm.first_meter) / (extract(epoch FROM mm.read_at - mm.first_at) / 86400) END`;
/** Operating hours left on a meter cycle, to a tenth: from the meter it ends at (the evaluation's) to now's. */
export const HOURS_LEFT = `round((mv.due_meter - ${CHECKED_METER})::numeric, 1)::float8`;

const SELECT = `
  SELECT mv.*, m.item_id, i.name AS item_name, v.name AS vehicle_name, c.name AS customer_name,
         ${CHECKED_METER}::float8 AS hour_meter, (${DAILY_HOURS})::float8 AS daily_hours, ${HOURS_LEFT} AS hours_left,
         (SELECT count(*) FROM maintenance_meter_rejects r
           WHERE r.vehicle_id = mv.vehicle_id AND r.customer_id = mv.customer_id)::int AS rejected_readings
    FROM maintenance_vehicles mv
    JOIN maintenances m ON m.id = mv.maintenance_id AND m.customer_id = mv.customer_id
    JOIN maintenance_items i ON i.id = m.item_id AND i.customer_id = m.customer_id
    JOIN vehicles v ON v.id = mv.vehicle_id AND v.customer_id = mv.customer_id
    JOIN customers c ON c.id = mv.customer_id
    LEFT JOIN maintenance_meters mm ON mm.vehicle_id = mv.vehicle_id AND mm.customer_id = mv.customer_id`;

type Row = {
  customer_id: string;
  customer_name: string;
  maintenance_id: string;
  item_name: string;
  vehicle_id: string;
  vehicle_name: string;
  comment: string;
  last_maintenance_at: Date | string | null;
  last_hour_meter: number | null;
  state: MaintenanceState;
  hours_left: number | null;
  due_at: Date | string | null;
  hour_meter: number | null;
  daily_hours: number | null;
  rejected_readings: number;
  created_at: Date | string;
  updated_at: Date | string;
};

const toAssignment = (r: Row): MaintenanceVehicle => ({
  maintenance: { id: r.maintenance_id, name: r.item_name },
  vehicle: { id: r.vehicle_id, name: r.vehicle_name },
  customer: { id: r.customer_id, name: r.customer_name },
  comment: r.comment,
  last_maintenance_at: iso(r.last_maintenance_at),
  ...columnsOf(r, ['last_hour_meter', 'state', 'hours_left']),
  due_at: iso(r.due_at),
  ...columnsOf(r, ['hour_meter', 'daily_hours', 'rejected_readings']),
  ...stamps(r),
});

// Ties break on the vehicle's id (an assignment has no id of its own).
const ORDER: Ordering = {
  alias: 'v',
  by: {
    vehicle: 'lower(v.name)',
    state: ['mv.state_rank', 'mv.due_at'],
    due_at: 'mv.due_at',
    updated_at: 'mv.updated_at',
  },
  fallback: 'vehicle',
  nullsLast: true,
  // A vehicle is in several plans: the pair tells the rows apart.
  tiebreak: ['v.id', 'mv.maintenance_id'],
};

// The lists' filters name the vehicle and the item in subqueries, so that their counts read the
// assignments alone (an index-only scan) instead of joining three tables for every row counted.
const COUNT = 'FROM maintenance_vehicles mv';
const VEHICLE_NAMED = (n: number) => `EXISTS (SELECT 1 FROM vehicles fv
  WHERE fv.id = mv.vehicle_id AND fv.customer_id = mv.customer_id AND lower(fv.name) LIKE $${n})`;
const ITEM_NAMED = (n: number) => `EXISTS (SELECT 1 FROM maintenances fm
  JOIN maintenance_items fi ON fi.id = fm.item_id AND fi.customer_id = fm.customer_id
  WHERE fm.id = mv.maintenance_id AND fm.customer_id = mv.customer_id AND lower(fi.name) LIKE $${n})`;

/** One plan's vehicles, filtered by state and searched by vehicle name. */
export function listAssignments(
  db: Queryable,
  scope: Scoped,
  planId: string,
  query: MaintenanceVehicleListQuery,
) {
  const where = `WHERE ${scope.inScope('mv.customer_id', 1)} AND mv.maintenance_id = $2
      AND ($3::text IS NULL OR mv.state = $3) AND ($4::text IS NULL OR ${VEHICLE_NAMED(4)})`;
  const params = [scope.customerIds, planId, query.state ?? null, likePattern(query.filter)];
  return pageRows(db, { select: SELECT, count: COUNT, where, order: ORDER }, params, query, toAssignment);
}

/**
 * Across plans: one vehicle's assignments (any state), else those needing attention (warning and
 * worse), worst first unless asked otherwise.
 */
export function listAttention(db: Queryable, scope: Scoped, query: MaintenanceAttentionQuery) {
  const where = `WHERE ${scope.inScope('mv.customer_id', 1)} AND ($2::uuid IS NULL OR mv.customer_id = $2)
      AND (CASE WHEN $3::uuid IS NULL THEN mv.state <> 'ok' ELSE mv.vehicle_id = $3 END)
      AND ($4::text IS NULL OR ${VEHICLE_NAMED(4)} OR ${ITEM_NAMED(4)})`;
  const params = [
    scope.customerIds,
    query.customer_id ?? null,
    query.vehicle_id ?? null,
    likePattern(query.filter),
  ];
  const order = { ...ORDER, fallback: 'state', descending: query.order_by === undefined };
  return pageRows(db, { select: SELECT, count: COUNT, where, order }, params, query, toAssignment);
}

export const findAssignment = (db: Queryable, scope: Scoped, planId: string, vehicleId: string) =>
  firstRow(
    db,
    `${SELECT} WHERE ${scope.inScope('mv.customer_id', 1)} AND mv.maintenance_id = $2 AND mv.vehicle_id = $3`,
    [scope.customerIds, planId, vehicleId],
    toAssignment,
  );

/** The vehicle's checked hour meter now (null: no reading applied yet). */
export async function checkedMeter(
  db: Queryable,
  customerId: string,
  vehicleId: string,
): Promise<number | null> {
  const [row] = await db.query<{ meter: number | null }>(
    `SELECT ${CHECKED_METER}::float8 AS meter FROM vehicles v
       LEFT JOIN maintenance_meters mm ON mm.vehicle_id = v.id AND mm.customer_id = v.customer_id
      WHERE v.id = $1 AND v.customer_id = $2`,
    [vehicleId, customerId],
  );
  return row?.meter ?? null;
}

/** Whether the vehicle is the customer's. */
export async function vehicleOfCustomer(
  db: Queryable,
  customerId: string,
  vehicleId: string,
): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM vehicles WHERE id = $1 AND customer_id = $2', [
    vehicleId,
    customerId,
  ]);
  return rows.length > 0;
}

export interface AssignmentFields {
  comment: string;
  last_maintenance_at: string | null;
  last_hour_meter: number | null;
}

/** `last_maintenance_at` is a UTC server time ('YYYY-MM-DD HH:mm:ss'). */
const utc = (time: string | null) => (time === null ? null : `${time.replace(' ', 'T')}Z`);

export async function insertAssignment(
  db: Queryable,
  customerId: string,
  planId: string,
  vehicleId: string,
  body: AssignmentFields,
) {
  await db.query(
    `INSERT INTO maintenance_vehicles (customer_id, maintenance_id, vehicle_id, comment, last_maintenance_at, last_hour_meter)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [customerId, planId, vehicleId, body.comment, utc(body.last_maintenance_at), body.last_hour_meter],
  );
  return vehicleId;
}

export async function updateAssignment(
  db: Queryable,
  customerId: string,
  planId: string,
  vehicleId: string,
  body: AssignmentFields,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE maintenance_vehicles SET comment = $4, last_maintenance_at = $5, last_hour_meter = $6,
            evaluated_at = NULL, updated_at = now()
      WHERE customer_id = $1 AND maintenance_id = $2 AND vehicle_id = $3 RETURNING vehicle_id`,
    [customerId, planId, vehicleId, body.comment, utc(body.last_maintenance_at), body.last_hour_meter],
  );
  return rows.length > 0;
}

export async function deleteAssignment(db: Queryable, customerId: string, planId: string, vehicleId: string) {
  const rows = await db.query(
    'DELETE FROM maintenance_vehicles WHERE customer_id = $1 AND maintenance_id = $2 AND vehicle_id = $3 RETURNING vehicle_id',
    [customerId, planId, vehicleId],
  );
  return rows.length > 0;
}

/**
 * Records an execution and restarts the cycle from it (on the caller's transaction, so both or
 * neither): the assignment's last maintenance becomes this one, its state is evaluated again.
 */
export async function recordExecution(
  tx: Queryable,
  at: { customerId: string; planId: string; vehicleId: string },
  body: { done_at: string; hour_meter: number | null; comment: string },
  by: { id: string | null; name: string },
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO maintenance_executions (customer_id, maintenance_id, vehicle_id, done_at, hour_meter, comment, recorded_by, recorded_by_name)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      at.customerId,
      at.planId,
      at.vehicleId,
      utc(body.done_at),
      body.hour_meter,
      body.comment,
      by.id,
      by.name,
    ],
  );
  await tx.query(
    `UPDATE maintenance_vehicles SET last_maintenance_at = $4, last_hour_meter = $5, evaluated_at = NULL,
            notified_state = NULL, updated_at = now()
      WHERE customer_id = $1 AND maintenance_id = $2 AND vehicle_id = $3
        AND (last_maintenance_at IS NULL OR last_maintenance_at <= $4)`,
    [at.customerId, at.planId, at.vehicleId, utc(body.done_at), body.hour_meter],
  );
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

export async function listExecutions(db: Queryable, customerId: string, planId: string, vehicleId: string) {
  const rows = await db.query<{
    id: string;
    done_at: Date | string;
    hour_meter: number | null;
    comment: string;
    recorded_by_name: string;
    created_at: Date | string;
  }>(
    `SELECT id, done_at, hour_meter, comment, recorded_by_name, created_at FROM maintenance_executions
      WHERE customer_id = $1 AND maintenance_id = $2 AND vehicle_id = $3 ORDER BY done_at DESC, created_at DESC LIMIT 500`,
    [customerId, planId, vehicleId],
  );
  return rows.map(
    (r): MaintenanceExecution => ({
      id: r.id,
      done_at: iso(r.done_at) ?? '',
      hour_meter: r.hour_meter,
      comment: r.comment,
      recorded_by: r.recorded_by_name,
      created_at: iso(r.created_at) ?? '',
    }),
  );
}

export async function listRejects(
  db: Queryable,
  customerId: string,
  vehicleId: string,
): Promise<MeterReject[]> {
  const rows = await db.query<{
    meter: number;
    read_at: Date | string;
    applied_meter: number;
    applied_at: Date | string;
    problem: MeterReject['problem'];
  }>(
    `SELECT meter, read_at, applied_meter, applied_at, problem FROM maintenance_meter_rejects
      WHERE customer_id = $1 AND vehicle_id = $2 ORDER BY read_at DESC LIMIT 100`,
    [customerId, vehicleId],
  );
  return rows.map((r) => ({ ...r, read_at: iso(r.read_at) ?? '', applied_at: iso(r.applied_at) ?? '' }));
}

/** What the evaluation writes on an assignment's row, as `jsonb - text[]` leaves it out. */
export const EVALUATED_COLUMNS = `array['state', 'state_rank', 'due_meter', 'due_at', 'recheck_meter', 'recheck_at',
  'evaluated_at', 'notified_state']`;

/** An assignment's row as the audit log keeps it (without what the evaluation computes). */
export async function assignmentSnapshot(
  db: Queryable,
  customerId: string,
  planId: string,
  vehicleId: string,
): Promise<Record<string, unknown> | null> {
  const [row] = await db.query<{ j: Record<string, unknown> | string }>(
    `SELECT to_jsonb(t) - ${EVALUATED_COLUMNS} AS j
       FROM maintenance_vehicles t WHERE customer_id = $1 AND maintenance_id = $2 AND vehicle_id = $3`,
    [customerId, planId, vehicleId],
  );
  if (!row) return null;
  return typeof row.j === 'string' ? (JSON.parse(row.j) as Record<string, unknown>) : row.j;
}
