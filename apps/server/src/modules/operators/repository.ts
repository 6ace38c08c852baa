// Operators in the database. Every read and write takes the caller's scope (platform/tenancy.ts:
// null for staff, else the customer ids they may see) and applies it in SQL.
import type { ListQuery, Operator, operatorUpdateSchema } from '@fleetlens/contracts';
import type { z } from 'zod';
import type { DatabaseHandle, Queryable } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import { likePattern, type Ordering, pageRows } from '../../platform/lists.ts';
import {
  findInScope,
  insertRow,
  iso,
  type OwnedRow,
  owned,
  ref,
  updateRow,
} from '../../platform/rows.repository.ts';
import { signedOnVehiclesSql } from '../device-link/public.ts';

type OperatorFields = z.output<typeof operatorUpdateSchema>;

/** The columns a create or an edit writes, in order. */
const COLUMNS = [
  'operator_code',
  'first_name',
  'last_name',
  'birth_date',
  'address',
  'license_number',
  'license_received_on',
  'license_valid_till',
  'license_location',
  'phone',
  'memos',
  'icon',
  'group_id',
  'random_video_enabled',
  'random_video_days',
  'random_video_per_week',
  'random_video_minutes',
] as const;

const SELECT = `
  SELECT o.*, to_char(o.birth_date, 'YYYY-MM-DD') AS birth_date_text,
         to_char(o.license_received_on, 'YYYY-MM-DD') AS license_received_on_text,
         to_char(o.license_valid_till, 'YYYY-MM-DD') AS license_valid_till_text,
         c.name AS customer_name, g.name AS group_name,
         r.id AS rfid_id, r.rfid AS rfid_code, a.assigned_from AS rfid_from,
         ${signedOnVehiclesSql('o')} AS signed_on_vehicles
    FROM operators o
    JOIN customers c ON c.id = o.customer_id
    LEFT JOIN operator_groups g ON g.id = o.group_id AND g.customer_id = o.customer_id
    LEFT JOIN rfid_assignments a ON a.operator_id = o.id AND a.customer_id = o.customer_id AND a.assigned_till IS NULL
    LEFT JOIN rfids r ON r.id = a.rfid_id AND r.customer_id = a.customer_id`;

type Row = Record<string, unknown> & {
  id: string;
  group_id: string | null;
  group_name: string | null;
  rfid_id: string | null;
  rfid_code: string | null;
  rfid_from: Date | string | null;
  last_operated_at: Date | string | null;
} & OwnedRow;

// Calendar dates travel as their YYYY-MM-DD text, whatever the driver makes of a date column.
const DATES = ['birth_date', 'license_received_on', 'license_valid_till'] as const;

function toOperator(row: Row): Operator {
  const picked = Object.fromEntries(COLUMNS.filter((c) => c !== 'group_id').map((c) => [c, row[c]]));
  for (const d of DATES) picked[d] = row[`${d}_text`];
  return {
    ...(picked as Omit<Operator, 'id'>),
    id: row.id,
    group: ref(row.group_id, row.group_name),
    rfid:
      row.rfid_id && row.rfid_code
        ? { id: row.rfid_id, rfid: row.rfid_code, assigned_from: iso(row.rfid_from) ?? '' }
        : null,
    safe_driving_seconds: (row.safe_driving_seconds as number | null) ?? null,
    total_uptime_seconds: (row.total_uptime_seconds as number | null) ?? null,
    last_operated_at: iso(row.last_operated_at),
    signed_on_vehicles:
      typeof row.signed_on_vehicles === 'string'
        ? (JSON.parse(row.signed_on_vehicles) as Operator['signed_on_vehicles'])
        : ((row.signed_on_vehicles as Operator['signed_on_vehicles'] | null) ?? []),
    ...owned(row),
  };
}

const ORDER: Ordering = {
  alias: 'o',
  plain: ['operator_code', 'license_valid_till', 'last_operated_at', 'updated_at'],
  by: {
    name: ['lower(o.last_name)', 'lower(o.first_name)'],
    group: 'lower(g.name)',
    customer: 'lower(c.name)',
  },
  fallback: 'operator_code',
  nullsLast: true,
};

export type OperatorListQuery = ListQuery & {
  customer_id?: string | undefined;
  group_id?: string | undefined;
};

export async function listOperators(
  database: DatabaseHandle,
  scope: Scoped,
  query: OperatorListQuery,
): Promise<{ list: Operator[]; total: number }> {
  const where = `WHERE ${scope.inScope('o.customer_id', 1)}
      AND ($2::text IS NULL OR lower(o.operator_code) LIKE $2 OR lower(o.first_name) LIKE $2
           OR lower(o.last_name) LIKE $2 OR lower(o.first_name || ' ' || o.last_name) LIKE $2
           OR lower(o.license_number) LIKE $2 OR o.phone LIKE $2)
      AND ($3::uuid IS NULL OR o.customer_id = $3) AND ($4::uuid IS NULL OR o.group_id = $4)`;
  const params = [
    scope.customerIds,
    likePattern(query.filter),
    query.customer_id ?? null,
    query.group_id ?? null,
  ];
  const sql = { select: SELECT, count: 'FROM operators o', where, order: ORDER };
  return pageRows(database, sql, params, query, toOperator);
}

export const findOperator = (db: Queryable, scope: Scoped, id: string) =>
  findInScope(db, scope, SELECT, { id: 'o.id', customer: 'o.customer_id' }, id, toOperator);

export const insertOperator = (database: Queryable, customerId: string, body: OperatorFields) =>
  insertRow(database, 'operators', { customer_id: customerId }, body, COLUMNS);

export const updateOperator = (database: Queryable, id: string, body: OperatorFields) =>
  updateRow(database, 'operators', { id }, body, COLUMNS);

export const setOperatorGroup = (database: Queryable, id: string, groupId: string | null) =>
  updateRow(database, 'operators', { id }, { group_id: groupId }, ['group_id']);

/** Ends the operator's current card assignment (kept in the card's history), then deletes; on a transaction. */
export async function deleteOperator(tx: Queryable, id: string, by: string): Promise<void> {
  await tx.query(
    `UPDATE rfid_assignments SET assigned_till = now(), removed_by = $2
      WHERE operator_id = $1 AND assigned_till IS NULL`,
    [id, by],
  );
  await tx.query('DELETE FROM operators WHERE id = $1', [id]);
}

/** The company's longest random video, in seconds (customers.random_video_max_seconds). */
export async function randomVideoMaxSeconds(db: Queryable, customerId: string): Promise<number> {
  const [row] = await db.query<{ s: number }>(
    'SELECT random_video_max_seconds AS s FROM customers WHERE id = $1',
    [customerId],
  );
  return row?.s ?? 0;
}

export interface RandomVideoValues {
  random_video_enabled: boolean;
  random_video_days: string[];
  random_video_per_week: number;
  random_video_minutes: number;
}

/** The operators of `ids` in scope, with their company's longest random video and their own settings, locked on `tx` for a batch change. */
export async function lockOperators(
  tx: Queryable,
  scope: Scoped,
  ids: string[],
): Promise<({ id: string; max_seconds: number } & RandomVideoValues)[]> {
  return tx.query<{ id: string; max_seconds: number } & RandomVideoValues>(
    `SELECT o.id, c.random_video_max_seconds AS max_seconds, o.random_video_enabled, o.random_video_days,
            o.random_video_per_week, o.random_video_minutes
       FROM operators o JOIN customers c ON c.id = o.customer_id
      WHERE o.id = ANY($2::uuid[]) AND ${scope.inScope('o.customer_id', 1)}
      ORDER BY o.id FOR UPDATE OF o`,
    [scope.customerIds, ids],
  );
}

export const setRandomVideo = (db: Queryable, id: string, values: RandomVideoValues) =>
  updateRow(db, 'operators', { id }, values, [
    'random_video_enabled',
    'random_video_days',
    'random_video_per_week',
    'random_video_minutes',
  ]);
