// Sign-in delays. Attempts are counted per name typed and client address, whether the name
// exists or not, so the answers never tell which names do. The attempt is counted (atomically,
// in the database) before its password is checked, so guesses sent at the same moment are
// counted like guesses sent one after another, and at most LOGIN_MAX_FAILURES are ever checked
// in a row. From the last of those on, the address waits before its next attempt at that name:
// 1 minute, then twice as long after each further failure, up to LOGIN_LOCK_MINUTES. The owner
// signing in from another address is not held back: locking someone out costs the attacker
// one address per name, for as long as they keep guessing. A right password clears the count.
import type { Queryable } from '../../db/client.ts';
import { countAttempt, heldBackFor } from './repository.ts';

export { clearAttempts } from './repository.ts';

export interface DelayPolicy {
  /** Attempts in a row before the first delay. */
  maxFailures: number;
  /** The longest delay. */
  lockMinutes: number;
}

export type Reservation =
  /** Checked; `blockedFor` (seconds) when a wrong password now makes the address wait. */
  { allowed: true; blockedFor: number | undefined } | { allowed: false; retryAfter: number };

const FIRST_DELAY_SECONDS = 60;

/** Counts an attempt of `login` from `ip`; refused while the address is held back. */
export async function reserveAttempt(
  database: Queryable,
  login: string,
  ip: string,
  policy: DelayPolicy,
): Promise<Reservation> {
  // The delay is set when the attempt is counted, not after its password fails: an attempt that
  // arrives meanwhile is already refused. A right password lifts it again (clearAttempts).
  const blockedFor = await countAttempt(database, login, ip, {
    maxFailures: policy.maxFailures,
    firstDelaySeconds: FIRST_DELAY_SECONDS,
    longestDelaySeconds: policy.lockMinutes * 60,
  });
  if (blockedFor !== undefined) return { allowed: true, blockedFor: blockedFor ?? undefined };
  return { allowed: false, retryAfter: (await heldBackFor(database, login, ip)) ?? FIRST_DELAY_SECONDS };
}
