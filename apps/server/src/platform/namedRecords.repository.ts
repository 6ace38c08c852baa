// The shape shared by a customer's small named records (vehicle vendors, vehicle groups): a name
// and a description, one count of what hangs on them, listed, found, created and renamed within
// the caller's scope. Each module gives its table and its count; the SQL lives here once, and so
// do the service rules they share (namedRecordService): a record created only for a customer the
// caller sees, each write audited.
import type { DatabaseHandle, Queryable } from '../db/client.ts';
import type { RequestAccess, Scoped } from './access.ts';
import { found } from './errors.ts';
import { likePattern, type Ordering, pageOf, pageRows } from './lists.ts';
import type { RecordWrites } from './records.ts';
import { findInScope, insertRow, stamps } from './rows.repository.ts';

type Row = Record<string, unknown> & {
  id: string;
  customer_id: string;
  customer_name: string;
  name: string;
  description: string;
  created_at: Date | string;
  updated_at: Date | string;
};

interface ListQuery {
  customer_id?: string | undefined;
  filter?: string | undefined;
  order_by?: string | undefined;
  order?: 'asc' | 'desc' | undefined;
  page: number;
  perPage: number;
}

/** A named record's body: its name and description, and the table's `extra` columns. */
type Body = { name: string; description: string } & Record<string, unknown>;

/**
 * SQL for one table of named records. `countName` answers how many rows of `counted` (a table and
 * its column) point at the record: a vendor's models, a group's vehicles or operators. `extra`
 * columns of the table (a group's lock-out level) are read, inserted and updated as they are.
 */
export function namedRecords<T>(
  table: string,
  countName: string,
  counted: [table: string, column: string],
  extra: readonly string[] = [],
) {
  const [countedTable, countedColumn] = counted;
  const countSql = `SELECT count(*) FROM ${countedTable} x WHERE x.${countedColumn} = r.id`;
  const select = `
    SELECT r.*, c.name AS customer_name, (${countSql})::int AS ${countName}
      FROM ${table} r JOIN customers c ON c.id = r.customer_id`;
  const ordering: Ordering = {
    alias: 'r',
    text: ['name'],
    plain: ['updated_at'],
    by: { customer: 'lower(c.name)', [countName]: countName },
    fallback: 'name',
  };
  const toRecord = (r: Row): T =>
    ({
      id: r.id,
      customer: { id: r.customer_id, name: r.customer_name },
      name: r.name,
      description: r.description,
      [countName]: r[countName],
      ...Object.fromEntries(extra.map((column) => [column, r[column]])),
      ...stamps(r),
    }) as T;

  return {
    list(database: Queryable, scope: Scoped, query: ListQuery): Promise<{ list: T[]; total: number }> {
      const where = `WHERE ${scope.inScope('r.customer_id', 1)} AND ($2::uuid IS NULL OR r.customer_id = $2)
                       AND ($3::text IS NULL OR lower(r.name) LIKE $3 OR lower(r.description) LIKE $3)`;
      const params = [scope.customerIds, query.customer_id ?? null, likePattern(query.filter)];
      const sql = { select, count: `FROM ${table} r`, where, order: ordering };
      return pageRows(database, sql, params, query, toRecord);
    },

    find: (database: Queryable, scope: Scoped, id: string): Promise<T | undefined> =>
      findInScope(database, scope, select, { id: 'r.id', customer: 'r.customer_id' }, id, toRecord),

    insert: (database: Queryable, body: Body & { customer_id: string }) =>
      insertRow(database, table, {}, body, ['customer_id', 'name', 'description', ...extra]),

    async update(database: Queryable, scope: Scoped, id: string, body: Body): Promise<boolean> {
      const more = extra.map((column, i) => `, ${column} = $${i + 5}`).join('');
      const rows = await database.query(
        `UPDATE ${table} SET name = $3, description = $4${more}, updated_at = now()
          WHERE id = $2 AND ${scope.inScope('customer_id', 1)} RETURNING id`,
        [scope.customerIds, id, body.name, body.description, ...extra.map((column) => body[column] ?? null)],
      );
      return rows.length > 0;
    },
  };
}

type NamedRecords<T> = ReturnType<typeof namedRecords<T>>;

/**
 * A named record's delete: the repository's (which answers 'held' while other records use it) and
 * the message of the conflict it answers then.
 */
export interface NamedRecordRemoval {
  remove: (tx: Queryable, scope: Scoped, id: string) => Promise<unknown>;
  inUse: string;
}

/**
 * get, list, create and update of named records, and their delete where `removal` is given; the
 * module adds its other rules.
 */
export function namedRecordService<T>(
  database: DatabaseHandle,
  records: NamedRecords<T>,
  writes: RecordWrites,
  removal?: NamedRecordRemoval,
) {
  const get = async (scope: Scoped, id: string) => found(await records.find(database, scope, id));
  return {
    get,
    list: async (scope: Scoped, query: ListQuery) =>
      pageOf(query, await records.list(database, scope, query)),

    async create(access: RequestAccess, body: Body & { customer_id: string }) {
      await access.mustUseCustomer(body.customer_id);
      return get(access, await writes.create(access, (tx) => records.insert(tx, body)));
    },

    update: async (access: RequestAccess, id: string, body: Body) =>
      get(access, await writes.update(access, id, (tx) => records.update(tx, access, id, body))),

    async remove(access: RequestAccess, id: string) {
      if (!removal) throw new Error('this named record is not deleted here');
      await writes.remove(access, id, (tx) => removal.remove(tx, access, id), removal.inUse);
      return { id };
    },
  };
}
