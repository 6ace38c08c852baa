// Service accounts in the database, read within the caller's scope; the realm finds one by its
// client id (`clientOf`), the only read outside a caller's scope.
import { type ListQuery, SERVICE_CLIENT_PREFIX, type ServiceAccount } from '@fleetlens/contracts';
import type { DatabaseHandle, Queryable } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import { likePattern, type Ordering, pageRows } from '../../platform/lists.ts';
import {
  columnsOf,
  deleteInScope,
  findInScope,
  insertRow,
  type OwnedRow,
  owned,
  personName,
} from '../../platform/rows.repository.ts';

const FROM = `FROM service_accounts s JOIN customers c ON c.id = s.customer_id JOIN users u ON u.id = s.created_by`;
/** The company (`c`) and the creator (`u`) of a record a user made, as the module's rows name them. */
export const MADE_BY_COLUMNS = `c.id AS customer_id, c.name AS customer_name, u.id AS creator_id, ${personName('u')} AS creator_name`;

const SELECT = `
  SELECT s.id, s.name, s.description, s.privileges, s.created_at, s.updated_at, ${MADE_BY_COLUMNS}
    ${FROM}`;

type Row = {
  id: string;
  name: string;
  description: string;
  privileges: string[];
  creator_id: string;
  creator_name: string;
} & OwnedRow;

const toAccount = (r: Row): ServiceAccount => ({
  ...columnsOf(r, ['id', 'name', 'description', 'privileges']),
  client_id: `${SERVICE_CLIENT_PREFIX}${r.id}`,
  created_by: { id: r.creator_id, name: r.creator_name },
  ...owned(r),
});

const ORDER: Ordering = {
  alias: 's',
  text: ['name'],
  plain: ['created_at', 'updated_at'],
  by: { customer: 'lower(c.name)' },
  fallback: 'name',
};

/**
 * The paged list of a company-owned table of this module (`alias` its table in `select`): in the
 * caller's scope, its `filter` matched against `searched` (lower-cased), of one company when asked.
 */
export function companyList<R, T>(
  sql: { select: string; from: string; alias: string; searched: string[]; order: Ordering },
  toItem: (row: R) => T,
) {
  const { alias } = sql;
  const matches = sql.searched.map((column) => `lower(${column}) LIKE $2`).join(' OR ');
  return (
    database: DatabaseHandle,
    scope: Scoped,
    query: ListQuery & { customer_id?: string | undefined },
  ): Promise<{ list: T[]; total: number }> => {
    const where = `WHERE ${scope.inScope(`${alias}.customer_id`, 1)}
                     AND ($2::text IS NULL OR ${matches})
                     AND ($3::uuid IS NULL OR ${alias}.customer_id = $3)`;
    const params = [scope.customerIds, likePattern(query.filter), query.customer_id ?? null];
    const statements = { select: sql.select, count: sql.from, where, order: sql.order };
    return pageRows(database, statements, params, query, toItem);
  };
}

export const listServiceAccounts = companyList(
  { select: SELECT, from: FROM, alias: 's', searched: ['s.name', 'c.name'], order: ORDER },
  toAccount,
);

export const findServiceAccount = (database: Queryable, scope: Scoped, id: string) =>
  findInScope(database, scope, SELECT, { id: 's.id', customer: 's.customer_id' }, id, toAccount);

export const insertServiceAccount = (
  database: Queryable,
  body: { name: string; description: string; customer_id: string; privileges: string[] },
  createdBy: string,
  secretHash: string,
) =>
  insertRow(database, 'service_accounts', { created_by: createdBy, secret_hash: secretHash }, body, [
    'customer_id',
    'name',
    'description',
    'privileges',
  ]);

export const deleteServiceAccount = (database: Queryable, scope: Scoped, id: string) =>
  deleteInScope(database, scope, 'service_accounts', id);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The account id a client id names (`svc-<uuid>`), or undefined for any other client id. */
export function accountIdOf(clientId: string): string | undefined {
  if (!clientId.startsWith(SERVICE_CLIENT_PREFIX)) return undefined;
  const id = clientId.slice(SERVICE_CLIENT_PREFIX.length);
  return UUID.test(id) ? id : undefined;
}

/**
 * The stored secret hash of a usable account: its company enabled and its creator enabled (an
 * account acts for its creator). Undefined: no such client, revoked or unusable.
 */
export async function usableSecretHash(database: Queryable, clientId: string): Promise<string | undefined> {
  const id = accountIdOf(clientId);
  if (!id) return undefined;
  const [row] = await database.query<{ secret_hash: string }>(
    `SELECT s.secret_hash FROM service_accounts s
       JOIN customers c ON c.id = s.customer_id AND c.enabled
       JOIN users u ON u.id = s.created_by AND u.enabled
      WHERE s.id = $1`,
    [id],
  );
  return row?.secret_hash;
}

/** What a service account's access token says of it: its company and its privileges. */
export async function serviceAccountOfClient(
  database: Queryable,
  clientId: string,
): Promise<{ customer_id: string; privileges: string[]; name: string } | undefined> {
  const id = accountIdOf(clientId);
  if (!id) return undefined;
  const [row] = await database.query<{ customer_id: string; privileges: string[]; name: string }>(
    'SELECT customer_id, privileges, name FROM service_accounts WHERE id = $1',
    [id],
  );
  return row;
}
