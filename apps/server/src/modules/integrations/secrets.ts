// A service account's client secret: 256 random bits shown once, kept as its SHA-256. A secret of
// that strength needs no slow hash (nobody guesses 2^256); comparing digests in constant time.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const newClientSecret = (): string => randomBytes(32).toString('base64url');

export const secretHash = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** Whether `secret` is the one whose digest is `hash`. */
export function secretMatches(secret: string, hash: string): boolean {
  const given = Buffer.from(secretHash(secret), 'hex');
  const stored = Buffer.from(hash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
