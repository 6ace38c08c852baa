// The realm's accounts and sign-in counters in the database: the account a sign-in names, its
// login history and lock, the claims' row, and the attempt counters of throttle.ts (one per
// key, a name typed or an account, and address). The rules (what a wrong password costs, what a
// token says) stay in accounts.service.ts and throttle.ts.
import type { SysRole } from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';

export interface AccountRow {
  id: string;
  customer_id: string;
  password_hash: string | null;
  enabled: boolean;
  customer_enabled: boolean;
}

/** The account whose username or e-mail is `login` (already lowercased). */
export async function findAccount(database: Queryable, login: string): Promise<AccountRow | undefined> {
  const [row] = await database.query<AccountRow>(
    `SELECT u.id, u.customer_id, u.password_hash, u.enabled, c.enabled AS customer_enabled
       FROM users u JOIN customers c ON c.id = u.customer_id
      WHERE u.username = $1 OR lower(u.email) = $1`,
    [login],
  );
  return row;
}

export interface LoginRecord {
  succeeded: boolean;
  reason: string | null;
  ip: string | null;
  userAgent: string | null;
}

export async function recordLogin(
  database: Queryable,
  account: AccountRow,
  login: LoginRecord,
): Promise<void> {
  await database.query(
    `INSERT INTO login_history (customer_id, user_id, succeeded, reason, ip, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [account.customer_id, account.id, login.succeeded, login.reason, login.ip, login.userAgent],
  );
}

/** Shows the account as locked for at least `seconds` from now (the users list reads it). */
export async function lockAccountFor(database: Queryable, id: string, seconds: number): Promise<void> {
  await database.query(
    `UPDATE users SET locked_until = greatest(coalesce(locked_until, now()), now() + make_interval(secs => $2::int))
      WHERE id = $1`,
    [id, seconds],
  );
}

export async function markSignedIn(database: Queryable, id: string): Promise<void> {
  await database.query(
    'UPDATE users SET failed_login_count = 0, locked_until = NULL, last_login_at = now() WHERE id = $1',
    [id],
  );
}

export interface ClaimsRow {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  sys_role: SysRole;
  is_manager: boolean;
  download_role: string;
  customer_id: string;
  functions: string[];
  privileges: string[] | null;
  /** The user's and their company's. */
  enabled: boolean;
}

/** What the tokens of account `id` say, as stored; undefined when the account is gone. */
export async function findClaimsRow(database: Queryable, id: string): Promise<ClaimsRow | undefined> {
  const [row] = await database.query<ClaimsRow>(
    `SELECT u.id, u.username, u.first_name, u.last_name, u.email, u.sys_role, u.is_manager,
            u.download_role, u.customer_id, c.functions, r.privileges, u.enabled AND c.enabled AS enabled
       FROM users u JOIN customers c ON c.id = u.customer_id
       LEFT JOIN roles r ON r.id = u.role_id AND r.customer_id = u.customer_id
      WHERE u.id::text = $1`,
    [id],
  );
  return row;
}

export interface AttemptRule {
  /** Attempts in a row before the first delay. */
  maxFailures: number;
  /** The first delay and the longest, in seconds. */
  firstDelaySeconds: number;
  longestDelaySeconds: number;
}

/**
 * Counts an attempt from `ip` on each of `keys` (a name typed, an account) in one statement, so
 * attempts at the same moment are counted one after another. Answers the seconds the address must
 * now wait (null: none), or undefined when one of the keys holds it back already: that key is not
 * counted, the others are (the guessing address only waits the longer for it).
 */
export async function countAttempt(
  database: Queryable,
  keys: string[],
  ip: string,
  rule: AttemptRule,
): Promise<number | null | undefined> {
  // One row of VALUES per key, in a fixed order: two attempts sharing an account never wait on
  // each other's rows in a circle. (VALUES, not a SELECT, so Citus inserts into its reference
  // table directly.)
  const sorted = [...keys].sort();
  const values = sorted.map(
    (_, i) => `($${i + 5}, $1, 1, CASE WHEN $2::int <= 1 THEN now() + make_interval(secs => $4::int) END)`,
  );
  const rows = await database.query<{ blocked_for: number | null }>(
    `INSERT INTO sign_in_attempts AS a (login, ip, attempts, blocked_until)
     VALUES ${values.join(', ')}
     ON CONFLICT (login, ip) DO UPDATE SET
       attempts = a.attempts + 1,
       updated_at = now(),
       blocked_until = CASE WHEN a.attempts + 1 >= $2::int
         THEN now() + make_interval(secs => least($4::int * power(2, least(a.attempts + 1 - $2::int, 16)), $3::int))
         ELSE NULL END
     WHERE a.blocked_until IS NULL OR a.blocked_until <= now()
     RETURNING ceil(extract(epoch FROM blocked_until - now()))::int AS blocked_for`,
    [ip, rule.maxFailures, rule.longestDelaySeconds, rule.firstDelaySeconds, ...sorted],
  );
  if (rows.length < keys.length) return undefined;
  const waits = rows.flatMap((row) => (row.blocked_for === null ? [] : [row.blocked_for]));
  return waits.length ? Math.max(...waits) : null;
}

/** Seconds until `ip` may try `keys` again (at least 1); undefined when none holds it back. */
export async function heldBackFor(
  database: Queryable,
  keys: string[],
  ip: string,
): Promise<number | undefined> {
  const [held] = await database.query<{ retry_after: number | null }>(
    `SELECT max(greatest(1, ceil(extract(epoch FROM blocked_until - now()))))::int AS retry_after
       FROM sign_in_attempts WHERE login = ANY($1::text[]) AND ip = $2 AND blocked_until > now()`,
    [keys, ip],
  );
  return held?.retry_after ?? undefined;
}

export async function clearAttempts(database: Queryable, keys: string[], ip: string): Promise<void> {
  await database.query('DELETE FROM sign_in_attempts WHERE login = ANY($1::text[]) AND ip = $2', [keys, ip]);
}
