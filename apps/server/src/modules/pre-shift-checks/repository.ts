// Pre-shift checklists and checks in the database (0145_pre_shift_checks.sql). Every read for a
// console caller takes its scope; the phone page's reads take the vehicle its signed link names.
import type {
  Check,
  CheckAnswer,
  CheckItem,
  CheckListQuery,
  CheckTemplate,
  CheckTemplateListQuery,
  VehicleType,
} from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import { type Ordering, pageRows } from '../../platform/lists.ts';
import { firstRow } from '../../platform/rows.repository.ts';

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

interface TemplateRow {
  id: string;
  customer_id: string;
  customer_name: string;
  vehicle_type: VehicleType;
  items: CheckItem[] | string;
  updated_at: Date | string;
}

const templateOf = (r: TemplateRow): CheckTemplate => ({
  id: r.id,
  customer: { id: r.customer_id, name: r.customer_name },
  vehicle_type: r.vehicle_type,
  items: json(r.items),
  updated_at: new Date(r.updated_at).toISOString(),
});

const TEMPLATE_COLUMNS =
  't.id, t.customer_id, c.name AS customer_name, t.vehicle_type, t.items, t.updated_at';
const TEMPLATE_FROM = 'pre_shift_templates t JOIN customers c ON c.id = t.customer_id';
const TEMPLATE_ORDER: Ordering = {
  alias: 't',
  plain: ['vehicle_type', 'updated_at'],
  by: { customer: ['lower(c.name)', 't.vehicle_type'] },
  fallback: 'customer',
};

/** A page of the checklists of the customers the caller sees (or of one of them, or one vehicle type). */
export function listTemplates(db: Queryable, scope: Scoped, query: CheckTemplateListQuery) {
  const where = `WHERE ${scope.inScope('t.customer_id', 1)} AND ($2::uuid IS NULL OR t.customer_id = $2)
      AND ($3::text IS NULL OR t.vehicle_type = $3)`;
  return pageRows(
    db,
    {
      select: `SELECT ${TEMPLATE_COLUMNS} FROM ${TEMPLATE_FROM}`,
      count: 'FROM pre_shift_templates t',
      where,
      order: TEMPLATE_ORDER,
    },
    [scope.customerIds, query.customer_id ?? null, query.vehicle_type ?? null],
    query,
    templateOf,
  );
}

export function findTemplate(db: Queryable, scope: Scoped, id: string): Promise<CheckTemplate | undefined> {
  return firstRow(
    db,
    `SELECT ${TEMPLATE_COLUMNS} FROM ${TEMPLATE_FROM} WHERE t.id = $2 AND ${scope.inScope('t.customer_id', 1)}`,
    [scope.customerIds, id],
    templateOf,
  );
}

export async function insertTemplate(
  db: Queryable,
  customerId: string,
  template: { vehicle_type: VehicleType; items: CheckItem[] },
): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    'INSERT INTO pre_shift_templates (customer_id, vehicle_type, items) VALUES ($1, $2, $3::jsonb) RETURNING id',
    [customerId, template.vehicle_type, JSON.stringify(template.items)],
  );
  if (!row) throw new Error('checklist not stored');
  return row.id;
}

export async function updateTemplate(
  db: Queryable,
  scope: Scoped,
  id: string,
  template: { vehicle_type: VehicleType; items: CheckItem[] },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE pre_shift_templates SET vehicle_type = $3, items = $4::jsonb, updated_at = now()
      WHERE id = $2 AND ${scope.inScope('customer_id', 1)} RETURNING id`,
    [scope.customerIds, id, template.vehicle_type, JSON.stringify(template.items)],
  );
  return rows.length > 0;
}

export async function deleteTemplate(db: Queryable, scope: Scoped, id: string): Promise<boolean> {
  const rows = await db.query(
    `DELETE FROM pre_shift_templates WHERE id = $2 AND ${scope.inScope('customer_id', 1)} RETURNING id`,
    [scope.customerIds, id],
  );
  return rows.length > 0;
}

/** The vehicle a signed link names, with its checklist and the operator its device reports signed on now. */
export interface CheckVehicle {
  id: string;
  customer_id: string;
  name: string;
  vehicle_type: VehicleType;
  items: CheckItem[] | null;
  operator_id: string | null;
  operator_code: string | null;
  operator_name: string | null;
}

export async function checkVehicle(db: Queryable, vehicleId: string): Promise<CheckVehicle | undefined> {
  const [row] = await db.query<Omit<CheckVehicle, 'items'> & { items: CheckItem[] | string | null }>(
    `SELECT v.id, v.customer_id, v.name, v.vehicle_type, t.items,
            o.id AS operator_id, o.operator_code, trim(o.first_name || ' ' || o.last_name) AS operator_name
       FROM vehicles v
       LEFT JOIN pre_shift_templates t ON t.customer_id = v.customer_id AND t.vehicle_type = v.vehicle_type
       LEFT JOIN LATERAL (
         SELECT s.operator_id FROM devices d
           JOIN device_states s ON s.device_pk = d.id AND s.customer_id = d.customer_id
          WHERE d.vehicle_id = v.id AND d.customer_id = v.customer_id AND s.operator_id IS NOT NULL
          ORDER BY s.signed_on_at DESC NULLS LAST LIMIT 1
       ) so ON true
       LEFT JOIN operators o ON o.id = so.operator_id AND o.customer_id = v.customer_id
      WHERE v.id = $1`,
    [vehicleId],
  );
  return row && { ...row, items: row.items === null ? null : json(row.items) };
}

export interface CheckWrite {
  customerId: string;
  vehicleId: string;
  operatorId: string;
  operatorName: string;
  passed: boolean;
  criticalFailed: boolean;
  items: CheckAnswer[];
}

export async function insertCheck(db: Queryable, check: CheckWrite, at: Date): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO pre_shift_checks (customer_id, vehicle_id, operator_id, operator_name, done_at, passed, critical_failed, items)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb) RETURNING id`,
    [
      check.customerId,
      check.vehicleId,
      check.operatorId,
      check.operatorName,
      at.toISOString(),
      check.passed,
      check.criticalFailed,
      JSON.stringify(check.items),
    ],
  );
  if (!row) throw new Error('check not stored');
  return row.id;
}

interface CheckRow {
  id: string;
  customer_id: string;
  customer_name: string;
  vehicle_id: string;
  vehicle_name: string;
  operator_id: string | null;
  operator_name: string;
  done_at: Date | string;
  passed: boolean;
  critical_failed: boolean;
  items: CheckAnswer[] | string;
  has_photo: boolean;
}

const checkOf = (r: CheckRow): Check => ({
  id: r.id,
  customer: { id: r.customer_id, name: r.customer_name },
  vehicle: { id: r.vehicle_id, name: r.vehicle_name },
  operator: { id: r.operator_id, name: r.operator_name },
  done_at: new Date(r.done_at).toISOString(),
  passed: r.passed,
  critical_failed: r.critical_failed,
  items: json(r.items),
  has_photo: r.has_photo,
});

const CHECK_COLUMNS = `k.id, k.customer_id, c.name AS customer_name, k.vehicle_id, v.name AS vehicle_name, k.operator_id,
  k.operator_name, k.done_at, k.passed, k.critical_failed, k.items, k.photo IS NOT NULL AS has_photo`;
const CHECK_FROM = `pre_shift_checks k JOIN customers c ON c.id = k.customer_id
  JOIN vehicles v ON v.id = k.vehicle_id AND v.customer_id = k.customer_id`;
const CHECK_ORDER: Ordering = {
  alias: 'k',
  plain: ['done_at'],
  by: { vehicle: ['lower(v.name)', 'k.done_at'], operator: ['lower(k.operator_name)', 'k.done_at'] },
  fallback: 'done_at',
  descending: true,
};

/** A page of the checks of the caller's customers, by customer, vehicle, result and days (UTC). */
export function listChecks(db: Queryable, scope: Scoped, query: CheckListQuery) {
  const where = `WHERE ${scope.inScope('k.customer_id', 1)} AND ($2::uuid IS NULL OR k.customer_id = $2)
      AND ($3::uuid IS NULL OR k.vehicle_id = $3)
      AND ($4::text IS NULL OR ($4 = 'passed' AND k.passed) OR ($4 = 'failed' AND NOT k.passed)
           OR ($4 = 'critical' AND k.critical_failed))
      AND ($5::date IS NULL OR k.done_at >= $5::date AT TIME ZONE 'UTC')
      AND ($6::date IS NULL OR k.done_at < ($6::date + 1) AT TIME ZONE 'UTC')`;
  return pageRows(
    db,
    {
      select: `SELECT ${CHECK_COLUMNS} FROM ${CHECK_FROM}`,
      count: `FROM ${CHECK_FROM}`,
      where,
      order: CHECK_ORDER,
    },
    [
      scope.customerIds,
      query.customer_id ?? null,
      query.vehicle_id ?? null,
      query.result ?? null,
      query.from ?? null,
      query.to ?? null,
    ],
    query,
    checkOf,
  );
}

/** Whether the vehicle is one the caller sees. */
export async function vehicleSeen(db: Queryable, scope: Scoped, vehicleId: string): Promise<boolean> {
  const rows = await db.query(`SELECT 1 FROM vehicles WHERE id = $2 AND ${scope.inScope('customer_id', 1)}`, [
    scope.customerIds,
    vehicleId,
  ]);
  return rows.length > 0;
}

/**
 * The vehicles of the caller's customers driven since `since` (an operator signed on, or the
 * figures counted operating time in an hour that ends after it) with no check since then.
 */
export async function uncheckedSince(db: Queryable, scope: Scoped, since: Date) {
  return db.query<{ id: string; name: string; customer_id: string; customer_name: string }>(
    `SELECT v.id, v.name, v.customer_id, c.name AS customer_name
       FROM vehicles v JOIN customers c ON c.id = v.customer_id
      WHERE ${scope.inScope('v.customer_id', 1)}
        AND (EXISTS (SELECT 1 FROM operator_sign_ons s
                      WHERE s.customer_id = v.customer_id AND s.vehicle_id = v.id AND s.action = 'sign-on' AND s.time >= $2)
             OR EXISTS (SELECT 1 FROM vehicle_hour_figures f
                         WHERE f.customer_id = v.customer_id AND f.vehicle_id = v.id
                           AND f.hour > $2::timestamptz - interval '1 hour' AND f.operating_seconds > 0))
        AND NOT EXISTS (SELECT 1 FROM pre_shift_checks k
                         WHERE k.customer_id = v.customer_id AND k.vehicle_id = v.id AND k.done_at >= $2)
      ORDER BY lower(c.name), lower(v.name), v.id`,
    [scope.customerIds, since.toISOString()],
  );
}

/**
 * Keeps the photo of a check of `vehicleId` done since `since` that has none yet; false when there
 * is no such check (another vehicle's, too old, or with its photo already).
 */
export async function setPhoto(
  db: Queryable,
  at: { checkId: string; vehicleId: string; since: Date },
  photo: Buffer,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE pre_shift_checks SET photo = $4
      WHERE id = $1 AND vehicle_id = $2 AND done_at >= $3 AND photo IS NULL RETURNING id`,
    [at.checkId, at.vehicleId, at.since.toISOString(), photo],
  );
  return rows.length > 0;
}

/** Whether a photo may still be added to the check (the same conditions as setPhoto). */
export async function photoOpen(db: Queryable, at: { checkId: string; vehicleId: string; since: Date }) {
  const rows = await db.query(
    'SELECT 1 FROM pre_shift_checks WHERE id = $1 AND vehicle_id = $2 AND done_at >= $3 AND photo IS NULL',
    [at.checkId, at.vehicleId, at.since.toISOString()],
  );
  return rows.length > 0;
}

/** The photo of a check the caller sees; undefined when there is none. */
export async function photoOfCheck(db: Queryable, scope: Scoped, id: string): Promise<Buffer | undefined> {
  const [row] = await db.query<{ photo: Buffer | Uint8Array | null }>(
    `SELECT photo FROM pre_shift_checks WHERE id = $2 AND ${scope.inScope('customer_id', 1)}`,
    [scope.customerIds, id],
  );
  return row?.photo ? Buffer.from(row.photo) : undefined;
}

/** When the customer's latest check was done, if it has any (the demo's checks are filled from there). */
export async function lastCheckAt(db: Queryable, customerId: string): Promise<Date | undefined> {
  const [row] = await db.query<{ at: Date | string | null }>(
    'SELECT max(done_at) AS at FROM pre_shift_checks WHERE customer_id = $1',
    [customerId],
  );
  return row?.at ? new Date(row.at) : undefined;
}

/** The names a check keeps of the customer's operators, by id. */
export async function operatorNames(
  db: Queryable,
  customerId: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const rows = await db.query<{ id: string; name: string }>(
    `SELECT id, trim(first_name || ' ' || last_name) AS name FROM operators
      WHERE customer_id = $1 AND id = ANY($2::uuid[])`,
    [customerId, ids],
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}
