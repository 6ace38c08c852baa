// Customers in the database. Every read takes the caller's scope (the access object: every
// customer for staff, else the ones they may see) and applies it in SQL, so no caller can forget it.
import {
  CUSTOMER_FLAGS,
  type Customer,
  type CustomerLiveSettings,
  type customerBodySchema,
  type ListQuery,
} from '@fleetlens/contracts';
import type { z } from 'zod';
import type { DatabaseHandle, Queryable } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import { likePattern, type Ordering, pageRows } from '../../platform/lists.ts';
import { findInScope, insertRow, type StampRow, stamps, updateRow } from '../../platform/rows.repository.ts';
import { REMAINING } from '../live-camera/public.ts';

type CustomerInput = z.output<typeof customerBodySchema>;

/** The columns a body writes and an answer shows as they are stored. */
const FIELDS = [
  'name',
  'description',
  'stk_user',
  'realm',
  'enabled',
  'document_url',
  'functions',
  'download_types',
  'random_video_max_seconds',
  ...CUSTOMER_FLAGS,
] as const satisfies readonly (keyof Customer)[];
const COLUMNS = [...FIELDS, 'parent_id'] as const;
const SHOWN = [
  'id',
  ...FIELDS,
  'is_provider',
  'live_continuous_seconds',
  'live_monthly_max_seconds',
] as const;

/** The customers of `scope` ($1), naming only the sub companies it sees. */
const selectIn = (scope: Scoped) => `
  SELECT ${SHOWN.map((c) => `c.${c}`).join(', ')}, ${REMAINING('c')} AS live_remaining_seconds, c.parent_id, c.created_at, c.updated_at,
         p.name AS parent_name,
         coalesce((SELECT json_agg(json_build_object('id', s.id, 'name', s.name) ORDER BY s.name)
                     FROM customers s WHERE s.parent_id = c.id AND ${scope.inScope('s.id', 1)}), '[]') AS subs
    FROM customers c LEFT JOIN customers p ON p.id = c.parent_id`;

/** A row of selectIn: the shown columns, the parent and the sub-companies. */
type Row = Pick<Customer, (typeof SHOWN)[number] | 'live_remaining_seconds'> & {
  parent_id: string | null;
  parent_name: string | null;
  /** As the driver answers json_agg: parsed, or its text. */
  subs: Customer['sub_companies'] | string;
} & StampRow;

function toCustomer(row: Row, scope: Scoped): Customer {
  const { parent_id, parent_name, subs, ...shown } = row;
  // The parent is named only when the caller may see it.
  const parentVisible =
    parent_id !== null && (scope.customerIds === null || scope.customerIds.includes(parent_id));
  return {
    ...shown,
    parent: parentVisible ? { id: parent_id, name: parent_name ?? '' } : null,
    sub_companies: typeof subs === 'string' ? (JSON.parse(subs) as Customer['sub_companies']) : subs,
    ...stamps(row),
  };
}

const ORDER: Ordering = {
  alias: 'c',
  text: ['name'],
  plain: ['stk_user', 'created_at', 'updated_at'],
  fallback: 'name',
};

export async function listCustomers(
  database: DatabaseHandle,
  scope: Scoped,
  query: ListQuery,
): Promise<{ list: Customer[]; total: number }> {
  const where = `WHERE ${scope.inScope('c.id', 1)}
                   AND ($2::text IS NULL OR lower(c.name) LIKE $2 OR c.stk_user LIKE $2 OR lower(c.description) LIKE $2)`;
  const toItem = (row: Row) => toCustomer(row, scope);
  const sql = { select: selectIn(scope), count: 'FROM customers c', where, order: ORDER };
  return pageRows(database, sql, [scope.customerIds, likePattern(query.filter)], query, toItem);
}

export const findCustomer = (database: DatabaseHandle, scope: Scoped, id: string) =>
  findInScope(database, scope, selectIn(scope), { id: 'c.id', customer: 'c.id' }, id, (row: Row) =>
    toCustomer(row, scope),
  );

/** True when `parentId` is `id` itself or one of its descendants (the tree would loop). */
export async function wouldLoop(database: DatabaseHandle, id: string, parentId: string): Promise<boolean> {
  const rows = await database.query(
    `WITH RECURSIVE tree AS (
       SELECT id FROM customers WHERE id = $1
       UNION ALL SELECT c.id FROM customers c JOIN tree t ON c.parent_id = t.id
     ) SELECT 1 FROM tree WHERE id = $2`,
    [id, parentId],
  );
  return rows.length > 0;
}

export async function customerExists(database: DatabaseHandle, id: string): Promise<boolean> {
  return (await database.query('SELECT 1 FROM customers WHERE id = $1', [id])).length > 0;
}

export const insertCustomer = (database: Queryable, body: CustomerInput) =>
  insertRow(database, 'customers', {}, body, COLUMNS);

export const updateCustomer = (database: Queryable, id: string, body: CustomerInput) =>
  updateRow(database, 'customers', { id }, body, COLUMNS);

export async function updateLiveSettings(
  database: Queryable,
  scope: Scoped,
  id: string,
  body: CustomerLiveSettings,
): Promise<boolean> {
  const rows = await database.query(
    `UPDATE customers SET live_continuous_seconds = $3, live_monthly_max_seconds = $4,
            live_remaining_seconds = $5, updated_at = now(),
            -- The remaining time set is this month's (modules/live-camera counts it down).
            live_remaining_month = date_trunc('month', now() AT TIME ZONE 'UTC')::date
      WHERE id = $2 AND ${scope.inScope('id', 1)} RETURNING id`,
    [
      scope.customerIds,
      id,
      body.live_continuous_seconds,
      body.live_monthly_max_seconds,
      body.live_remaining_seconds,
    ],
  );
  return rows.length > 0;
}
