// The request counters of the limits before sign-in (rate_limit_hits) and the sign-in attempts.
import type { Queryable } from '../db/client.ts';

/**
 * Counts one hit on `key` in its fixed window of `windowSeconds`, in one atomic upsert (replicas
 * and simultaneous calls all count): the hits of the window so far, and the seconds it has left.
 */
export async function countHit(
  db: Queryable,
  key: string,
  windowSeconds: number,
): Promise<{ hits: number; retry_after: number } | undefined> {
  const [row] = await db.query<{ hits: number; retry_after: number }>(
    `INSERT INTO rate_limit_hits AS r (key, window_start, hits) VALUES ($1, now(), 1)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN r.window_start > now() - make_interval(secs => $2::int) THEN r.hits + 1 ELSE 1 END,
       window_start = CASE WHEN r.window_start > now() - make_interval(secs => $2::int) THEN r.window_start ELSE now() END
     RETURNING hits,
       greatest(1, ceil(extract(epoch FROM window_start + make_interval(secs => $2::int) - now())))::int AS retry_after`,
    [key, windowSeconds],
  );
  return row;
}

/** Drops the windows and sign-in attempts older than a day. */
export async function dropEndedWindows(db: Queryable): Promise<void> {
  await db.query("DELETE FROM rate_limit_hits WHERE window_start < now() - interval '1 day'");
  await db.query("DELETE FROM sign_in_attempts WHERE updated_at < now() - interval '1 day'");
}
