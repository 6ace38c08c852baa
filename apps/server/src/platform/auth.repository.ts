// The caller's user, role and company, read on every authenticated call and by the live channel.
import type { CustomerFunction, DownloadRole, SysRole } from '@fleetlens/contracts';
import type { Queryable } from '../db/client.ts';

export interface UserRow {
  id: string;
  username: string;
  customer_id: string;
  sys_role: SysRole;
  is_manager: boolean;
  download_role: DownloadRole;
  enabled: boolean;
  customer_enabled: boolean;
  functions: CustomerFunction[];
  privileges: string[] | null;
}

const USER_SQL = `
  SELECT u.id, u.username, u.customer_id, u.sys_role, u.is_manager, u.download_role, u.enabled,
         c.enabled AS customer_enabled, c.functions, r.privileges
    FROM users u
    JOIN customers c ON c.id = u.customer_id
    LEFT JOIN roles r ON r.id = u.role_id AND r.customer_id = u.customer_id
   WHERE `;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The users with these ids or these usernames, with their company's state and functions and their
 * role's privileges. An id that is not a uuid (a token's subject from elsewhere) matches nobody.
 */
export async function userRows(
  db: Queryable,
  by: 'id' | 'username',
  keys: readonly string[],
): Promise<UserRow[]> {
  if (by === 'username') return db.query<UserRow>(`${USER_SQL} u.username = ANY($1::text[])`, [[...keys]]);
  const ids = keys.filter((key) => UUID.test(key));
  return ids.length === 0 ? [] : db.query<UserRow>(`${USER_SQL} u.id = ANY($1::uuid[])`, [ids]);
}

/** A service account as the API reads it on every call: its company and its creator's access. */
export interface ServiceAccountRow {
  id: string;
  name: string;
  customer_id: string;
  privileges: string[];
  customer_enabled: boolean;
  functions: CustomerFunction[];
  /** The creator it acts for: their user row (enabled, role, company). */
  creator: UserRow;
}

/** The service account with this id (not a uuid: none), with its company and its creator. */
export async function serviceAccountRow(db: Queryable, id: string): Promise<ServiceAccountRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const [account] = await db.query<Omit<ServiceAccountRow, 'creator'> & { created_by: string }>(
    `SELECT s.id, s.name, s.customer_id, s.privileges, s.created_by, c.enabled AS customer_enabled, c.functions
       FROM service_accounts s JOIN customers c ON c.id = s.customer_id
      WHERE s.id = $1`,
    [id],
  );
  if (!account) return undefined;
  const [creator] = await userRows(db, 'id', [account.created_by]);
  return creator ? { ...account, creator } : undefined;
}
