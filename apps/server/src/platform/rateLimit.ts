// A per-address request limit for the few calls open before sign-in (POST /error-logs): a fixed
// window per client address, in memory. Each replica counts its own callers; that bounds abuse of
// one server, which is the point (an edge proxy limits globally). Over the limit: 429 with the
// translated 'tooManyRequests' message and Retry-After.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './errors.ts';

export interface RateLimitOptions {
  /** Requests allowed per address and window. */
  max: number;
  windowMs: number;
  /** Addresses tracked at most; older windows are dropped first when full. */
  maxAddresses?: number;
}

export function rateLimit({ max, windowMs, maxAddresses = 10_000 }: RateLimitOptions) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return async function limit(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const now = Date.now();
    let window = windows.get(request.ip);
    if (!window || window.resetAt <= now) {
      if (windows.size >= maxAddresses) {
        for (const [ip, w] of windows) if (w.resetAt <= now) windows.delete(ip);
        // Still full of live windows: forget the oldest (Map keeps insertion order).
        if (windows.size >= maxAddresses) windows.delete(windows.keys().next().value as string);
      }
      window = { count: 0, resetAt: now + windowMs };
      windows.delete(request.ip);
      windows.set(request.ip, window);
    }
    window.count += 1;
    if (window.count > max) {
      reply.header('retry-after', Math.ceil((window.resetAt - now) / 1000));
      throw new ApiError('tooManyRequests');
    }
  };
}
