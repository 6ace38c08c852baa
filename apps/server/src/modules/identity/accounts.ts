// The realm's accounts: password sign-in with delays against guessing (throttle.ts), the login
// history, and the claims the tokens carry (spec §3). Unknown names, wrong passwords and held-back
// names get the same answers and take as long, so names cannot be probed; only someone who
// knows the password learns that an account is disabled.
import type { DatabaseHandle } from '../../db/client.ts';
import { privilegesOf } from '../../platform/auth.ts';
import { verifyPassword } from './password.ts';
import { clearAttempts, type DelayPolicy, reserveAttempt } from './throttle.ts';

export type SignInOutcome =
  | { ok: true; accountId: string }
  | { ok: false; reason: 'invalid' | 'disabled' }
  /** Held back: too many attempts at this name from this address; `retryAfter` in seconds. */
  | { ok: false; reason: 'wait'; retryAfter: number };

interface AccountRow {
  id: string;
  customer_id: string;
  password_hash: string | null;
  enabled: boolean;
  customer_enabled: boolean;
}

export type LockPolicy = DelayPolicy;

export interface AttemptContext {
  ip: string | null;
  userAgent: string | null;
}

// A hash of a random password, compared when the name is unknown so both answers take as long.
const DUMMY_HASH =
  'scrypt$16384$8$1$ztRQu2XAZQ9dQ7LVcngi+g==$ILJWKEDc6gfTbTwCbyza3kBmaNn7fVqiUdeHbI65YRjPCiiyWM234dJgOQny3JzccK372pOMpP6xIv4WjHW8Ew==';

/** The form's name as the realm counts it: known or not, the same key. */
export const loginKey = (login: string) => login.trim().toLowerCase();

export async function signIn(
  database: DatabaseHandle,
  login: string,
  password: string,
  policy: LockPolicy,
  context: AttemptContext,
): Promise<SignInOutcome> {
  const name = loginKey(login);
  const ip = context.ip ?? '';
  const reservation = await reserveAttempt(database, name, ip, policy);
  const [row] = await database.query<AccountRow>(
    `SELECT u.id, u.customer_id, u.password_hash, u.enabled, c.enabled AS customer_enabled
       FROM users u JOIN customers c ON c.id = u.customer_id
      WHERE u.username = $1 OR lower(u.email) = $1`,
    [name],
  );
  const record = (succeeded: boolean, reason: string | null) =>
    row
      ? database.query(
          `INSERT INTO login_history (customer_id, user_id, succeeded, reason, ip, user_agent)
           VALUES ($1, $2, $3, $4, $5, $6)`,
          [row.customer_id, row.id, succeeded, reason, context.ip, context.userAgent?.slice(0, 500) ?? null],
        )
      : Promise.resolve();
  if (!reservation.allowed) {
    await record(false, 'locked');
    return { ok: false, reason: 'wait', retryAfter: reservation.retryAfter };
  }
  const hash = row?.password_hash;
  // No account (or no password): the dummy is compared all the same, so the answer takes as long.
  const matches = hash
    ? await verifyPassword(password, hash)
    : (await verifyPassword(password, DUMMY_HASH)) && false;
  if (!row || !matches) {
    await record(false, 'invalid_password');
    if (reservation.blockedFor === undefined) return { ok: false, reason: 'invalid' };
    // The users list shows the account as locked while an address is held back from it.
    if (row)
      await database.query(
        `UPDATE users SET locked_until = greatest(coalesce(locked_until, now()), now() + make_interval(secs => $2::int))
          WHERE id = $1`,
        [row.id, reservation.blockedFor],
      );
    return { ok: false, reason: 'wait', retryAfter: reservation.blockedFor };
  }
  await clearAttempts(database, name, ip);
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
  const privileges = privilegesOf(row.sys_role, row.privileges);
  return {
    sub: row.id,
    preferred_username: row.username,
    name: `${row.first_name} ${row.last_name}`.trim() || row.username,
    given_name: row.first_name,
    family_name: row.last_name,
    email: row.email,
    sys_role: row.sys_role,
    // The same list as GET /users/my: admin's is every privilege.
    privileges,
    functions: row.functions,
    is_manager: row.is_manager,
    download_role: row.download_role,
    customer_id: row.customer_id,
  };
}
