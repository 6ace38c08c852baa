// Users in the database, as the user screens, the sign-in histories and the grant rule read and
// write them. Every read of a user takes the caller's scope (the access object) and applies it in
// SQL; the histories are read only for a user found that way.
import {
  type ListQuery,
  type SysRole,
  USER_NOTIFY_FLAGS,
  type User,
  type UserNotifyFlag,
} from '@fleetlens/contracts';
import type { DatabaseHandle, Queryable } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import { likePattern, type Ordering, pageRows } from '../../platform/lists.ts';
import {
  columnsOf,
  findInScope,
  firstValue,
  iso,
  type OwnedRow,
  owned,
} from '../../platform/rows.repository.ts';

const SELECT = `
  SELECT u.id, u.username, u.first_name, u.last_name, u.email, u.customer_id, u.role_id, u.sys_role,
         u.is_manager, u.download_role, u.enabled, u.last_login_at, u.created_at, u.updated_at,
         ${USER_NOTIFY_FLAGS.map((f) => `u.${f}`).join(', ')}, u.event_groups, u.notify_event_based_on_groups,
         coalesce((SELECT json_agg(json_build_object('id', g.id, 'name', g.name) ORDER BY g.name, g.id)
                     FROM user_vehicle_groups ug JOIN vehicle_groups g ON g.id = ug.group_id AND g.customer_id = ug.customer_id
                    WHERE ug.user_id = u.id), '[]') AS groups,
         c.name AS customer_name, r.name AS role_name, r.privileges AS role_privileges,
         (u.locked_until IS NOT NULL AND u.locked_until > now()) AS locked
    FROM users u JOIN customers c ON c.id = u.customer_id
    LEFT JOIN roles r ON r.id = u.role_id AND r.customer_id = u.customer_id`;

/** A row of SELECT: the user's columns as stored, with the names of its company and role. */
type Row = Pick<
  User,
  | 'id'
  | 'username'
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'sys_role'
  | 'download_role'
  | 'enabled'
  | 'locked'
  | 'groups'
  | 'event_groups'
  | 'notify_event_based_on_groups'
> &
  Record<UserNotifyFlag, boolean> & {
    role_id: string | null;
    role_name: string | null;
    role_privileges: string[] | null;
    is_manager: boolean;
    last_login_at: Date | string | null;
  } & OwnedRow;

function toUser(row: Row): User {
  return {
    ...columnsOf(row, ['id', 'username', 'first_name', 'last_name', 'email']),
    role: row.role_id
      ? { id: row.role_id, name: row.role_name ?? '', privileges: row.role_privileges ?? [] }
      : null,
    sys_role: row.sys_role,
    manager: row.is_manager,
    download_role: row.download_role,
    enabled: row.enabled,
    locked: row.locked,
    last_login_at: iso(row.last_login_at),
    ...(Object.fromEntries(USER_NOTIFY_FLAGS.map((f) => [f, row[f]])) as Record<UserNotifyFlag, boolean>),
    groups: row.groups,
    event_groups: row.event_groups,
    notify_event_based_on_groups: row.notify_event_based_on_groups,
    ...owned(row),
  };
}

const ORDER: Ordering = {
  alias: 'u',
  plain: ['username', 'email', 'last_login_at', 'created_at'],
  by: { name: ['lower(u.last_name)', 'lower(u.first_name)'] },
  fallback: 'username',
  nullsLast: true,
};

export async function listUsers(
  database: DatabaseHandle,
  scope: Scoped,
  query: ListQuery & { email?: string | undefined },
): Promise<{ list: User[]; total: number }> {
  const where = `WHERE ${scope.inScope('u.customer_id', 1)}
    AND ($2::text IS NULL OR u.username LIKE $2 OR lower(u.first_name || ' ' || u.last_name) LIKE $2 OR u.email LIKE $2)
    AND ($3::text IS NULL OR u.email LIKE $3)`;
  const params = [scope.customerIds, likePattern(query.filter), likePattern(query.email)];
  const sql = { select: SELECT, count: 'FROM users u', where, order: ORDER };
  return pageRows(database, sql, params, query, toUser);
}

export const findUser = (database: Queryable, scope: Scoped, id: string) =>
  findInScope(database, scope, SELECT, { id: 'u.id', customer: 'u.customer_id' }, id, toUser);

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
  event_groups: string[];
  notify_event_based_on_groups: boolean;
} & Record<UserNotifyFlag, boolean>;

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
  'event_groups',
  'notify_event_based_on_groups',
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
  u.event_groups,
  u.notify_event_based_on_groups,
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

/** Replaces the vehicle groups a user follows. */
export async function setUserGroups(database: Queryable, userId: string, groupIds: string[]): Promise<void> {
  await database.query(
    'DELETE FROM user_vehicle_groups WHERE user_id = $1 AND NOT (group_id = ANY($2::uuid[]))',
    [userId, groupIds],
  );
  await database.query(
    `INSERT INTO user_vehicle_groups (user_id, group_id, customer_id)
     SELECT $1, g.id, g.customer_id FROM vehicle_groups g WHERE g.id = ANY($2::uuid[]) ON CONFLICT DO NOTHING`,
    [userId, groupIds],
  );
}

/**
 * Which of `groupIds` a user of `customerId` may follow: groups of that company or of a company
 * below it (whose vehicles' events the user sees), that are also in the caller's scope.
 */
export async function followableGroups(
  database: Queryable,
  scope: Scoped,
  customerId: string,
  groupIds: string[],
): Promise<string[]> {
  const rows = await database.query<{ id: string }>(
    `WITH RECURSIVE below AS (
       SELECT id FROM customers WHERE id = $2
       UNION ALL SELECT c.id FROM customers c JOIN below b ON c.parent_id = b.id
     )
     SELECT g.id FROM vehicle_groups g
      WHERE g.id = ANY($3::uuid[]) AND g.customer_id IN (SELECT id FROM below) AND ${scope.inScope('g.customer_id', 1)}`,
    [scope.customerIds, customerId, groupIds],
  );
  return rows.map((r) => r.id);
}

export async function deleteUser(database: Queryable, id: string): Promise<void> {
  await database.query('DELETE FROM users WHERE id = $1', [id]);
}

// What the grant rule needs to know.

/** Whether the company exists and is the provider's; undefined when it does not exist. */
export const companyIsProvider = (database: Queryable, customerId: string) =>
  firstValue<boolean>(database, 'SELECT is_provider FROM customers WHERE id = $1', [customerId]);

/** The privileges of a role of `customerId`; undefined when it is not one of that company's. */
export const rolePrivileges = (database: Queryable, roleId: string, customerId: string) =>
  firstValue<string[]>(database, 'SELECT privileges FROM roles WHERE id = $1 AND customer_id = $2', [
    roleId,
    customerId,
  ]);

/** The company and system role of any user (the caller's scope is checked by whoever asks). */
export async function userKind(
  database: Queryable,
  id: string,
): Promise<{ customer_id: string; sys_role: SysRole } | undefined> {
  const [row] = await database.query<{ customer_id: string; sys_role: SysRole }>(
    'SELECT customer_id, sys_role FROM users WHERE id = $1',
    [id],
  );
  return row;
}

// The signed-in user's own calls.

export interface ProfileRow {
  email: string;
  first_name: string;
  last_name: string;
  customer_name: string;
  document_url: string | null;
}

export async function findProfile(database: Queryable, userId: string): Promise<ProfileRow | undefined> {
  const [row] = await database.query<ProfileRow>(
    `SELECT u.email, u.first_name, u.last_name, c.name AS customer_name, c.document_url
       FROM users u JOIN customers c ON c.id = u.customer_id WHERE u.id = $1`,
    [userId],
  );
  return row;
}

/** The bell's count starts again from now; answers the moment. */
export async function markNotificationsOpened(
  database: Queryable,
  userId: string,
): Promise<Date | string | undefined> {
  const [row] = await database.query<{ at: Date | string }>(
    'UPDATE users SET opened_notification_at = now() WHERE id = $1 RETURNING opened_notification_at AS at',
    [userId],
  );
  return row?.at;
}

/** The users a change concerns: these ids, the holders of a role, the users of a company. */
export async function usersConcerned(
  database: Queryable,
  target: { userIds?: string[]; roleId?: string; customerId?: string },
): Promise<string[]> {
  const rows = await database.query<{ id: string }>(
    'SELECT id FROM users WHERE id = ANY($1::uuid[]) OR role_id = $2 OR customer_id = $3',
    [target.userIds ?? [], target.roleId ?? null, target.customerId ?? null],
  );
  return rows.map((r) => r.id);
}
