// Reports in the database (0047_reports.sql). A report is read where its company is in the
// reader's scope, or is one of the reader's company's parents (a company's reports serve its sub
// companies too, each reading them over what it sees); it is changed only in the caller's scope.
import { type Report, type ReportInput, type ReportListQuery, reportFields } from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import { likePattern, type Ordering, pageOf, pageRows } from '../../platform/lists.ts';
import {
  firstRow,
  insertRow,
  type OwnedRow,
  owned,
  personName,
  updateRow,
} from '../../platform/rows.repository.ts';

type ReportRow = Omit<Report, 'customer' | 'author' | 'created_at' | 'updated_at'> &
  OwnedRow & { author_id: string; author_name: string };

const FROM = `FROM reports r
  JOIN customers cu ON cu.id = r.customer_id
  JOIN users u ON u.id = r.author_id`;
/** How many distinct ids of `column` name no row of `table` the reader ($1) sees. */
const unseen = (scope: Scoped, column: string, table: string) =>
  `(SELECT count(DISTINCT x)::int FROM unnest(r.${column}) x
     WHERE NOT EXISTS (SELECT 1 FROM ${table} t WHERE t.id = x AND ${scope.inScope('t.customer_id', 1)}))`;

/** A report's row for a reader: with `hidden`, how many of its objects the reader cannot see. */
const selectFor = (scope: Scoped) => `SELECT r.id, r.customer_id, cu.name AS customer_name, r.author_id,
       ${personName('u')} AS author_name, r.name, r.template, r.period,
       to_char(r.range_start, 'YYYY-MM-DD') AS range_start, to_char(r.range_end, 'YYYY-MM-DD') AS range_end,
       r.operator_ids::text[] AS operator_ids, r.vehicle_ids::text[] AS vehicle_ids,
       r.group_ids::text[] AS group_ids, r.operator_group_ids::text[] AS operator_group_ids,
       r.on_dashboard, r.created_at, r.updated_at,
       ${unseen(scope, 'vehicle_ids', 'vehicles')} + ${unseen(scope, 'group_ids', 'vehicle_groups')}
         + ${unseen(scope, 'operator_ids', 'operators')} + ${unseen(scope, 'operator_group_ids', 'operator_groups')}
         AS hidden
  ${FROM}`;

const toReport = ({
  author_id,
  author_name,
  customer_id,
  customer_name,
  created_at,
  updated_at,
  ...row
}: ReportRow): Report => ({
  ...row,
  hidden: Number(row.hidden),
  author: { id: author_id, name: author_name },
  ...owned({ customer_id, customer_name, created_at, updated_at }),
});

/** Who reads: their scope ($1) and their own company ($2), whose parents' reports they read too. */
export interface Reader extends Scoped {
  customerId: string;
}

const READABLE = (scope: Scoped) => `(${scope.inScope('r.customer_id', 1)} OR r.customer_id IN (
    WITH RECURSIVE up AS (
      SELECT parent_id FROM customers WHERE id = $2
      UNION ALL
      SELECT c.parent_id FROM customers c JOIN up ON c.id = up.parent_id)
    SELECT parent_id FROM up WHERE parent_id IS NOT NULL))`;

const ORDERING: Ordering = {
  alias: 'r',
  text: ['name'],
  plain: ['template', 'updated_at'],
  by: { author: `lower(${personName('u')})` },
  fallback: 'updated_at',
  descending: true,
};

export async function listReports(db: Queryable, reader: Reader, query: ReportListQuery) {
  const where = `WHERE ${READABLE(reader)}
      AND ($3::text IS NULL OR lower(r.name) LIKE $3)
      AND ($4::text IS NULL OR r.template = $4)
      AND ($5::uuid IS NULL OR r.author_id = $5)
      AND ($6::boolean IS NULL OR r.on_dashboard = $6)`;
  const params = [
    reader.customerIds,
    reader.customerId,
    likePattern(query.filter),
    query.template ?? null,
    query.author_id ?? null,
    query.on_dashboard ?? null,
  ];
  const rows = await pageRows(
    db,
    { select: selectFor(reader), count: FROM, where, order: ORDERING },
    params,
    query,
    toReport,
  );
  return pageOf(query, rows);
}

/** One report the reader reads; `changing`: only one in their own scope (no parent's). */
export const findReport = (db: Queryable, reader: Reader, id: string, changing = false) =>
  firstRow(
    db,
    `${selectFor(reader)} WHERE r.id = $3 AND ${changing ? `${reader.inScope('r.customer_id', 1)} AND $2::uuid IS NOT NULL` : READABLE(reader)}`,
    [reader.customerIds, reader.customerId, id],
    toReport,
  );

/** The columns a write sets: the contract's fields, each a column of its name. */
const WRITTEN = Object.keys(reportFields) as (keyof ReportInput)[];

/** The stored values: a range's days only with the range period. */
const rowOf = (input: ReportInput): ReportInput =>
  input.period === 'range' ? input : { ...input, range_start: null, range_end: null };

export const insertReport = (
  db: Queryable,
  author: { customerId: string; userId: string },
  input: ReportInput,
) =>
  insertRow(
    db,
    'reports',
    { customer_id: author.customerId, author_id: author.userId },
    rowOf(input),
    WRITTEN,
  );

/** A report by its key: its company, then its id. */
export type ReportKey = { customerId: string; id: string };

export const updateReport = (db: Queryable, key: ReportKey, input: ReportInput) =>
  updateRow(db, 'reports', { customer_id: key.customerId, id: key.id }, rowOf(input), WRITTEN);

export async function deleteReport(db: Queryable, key: ReportKey): Promise<void> {
  await db.query('DELETE FROM reports WHERE customer_id = $1 AND id = $2', [key.customerId, key.id]);
}

/** Of `ids` in `table`, those the caller sees. */
export async function seenIds(
  db: Queryable,
  scope: Scoped,
  table: 'operators' | 'vehicles' | 'vehicle_groups' | 'operator_groups',
  ids: string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<{ id: string }>(
    `SELECT t.id FROM ${table} t WHERE t.id = ANY($2::uuid[]) AND ${scope.inScope('t.customer_id', 1)}`,
    [scope.customerIds, ids],
  );
  return rows.map((r) => r.id);
}

/** The operators of operator groups, in the caller's scope. */
export async function groupOperators(db: Queryable, scope: Scoped, groupIds: string[]): Promise<string[]> {
  if (groupIds.length === 0) return [];
  const rows = await db.query<{ id: string }>(
    `SELECT o.id FROM operators o WHERE o.group_id = ANY($2::uuid[]) AND ${scope.inScope('o.customer_id', 1)}`,
    [scope.customerIds, groupIds],
  );
  return rows.map((r) => r.id);
}
