// Sign-in delays. Attempts are counted per client address and per name typed, whether the name
// exists or not, so the answers never tell which names do; and, when the name is an account's
// user name or e-mail, per account as well, so that guessing at one of its names holds back the
// others from that address too (the delay would otherwise be undone by typing the e-mail). The
// attempt is counted (atomically, in the database) before its password is checked, so guesses
// sent at the same moment are counted like guesses sent one after another, and at most
// LOGIN_MAX_FAILURES are ever checked in a row. From the last of those on, the address waits
// before its next attempt at that name or account: 1 minute, then twice as long after each
// further failure, up to LOGIN_LOCK_MINUTES. The owner signing in from another address is not
// held back: locking someone out costs the attacker one address per account, for as long as they
// keep guessing. A right password clears the counts of the name typed and of its account.
import type { Queryable } from '../../db/client.ts';
import { clearAttempts, countAttempt, heldBackFor } from './repository.ts';

export interface DelayPolicy {
  /** Attempts in a row before the first delay. */
  maxFailures: number;
  /** The longest delay. */
  lockMinutes: number;
}

/** What an attempt is at: the name typed (lowercased) and the account it names, if any. */
export interface AttemptTarget {
  name: string;
  accountId: string | undefined;
}

export type Reservation =
  /** Checked; `blockedFor` (seconds) when a wrong password now makes the address wait. */
  { allowed: true; blockedFor: number | undefined } | { allowed: false; retryAfter: number };

const FIRST_DELAY_SECONDS = 60;

// The prefixes keep a typed name from ever meeting an account's counter.
const keysOf = ({ name, accountId }: AttemptTarget): string[] =>
  accountId === undefined ? [`name:${name}`] : [`name:${name}`, `account:${accountId}`];

/** Counts an attempt at `target` from `ip`; refused while the address is held back from it. */
export async function reserveAttempt(
  database: Queryable,
  target: AttemptTarget,
  ip: string,
  policy: DelayPolicy,
): Promise<Reservation> {
  const keys = keysOf(target);
  // The delay is set when the attempt is counted, not after its password fails: an attempt that
  // arrives meanwhile is already refused. A right password lifts it again (clearAttempts).
  const blockedFor = await countAttempt(database, keys, ip, {
    maxFailures: policy.maxFailures,
    firstDelaySeconds: FIRST_DELAY_SECONDS,
    longestDelaySeconds: policy.lockMinutes * 60,
  });
  if (blockedFor !== undefined) return { allowed: true, blockedFor: blockedFor ?? undefined };
  return { allowed: false, retryAfter: (await heldBackFor(database, keys, ip)) ?? FIRST_DELAY_SECONDS };
}

/** After a right password: the name typed and its account start afresh from `ip`. */
export async function clearTarget(database: Queryable, target: AttemptTarget, ip: string): Promise<void> {
  await clearAttempts(database, keysOf(target), ip);
}
