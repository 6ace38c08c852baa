// A service account's client secret: 256 random bits shown once, kept as its SHA-256. A secret of
// that strength needs no slow hash (nobody guesses 2^256); comparing digests in constant time.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const newClientSecret = (): string => randomBytes(32).toString('base64url');

export const secretHash = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** Whether `secret` is the one whose digest is `hash`. */
export function secretMatches(secret: string, hash: string): boolean {
  const given = Buffer.from(secretHash(secret), 'hex');
  const stored = Buffer.from(hash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** A webhook's signing secret: 256 random bits, shown once, kept sealed (the server signs with it). */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

/**
 * A delivery's signature header: `v1=` and the hex HMAC-SHA256, keyed by the webhook's secret, of
 * `<timestamp>.<body>` (the timestamp in Unix seconds, sent in its own header): a receiver checks
 * both, and refuses a timestamp too old (a replay).
 */
export const webhookSignature = (secret: string, timestamp: number, body: string): string =>
  `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
