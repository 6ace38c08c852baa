// The realm's accounts: password sign-in with delays against guessing (throttle.ts), the login
// history, and the claims the tokens carry (spec §3). Unknown names, wrong passwords and held-back
// names get the same answers and take as long, so names cannot be probed; only someone who
// knows the password learns that an account is disabled.
import type { DatabaseHandle } from '../../db/client.ts';
import { privilegesOf } from '../../platform/auth.ts';
import { verifyPassword } from './password.ts';
import { findAccount, findClaimsRow, lockAccountFor, markSignedIn, recordLogin } from './repository.ts';
import { clearTarget, type DelayPolicy, reserveAttempt } from './throttle.ts';

export type SignInOutcome =
  | { ok: true; accountId: string }
  | { ok: false; reason: 'invalid' | 'disabled' }
  /** Held back: too many attempts at this name or account from this address; `retryAfter` in seconds. */
  | { ok: false; reason: 'wait'; retryAfter: number };

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
  // The account is looked up for every name, known or not, so both take the same steps.
  const row = await findAccount(database, name);
  const target = { name, accountId: row?.id };
  const reservation = await reserveAttempt(database, target, ip, policy);
  const record = (succeeded: boolean, reason: string | null) =>
    row
      ? recordLogin(database, row, {
          succeeded,
          reason,
          ip: context.ip,
          userAgent: context.userAgent?.slice(0, 500) ?? null,
        })
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
    if (row) await lockAccountFor(database, row.id, reservation.blockedFor);
    return { ok: false, reason: 'wait', retryAfter: reservation.blockedFor };
  }
  await clearTarget(database, target, ip);
  if (!row.enabled || !row.customer_enabled) {
    await record(false, 'disabled');
    return { ok: false, reason: 'disabled' };
  }
  await markSignedIn(database, row.id);
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
  const row = await findClaimsRow(database, id);
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
