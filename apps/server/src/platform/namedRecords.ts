// The shape shared by a customer's small named records (vehicle vendors, vehicle groups): a name
// and a description, one count of what hangs on them, listed, found, created and renamed within
// the caller's scope. Each module gives its table and its count; the SQL lives here once.
import type { Queryable } from '../db/client.ts';
import type { Scoped } from './access.ts';
import { likePattern, pageWindow } from './lists.ts';

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

/**
 * SQL for one table of named records. `countSql` counts what hangs on a record `r` (its models,
 * its vehicles) and is answered as `countName`.
 */
export function namedRecords<T>(table: string, countName: string, countSql: string) {
  const select = `
    SELECT r.*, c.name AS customer_name, (${countSql})::int AS ${countName}
      FROM ${table} r JOIN customers c ON c.id = r.customer_id`;
  const order: Record<string, string> = {
    name: 'lower(r.name)',
    customer: 'lower(c.name)',
    [countName]: countName,
    updated_at: 'r.updated_at',
  };
  const toRecord = (r: Row): T =>
    ({
      id: r.id,
      customer: { id: r.customer_id, name: r.customer_name },
      name: r.name,
      description: r.description,
      [countName]: r[countName],
      created_at: new Date(r.created_at).toISOString(),
      updated_at: new Date(r.updated_at).toISOString(),
    }) as T;

  return {
    async list(database: Queryable, scope: Scoped, query: ListQuery): Promise<{ list: T[]; total: number }> {
      const where = `WHERE ${scope.inScope('r.customer_id', 1)} AND ($2::uuid IS NULL OR r.customer_id = $2)
                       AND ($3::text IS NULL OR lower(r.name) LIKE $3 OR lower(r.description) LIKE $3)`;
      const params = [scope.customerIds, query.customer_id ?? null, likePattern(query.filter)];
      const column = Object.hasOwn(order, query.order_by ?? '') ? order[query.order_by ?? ''] : order.name;
      const by = `${column} ${query.order === 'desc' ? 'DESC' : 'ASC'}, r.id`;
      const rows = await database.query<Row>(`${select} ${where} ORDER BY ${by} LIMIT $4 OFFSET $5`, [
        ...params,
        ...pageWindow(query),
      ]);
      const [count] = await database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${table} r ${where}`,
        params,
      );
      return { list: rows.map(toRecord), total: count?.n ?? 0 };
    },

    async find(database: Queryable, scope: Scoped, id: string): Promise<T | undefined> {
      const [row] = await database.query<Row>(
        `${select} WHERE r.id = $2 AND ${scope.inScope('r.customer_id', 1)}`,
        [scope.customerIds, id],
      );
      return row ? toRecord(row) : undefined;
    },

    async insert(
      database: Queryable,
      body: { customer_id: string; name: string; description: string },
    ): Promise<string> {
      const [row] = await database.query<{ id: string }>(
        `INSERT INTO ${table} (customer_id, name, description) VALUES ($1, $2, $3) RETURNING id`,
        [body.customer_id, body.name, body.description],
      );
      if (!row) throw new Error('insert returned nothing');
      return row.id;
    },

    async update(
      database: Queryable,
      scope: Scoped,
      id: string,
      body: { name: string; description: string },
    ): Promise<boolean> {
      const rows = await database.query(
        `UPDATE ${table} SET name = $3, description = $4, updated_at = now()
          WHERE id = $2 AND ${scope.inScope('customer_id', 1)} RETURNING id`,
        [scope.customerIds, id, body.name, body.description],
      );
      return rows.length > 0;
    },
  };
}
