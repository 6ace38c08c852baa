// What the repositories share between their SQL and their DTOs: the bookkeeping columns every
// record has (created_at, updated_at as ISO text), the record's customer as { id, name }, one row
// found in the caller's scope, a row written from a list of columns, a delete refused while the
// record is held. Each repository keeps its
// own SELECT, its row type and its rules; the statements built here are only these shapes, from
// table and column names the repository names in code (never from a request).
import type { Queryable } from '../db/client.ts';
import type { Scoped } from './access.ts';

/** The bookkeeping columns as the driver answers them. */
export type StampRow = { created_at: Date | string; updated_at: Date | string };

/** A timestamp as ISO text; null stays null. */
export const iso = (value: Date | string | null | undefined): string | null =>
  value === null || value === undefined ? null : new Date(value).toISOString();

/** created_at and updated_at of a row as the API answers them. */
export const stamps = (row: StampRow) => ({
  created_at: new Date(row.created_at).toISOString(),
  updated_at: new Date(row.updated_at).toISOString(),
});

/** A customer's record as the driver answers it: its customer's id and joined name, its stamps. */
export type OwnedRow = StampRow & { customer_id: string; customer_name: string };

/** What a customer's record answers besides its own fields: its customer and its stamps. */
/** The columns `keys` of a row as they are stored: the fields a DTO takes over unchanged. */
export const columnsOf = <R, const K extends keyof R>(row: R, keys: readonly K[]): Pick<R, K> =>
  Object.fromEntries(keys.map((key) => [key, row[key]])) as Pick<R, K>;

export const owned = (row: OwnedRow) => ({
  customer: { id: row.customer_id, name: row.customer_name },
  ...stamps(row),
});

/**
 * A user's name as people read it (first and last name), the username only when both are empty;
 * `alias` names the users row in the statement. What a viewer list or an author line shows.
 */
export const personName = (alias: string) =>
  `coalesce(nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), ''), ${alias}.username)`;

const NAME = /^[a-z_][a-z0-9_.]*$/;
function names(...list: string[]): string {
  for (const name of list) if (!NAME.test(name)) throw new Error(`not a column name: ${name}`);
  return list.join(', ');
}

/** The first row of a statement (mapped to its DTO by `toItem`); undefined when there is none. */
export function firstRow<R>(database: Queryable, sql: string, params: unknown[]): Promise<R | undefined>;
export function firstRow<R, T>(
  database: Queryable,
  sql: string,
  params: unknown[],
  toItem: (row: R) => T,
): Promise<T | undefined>;
export async function firstRow<R, T>(
  database: Queryable,
  sql: string,
  params: unknown[],
  toItem?: (row: R) => T,
): Promise<R | T | undefined> {
  const [row] = await database.query<R>(sql, params);
  return row === undefined || !toItem ? row : toItem(row);
}

/** The first column of a statement's first row (one value looked up); undefined when there is no row. */
export async function firstValue<T>(
  database: Queryable,
  sql: string,
  params: unknown[],
): Promise<T | undefined> {
  const [row] = await database.query<Record<string, T>>(sql, params);
  return row === undefined ? undefined : Object.values(row)[0];
}

/**
 * One record of `select` by its id (`key.id`, the id column) when its customer (`key.customer`) is
 * in the caller's scope; undefined otherwise (a record of another tenant is not found).
 */
export function findInScope<R, T>(
  database: Queryable,
  scope: Scoped,
  select: string,
  key: { id: string; customer: string },
  id: string,
  toItem: (row: R) => T,
): Promise<T | undefined> {
  return firstRow(
    database,
    `${select} WHERE ${names(key.id)} = $2 AND ${scope.inScope(names(key.customer), 1)}`,
    [scope.customerIds, id],
    toItem,
  );
}

type Values = Record<string, unknown>;
/** What a write takes from a body: its values of these columns (never a column the body names itself). */
type Written<K extends string> = [body: Record<K, unknown>, columns: readonly K[]];
const pick = <K extends string>(...[body, columns]: Written<K>): Values =>
  Object.fromEntries(columns.map((c) => [c, body[c]]));

/**
 * Inserts one row of `table`: `fixed` (the record's customer) and the `columns` of `body` (when
 * given); answers the new id.
 */
export async function insertRow<K extends string>(
  db: Queryable,
  table: string,
  fixed: Values,
  ...w: Written<K> | []
) {
  const values = { ...fixed, ...(w.length === 2 ? pick(...w) : {}) };
  const written = Object.keys(values);
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO ${names(table)} (${names(...written)})
     VALUES (${written.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
    Object.values(values),
  );
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

/**
 * Sets the `columns` of `body` (and updated_at) on the row of `table` that `where` names (every
 * column equal); answers whether there was one.
 */
export async function updateRow<K extends string>(
  db: Queryable,
  table: string,
  where: Values,
  ...w: Written<K>
) {
  const values = pick(...w);
  const keys = Object.keys(where);
  const sets = Object.keys(values).map((c, i) => `${names(c)} = $${keys.length + i + 1}`);
  const rows = await db.query(
    `UPDATE ${names(table)} SET ${[...sets, 'updated_at = now()'].join(', ')}
      WHERE ${keys.map((c, i) => `${names(c)} = $${i + 1}`).join(' AND ')} RETURNING id`,
    [...Object.values(where), ...Object.values(values)],
  );
  return rows.length > 0;
}

/** Deletes the row `id` of `table` when its customer_id is in the caller's scope; answers whether it did. */
export async function deleteInScope(
  database: Queryable,
  scope: Scoped,
  table: string,
  id: string,
): Promise<boolean> {
  const rows = await database.query(
    `DELETE FROM ${names(table)} WHERE id = $2 AND ${scope.inScope('customer_id', 1)} RETURNING id`,
    [scope.customerIds, id],
  );
  return rows.length > 0;
}

/** A record the row points at, from its id and joined name; null when it points at none. */
export const ref = (id: string | null, name: string | null) =>
  id === null ? null : { id, name: name ?? '' };

/**
 * Deletes the row `id` of `table` in the caller's scope unless `heldBy` (a condition on the row,
 * named `t`: "something still points at it") is true: 'removed', 'held', or 'missing' (none in
 * scope).
 */
export async function deleteUnlessHeld(
  database: Queryable,
  scope: Scoped,
  table: string,
  id: string,
  heldBy: string,
): Promise<'removed' | 'held' | 'missing'> {
  const inScope = `t.id = $2 AND ${scope.inScope('t.customer_id', 1)}`;
  const removed = await database.query(
    `DELETE FROM ${names(table)} t WHERE ${inScope} AND NOT (${heldBy}) RETURNING t.id`,
    [scope.customerIds, id],
  );
  if (removed.length > 0) return 'removed';
  const left = await database.query(`SELECT 1 FROM ${names(table)} t WHERE ${inScope}`, [
    scope.customerIds,
    id,
  ]);
  return left.length > 0 ? 'held' : 'missing';
}
