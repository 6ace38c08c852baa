// Cases (kitting batches) in the database. Reads take the caller's scope and, for kitting users,
// only the cases exposed to them; both are applied in SQL.
import type { Case, CaseInput, CaseVehicle, ListQuery } from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import { likePattern, type Ordering, pageRows, pageWindow } from '../../platform/lists.ts';
import { firstRow, insertRow, type OwnedRow, owned, updateRow } from '../../platform/rows.repository.ts';
import { parseLinkState, vehicleLinkStateJson } from '../device-link/public.ts';

type Query = Queryable['query'];

const SELECT = `
  SELECT k.*, cu.name AS customer_name,
         (SELECT count(*)::int FROM devices d WHERE d.kitting_id = k.id) AS devices_registered,
         (SELECT count(*)::int FROM rfids r WHERE r.customer_id = k.customer_id AND r.kitting_id = k.case_number)
           AS cards_registered
    FROM cases k JOIN customers cu ON cu.id = k.customer_id`;

/** The cases in scope ($1), and only those exposed to kitting users when $2. */
const visible = (scope: Scoped) =>
  `${scope.inScope('k.customer_id', 1)} AND (NOT $2 OR k.exposed_to_kitting)`;

/** A row of SELECT: the case's own columns, its customer's id and name. */
type Row = Omit<Case, 'customer' | 'created_at' | 'updated_at'> & {} & OwnedRow;

function toCase(row: Row): Case {
  const { customer_id: _id, customer_name: _name, ...own } = row;
  return { ...own, ...owned(row) };
}

const ORDER: Ordering = {
  alias: 'k',
  plain: ['case_number', 'devices_needed', 'created_at', 'updated_at'],
  by: { customer: 'lower(cu.name)' },
  fallback: 'created_at',
  descending: true,
};

export async function listCases(
  q: Query,
  scope: Scoped,
  exposedOnly: boolean,
  query: ListQuery & { customer_id?: string | undefined },
): Promise<{ list: Case[]; total: number }> {
  const where = `WHERE ${visible(scope)}
      AND ($3::text IS NULL OR lower(k.case_number) LIKE $3 OR lower(cu.name) LIKE $3)
      AND ($4::uuid IS NULL OR k.customer_id = $4)`;
  const params = [scope.customerIds, exposedOnly, likePattern(query.filter), query.customer_id ?? null];
  const sql = {
    select: SELECT,
    count: 'FROM cases k JOIN customers cu ON cu.id = k.customer_id',
    where,
    order: ORDER,
  };
  return pageRows({ query: q }, sql, params, query, toCase);
}

export const findCase = (q: Query, scope: Scoped, exposedOnly: boolean, id: string) =>
  firstRow(
    { query: q },
    `${SELECT} WHERE k.id = $3 AND ${visible(scope)}`,
    [scope.customerIds, exposedOnly, id],
    toCase,
  );

const COLUMNS = [
  'case_number',
  'customer_id',
  'devices_needed',
  'rfid',
  'panic_button_values',
  'card_reader',
  'sim',
  'exposed_to_kitting',
] as const;

/** The customer stays: devices and SIMs of the case belong to it. */
const UPDATED = COLUMNS.filter((c) => c !== 'customer_id');

export const insertCase = (q: Query, body: CaseInput) => insertRow({ query: q }, 'cases', {}, body, COLUMNS);

export const updateCase = (q: Query, id: string, body: CaseInput) =>
  updateRow({ query: q }, 'cases', { id }, body, UPDATED);

/**
 * Deletes a case with its SIMs, on a transaction (`tx`) that locks the case and its SIMs (a device
 * saved with one of them, or a carrier request for one, waits): answers the message key of why it
 * may not (registered devices, a SIM fitted in a device, a SIM waiting for the carrier), else null.
 */
export async function deleteCase(tx: Queryable, id: string): Promise<string | null> {
  const [kase] = await tx.query('SELECT id FROM cases WHERE id = $1 FOR UPDATE', [id]);
  if (!kase) return null;
  const sims = await tx.query<{ id: string; pending_action: string | null }>(
    'SELECT id, pending_action FROM sims WHERE case_id = $1 ORDER BY id FOR UPDATE',
    [id],
  );
  if ((await tx.query('SELECT 1 FROM devices WHERE kitting_id = $1 LIMIT 1', [id])).length > 0)
    return 'caseHasDevices';
  const simIds = sims.map((s) => s.id);
  if (
    simIds.length > 0 &&
    (await tx.query('SELECT 1 FROM devices WHERE sim_id = ANY($1) LIMIT 1', [simIds])).length > 0
  )
    return 'caseSimInDevice';
  if (sims.some((s) => s.pending_action !== null)) return 'caseSimPending';
  await tx.query('DELETE FROM cases WHERE id = $1', [id]);
  return null;
}

/** The vehicles of the case's customer, each with its device (and whether it was set up in this case). */
export async function caseVehicles(
  q: Query,
  kase: Case,
  query: ListQuery,
): Promise<{ list: CaseVehicle[]; total: number }> {
  const where =
    'WHERE v.customer_id = $1 AND ($2::text IS NULL OR lower(v.name) LIKE $2 OR d.device_id LIKE $2)';
  const params = [kase.customer.id, likePattern(query.filter)];
  const rows = await q<{
    id: string;
    name: string;
    device_pk: string | null;
    device_id: string | null;
    kitting_id: string | null;
    case_number: string | null;
    cameras: number;
    link_state: unknown;
  }>(
    `SELECT v.id, v.name, d.id AS device_pk, d.device_id, d.kitting_id, k.case_number,
            (SELECT count(*)::int FROM device_cameras dc WHERE dc.device_pk = d.id) AS cameras,
            ${vehicleLinkStateJson('v')} AS link_state
       FROM vehicles v LEFT JOIN devices d ON d.vehicle_id = v.id AND d.customer_id = v.customer_id LEFT JOIN cases k ON k.id = d.kitting_id
       ${where} ORDER BY (d.kitting_id = $5) DESC NULLS LAST, lower(v.name), v.id LIMIT $3 OFFSET $4`,
    [...params, ...pageWindow(query), kase.id],
  );
  const [count] = await q<{ n: number }>(
    `SELECT count(*)::int AS n FROM vehicles v LEFT JOIN devices d ON d.vehicle_id = v.id AND d.customer_id = v.customer_id ${where}`,
    params,
  );
  return {
    list: rows.map((r) => ({
      id: r.id,
      name: r.name,
      device:
        r.device_pk && r.device_id
          ? {
              id: r.device_pk,
              device_id: r.device_id,
              camera_count: r.cameras,
              case: r.kitting_id && r.case_number ? { id: r.kitting_id, name: r.case_number } : null,
            }
          : null,
      state: parseLinkState(r.link_state),
    })),
    total: count?.n ?? 0,
  };
}

export async function findVehicle(
  q: Query,
  customerId: string,
  vehicleId: string,
): Promise<{ id: string; name: string } | undefined> {
  const [row] = await q<{ id: string; name: string }>(
    'SELECT id, name FROM vehicles WHERE id = $1 AND customer_id = $2',
    [vehicleId, customerId],
  );
  return row;
}
