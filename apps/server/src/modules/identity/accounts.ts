// The realm's accounts: password sign-in with lock-out, the login history, and the claims the
// tokens carry (spec §3). Lock-out: LOGIN_MAX_FAILURES wrong passwords in a row lock the account
// for LOGIN_LOCK_MINUTES; while locked even the right password is refused, so guessing gains
// nothing. Unknown names and wrong passwords get the same answer, so names cannot be probed.
import { ALL_PRIVILEGES, userRoleList } from '@fleetlens/contracts';
import type { DatabaseHandle } from '../../db/client.ts';
import { verifyPassword } from './password.ts';

export type SignInOutcome =
  | { ok: true; accountId: string }
  | { ok: false; reason: 'invalid' | 'locked' | 'disabled' };

interface AccountRow {
  id: string;
  customer_id: string;
  password_hash: string | null;
  enabled: boolean;
  customer_enabled: boolean;
  locked: boolean;
  failed_login_count: number;
}

export interface LockPolicy {
  maxFailures: number;
  lockMinutes: number;
}

export interface AttemptContext {
  ip: string | null;
  userAgent: string | null;
}

// A hash of a random password, compared when the name is unknown so both answers take as long.
const DUMMY_HASH =
  'scrypt$16384$8$1$ztRQu2XAZQ9dQ7LVcngi+g==$ILJWKEDc6gfTbTwCbyza3kBmaNn7fVqiUdeHbI65YRjPCiiyWM234dJgOQny3JzccK372pOMpP6xIv4WjHW8Ew==';

export async function signIn(
  database: DatabaseHandle,
  login: string,
  password: string,
  policy: LockPolicy,
  context: AttemptContext,
): Promise<SignInOutcome> {
  const name = login.trim().toLowerCase();
  const [row] = await database.query<AccountRow>(
    `SELECT u.id, u.customer_id, u.password_hash, u.enabled, c.enabled AS customer_enabled,
            (u.locked_until IS NOT NULL AND u.locked_until > now()) AS locked, u.failed_login_count
       FROM users u JOIN customers c ON c.id = u.customer_id
      WHERE u.username = $1 OR lower(u.email) = $1`,
    [name],
  );
  if (!row) {
    await verifyPassword(password, DUMMY_HASH);
    return { ok: false, reason: 'invalid' };
  }
  const record = (succeeded: boolean, reason: string | null) =>
    database.query(
      `INSERT INTO login_history (customer_id, user_id, succeeded, reason, ip, user_agent)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [row.customer_id, row.id, succeeded, reason, context.ip, context.userAgent?.slice(0, 500) ?? null],
    );
  if (row.locked) {
    await record(false, 'locked');
    return { ok: false, reason: 'locked' };
  }
  const matches = row.password_hash !== null && (await verifyPassword(password, row.password_hash));
  if (!matches) {
    // One statement decides, so parallel attempts cannot skip the lock.
    const [after] = await database.query<{ locked: boolean }>(
      `UPDATE users SET
         failed_login_count = CASE WHEN failed_login_count + 1 >= $2 THEN 0 ELSE failed_login_count + 1 END,
         locked_until = CASE WHEN failed_login_count + 1 >= $2
                             THEN now() + make_interval(mins => $3::int) ELSE locked_until END
       WHERE id = $1
       RETURNING (locked_until IS NOT NULL AND locked_until > now()) AS locked`,
      [row.id, policy.maxFailures, policy.lockMinutes],
    );
    await record(false, after?.locked ? 'locked' : 'invalid_password');
    return { ok: false, reason: after?.locked ? 'locked' : 'invalid' };
  }
  if (!row.enabled || !row.customer_enabled) {
    await record(false, 'disabled');
    return { ok: false, reason: 'disabled' };
  }
  await database.query(
    'UPDATE users SET failed_login_count = 0, locked_until = NULL, last_login_at = now() WHERE id = $1',
    [row.id],
  );
  await record(true, null);
  return { ok: true, accountId: row.id };
}

export interface AccountClaims {
  sub: string;
  preferred_username: string;
  name: string;
  given_name: string;
  family_name: string;
  email: string;
  sys_role: string;
  privileges: string[];
  functions: string[];
  is_manager: boolean;
  download_role: string;
  customer_id: string;
}

/** The claims of spec §3, read fresh from the database; undefined when the account is gone. */
export async function accountClaims(
  database: DatabaseHandle,
  id: string,
): Promise<AccountClaims | undefined> {
  const [row] = await database.query<{
    id: string;
    username: string;
    first_name: string;
    last_name: string;
    email: string;
    sys_role: 'admin' | 'support' | 'sales' | 'kitting' | 'user';
    is_manager: boolean;
    download_role: string;
    customer_id: string;
    functions: string[];
    privileges: string[] | null;
    enabled: boolean;
  }>(
    `SELECT u.id, u.username, u.first_name, u.last_name, u.email, u.sys_role, u.is_manager,
            u.download_role, u.customer_id, c.functions, r.privileges, u.enabled AND c.enabled AS enabled
       FROM users u JOIN customers c ON c.id = u.customer_id
       LEFT JOIN roles r ON r.id = u.role_id AND r.customer_id = u.customer_id
      WHERE u.id::text = $1`,
    [id],
  );
  if (!row?.enabled) return undefined;
  const privileges = row.sys_role === 'admin' ? [...ALL_PRIVILEGES] : (row.privileges ?? []);
  return {
    sub: row.id,
    preferred_username: row.username,
    name: `${row.first_name} ${row.last_name}`.trim() || row.username,
    given_name: row.first_name,
    family_name: row.last_name,
    email: row.email,
    sys_role: row.sys_role,
    // The role list of spec §6: privileges are listed for non-admin only (admin holds all).
    privileges: userRoleList(row.sys_role, privileges).filter((p) => p !== row.sys_role),
    functions: row.functions,
    is_manager: row.is_manager,
    download_role: row.download_role,
    customer_id: row.customer_id,
  };
}
