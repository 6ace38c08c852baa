// The users as the user screens read and write them, always within the caller's scope.
import { type ListQuery, USER_NOTIFY_FLAGS, type User } from '@fleetlens/contracts';
import type { DatabaseHandle, Queryable } from '../../db/client.ts';
import { likePattern, pageWindow } from '../../platform/lists.ts';

type Scope = string[] | null;

const SELECT = `
  SELECT u.*, c.name AS customer_name, r.name AS role_name, r.privileges AS role_privileges,
         (u.locked_until IS NOT NULL AND u.locked_until > now()) AS locked
    FROM users u JOIN customers c ON c.id = u.customer_id
    LEFT JOIN roles r ON r.id = u.role_id`;

type Row = Record<string, unknown> & { id: string };
const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);

export function toUser(row: Row): User {
  return {
    id: row.id,
    username: String(row.username),
    first_name: String(row.first_name),
    last_name: String(row.last_name),
    email: String(row.email),
    customer: { id: String(row.customer_id), name: String(row.customer_name) },
    role: row.role_id
      ? {
          id: String(row.role_id),
          name: String(row.role_name),
          privileges: (row.role_privileges as string[] | null) ?? [],
        }
      : null,
    sys_role: row.sys_role as User['sys_role'],
    manager: Boolean(row.is_manager),
    download_role: row.download_role as User['download_role'],
    enabled: Boolean(row.enabled),
    locked: Boolean(row.locked),
    last_login_at: iso(row.last_login_at),
    ...(Object.fromEntries(USER_NOTIFY_FLAGS.map((f) => [f, Boolean(row[f])])) as Pick<
      User,
      (typeof USER_NOTIFY_FLAGS)[number]
    >),
    created_at: iso(row.created_at) ?? '',
    updated_at: iso(row.updated_at) ?? '',
  };
}

const like = likePattern;

const ORDER: Record<string, string> = {
  username: 'u.username',
  name: 'lower(u.last_name), lower(u.first_name)',
  email: 'u.email',
  last_login_at: 'u.last_login_at',
  created_at: 'u.created_at',
};

export async function listUsers(
  database: DatabaseHandle,
  scope: Scope,
  query: ListQuery & { email?: string | undefined },
): Promise<{ list: User[]; total: number }> {
  const where = `WHERE ($1::uuid[] IS NULL OR u.customer_id = ANY($1))
    AND ($2::text IS NULL OR u.username LIKE $2 OR lower(u.first_name || ' ' || u.last_name) LIKE $2 OR u.email LIKE $2)
    AND ($3::text IS NULL OR u.email LIKE $3)`;
  const params = [scope, like(query.filter), like(query.email)];
  const order = `${ORDER[query.order_by ?? 'username'] ?? ORDER.username} ${query.order === 'desc' ? 'DESC' : 'ASC'} NULLS LAST, u.id`;
  const rows = await database.query<Row>(`${SELECT} ${where} ORDER BY ${order} LIMIT $4 OFFSET $5`, [
    ...params,
    ...pageWindow(query),
  ]);
  const [count] = await database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM users u ${where}`,
    params,
  );
  return { list: rows.map(toUser), total: count?.n ?? 0 };
}

export async function findUser(
  database: DatabaseHandle,
  scope: Scope,
  id: string,
): Promise<User | undefined> {
  const [row] = await database.query<Row>(
    `${SELECT} WHERE u.id = $2 AND ($1::uuid[] IS NULL OR u.customer_id = ANY($1))`,
    [scope, id],
  );
  return row ? toUser(row) : undefined;
}

export async function loginHistory(database: DatabaseHandle, userId: string, limit: number, offset = 0) {
  const rows = await database.query<Row>(
    `SELECT succeeded, reason, ip, user_agent, created_at, updated_at FROM login_history
      WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [userId, limit, offset],
  );
  const [count] = await database.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM login_history WHERE user_id = $1',
    [userId],
  );
  return {
    list: rows.map((r) => ({
      succeeded: Boolean(r.succeeded),
      reason: (r.reason as string | null) ?? null,
      ip: (r.ip as string | null) ?? null,
      user_agent: (r.user_agent as string | null) ?? null,
      created_at: iso(r.created_at) ?? '',
      updated_at: iso(r.updated_at) ?? '',
    })),
    total: count?.n ?? 0,
  };
}

export type UserWrite = {
  first_name: string;
  last_name: string;
  email: string;
  customer_id: string;
  role_id: string | null;
  sys_role: string;
  manager: boolean;
  download_role: string;
  passwordHash?: string | undefined;
} & Record<(typeof USER_NOTIFY_FLAGS)[number], boolean>;

// The written columns, in the order of their parameters ($2… in updateUser, after the username in insertUser).
const WRITTEN = [
  'first_name',
  'last_name',
  'email',
  'customer_id',
  'role_id',
  'sys_role',
  'is_manager',
  'download_role',
  'password_hash',
  ...USER_NOTIFY_FLAGS,
];
const writtenValues = (u: UserWrite) => [
  u.first_name,
  u.last_name,
  u.email,
  u.customer_id,
  u.role_id,
  u.sys_role,
  u.manager,
  u.download_role,
  u.passwordHash ?? null,
  ...USER_NOTIFY_FLAGS.map((f) => u[f]),
];

export async function insertUser(database: Queryable, username: string, u: UserWrite): Promise<string> {
  const [row] = await database.query<{ id: string }>(
    `INSERT INTO users (username, ${WRITTEN.join(', ')})
     VALUES ($1, ${WRITTEN.map((_, i) => `$${i + 2}`).join(', ')}) RETURNING id`,
    [username, ...writtenValues(u)],
  );
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

/** Replaces the written columns; a missing password keeps the current one. */
export async function updateUser(database: Queryable, id: string, u: UserWrite): Promise<void> {
  const sets = WRITTEN.map((c, i) =>
    c === 'password_hash' ? `${c} = coalesce($${i + 2}, ${c})` : `${c} = $${i + 2}`,
  );
  await database.query(`UPDATE users SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, [
    id,
    ...writtenValues(u),
  ]);
}
