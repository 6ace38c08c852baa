// Sign-in delays. Attempts are counted per name typed and client address, whether the name
// exists or not, so the answers never tell which names do. The attempt is counted (atomically,
// in the database) before its password is checked, so guesses sent at the same moment are
// counted like guesses sent one after another, and at most LOGIN_MAX_FAILURES are ever checked
// in a row. From the last of those on, the address waits before its next attempt at that name:
// 1 minute, then twice as long after each further failure, up to LOGIN_LOCK_MINUTES. The owner
// signing in from another address is not held back: locking someone out costs the attacker
// one address per name, for as long as they keep guessing. A right password clears the count.
import type { Queryable } from '../../db/client.ts';

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
  const [row] = await database.query<{ blocked_for: number | null }>(
    `INSERT INTO sign_in_attempts AS a (login, ip, attempts, blocked_until)
     VALUES ($1, $2, 1, CASE WHEN $3::int <= 1 THEN now() + make_interval(secs => $5::int) END)
     ON CONFLICT (login, ip) DO UPDATE SET
       attempts = a.attempts + 1,
       updated_at = now(),
       blocked_until = CASE WHEN a.attempts + 1 >= $3::int
         THEN now() + make_interval(secs => least($5::int * power(2, least(a.attempts + 1 - $3::int, 16)), $4::int * 60))
         ELSE NULL END
     WHERE a.blocked_until IS NULL OR a.blocked_until <= now()
     RETURNING ceil(extract(epoch FROM blocked_until - now()))::int AS blocked_for`,
    [login, ip, policy.maxFailures, policy.lockMinutes, FIRST_DELAY_SECONDS],
  );
  if (row) return { allowed: true, blockedFor: row.blocked_for ?? undefined };
  const [held] = await database.query<{ retry_after: number }>(
    `SELECT greatest(1, ceil(extract(epoch FROM blocked_until - now())))::int AS retry_after
       FROM sign_in_attempts WHERE login = $1 AND ip = $2`,
    [login, ip],
  );
  return { allowed: false, retryAfter: held?.retry_after ?? FIRST_DELAY_SECONDS };
}

/** The right password: the count of this name at this address starts again. */
export async function clearAttempts(database: Queryable, login: string, ip: string): Promise<void> {
  await database.query('DELETE FROM sign_in_attempts WHERE login = $1 AND ip = $2', [login, ip]);
}
