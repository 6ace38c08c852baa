// Request limits for the calls open before sign-in (the identity realm, POST /error-logs): a fixed
// window per key (a client address, a name typed on the sign-in form), counted in the database
// with one atomic upsert, so every replica shares the count and calls sent at the same moment
// are all counted. Over the limit: 429 with the translated 'tooManyRequests' message and
// Retry-After, and the call does nothing.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/client.ts';
import { ApiError } from './errors.ts';
import { countHit, dropEndedWindows } from './rateLimit.repository.ts';

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
  const row = await countHit(database, key.slice(0, 400), windowSeconds);
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
  await dropEndedWindows(database);
}
