// Request limits for the calls open before sign-in (the identity realm, POST /error-logs): a fixed
// window per key (a client address, a name typed on the sign-in form), counted in the database
// with one atomic upsert, so every replica shares the count and calls sent at the same moment
// are all counted. Over the limit: 429 with the translated 'tooManyRequests' message and
// Retry-After, and the call does nothing.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/client.ts';
import { ApiError } from './errors.ts';

export interface Verdict {
  allowed: boolean;
  /** Seconds until the window ends (what Retry-After says). */
  retryAfter: number;
}

/** Counts one hit on `key`; allowed while the window holds at most `max` hits. */
export async function hit(
  database: Queryable,
  key: string,
  max: number,
  windowSeconds: number,
): Promise<Verdict> {
  const [row] = await database.query<{ hits: number; retry_after: number }>(
    `INSERT INTO rate_limit_hits AS r (key, window_start, hits) VALUES ($1, now(), 1)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN r.window_start > now() - make_interval(secs => $2::int) THEN r.hits + 1 ELSE 1 END,
       window_start = CASE WHEN r.window_start > now() - make_interval(secs => $2::int) THEN r.window_start ELSE now() END
     RETURNING hits,
       greatest(1, ceil(extract(epoch FROM window_start + make_interval(secs => $2::int) - now())))::int AS retry_after`,
    [key.slice(0, 400), windowSeconds],
  );
  return { allowed: (row?.hits ?? 0) <= max, retryAfter: row?.retry_after ?? windowSeconds };
}

/** Throws the 429 for a refused verdict, with Retry-After on the reply. */
export function refuse(reply: FastifyReply, verdict: Verdict): void {
  if (verdict.allowed) return;
  reply.header('retry-after', verdict.retryAfter);
  throw new ApiError('tooManyRequests');
}

export interface RateLimitOptions {
  database: Queryable;
  /** Names the counter, so two limits on one address count apart. */
  name: string;
  /** Requests allowed per address and window. */
  max: number;
  windowMs: number;
}

/** A preHandler limiting a route per client address. */
export function rateLimit({ database, name, max, windowMs }: RateLimitOptions) {
  const windowSeconds = Math.max(1, Math.round(windowMs / 1000));
  return async function limit(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    refuse(reply, await hit(database, `${name}:${request.ip}`, max, windowSeconds));
  };
}

/**
 * Every API call that carries no token (the public configuration, signed file links, a missing
 * token's 401) counts against its address: AUTH_RATE_LIMIT a minute, like the realm's calls.
 */
export function limitUnauthenticated(app: FastifyInstance, database: Queryable, max: number, prefix: string) {
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.authorization || !request.url.startsWith(prefix)) return;
    refuse(reply, await hit(database, `open:${request.ip}`, max, 60));
  });
}

/** Drops the windows that ended long ago (a timed sweep, like the realm's payloads). */
export async function sweepRateLimits(database: Queryable): Promise<void> {
  await database.query("DELETE FROM rate_limit_hits WHERE window_start < now() - interval '1 day'");
  await database.query("DELETE FROM sign_in_attempts WHERE updated_at < now() - interval '1 day'");
}
