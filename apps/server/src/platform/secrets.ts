// Keys the server generates once and keeps in server_secrets (the file-link HMAC key, the SIM
// password key...), so every replica and restart reads the same one.
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/client.ts';
import { readSecret, storeSecretOnce } from './secrets.repository.ts';

/**
 * The value stored under `name`, made by `create` on first use. Concurrent first uses (or
 * replicas) race on the insert; everyone re-reads the winner's value, so all end with one.
 */
export async function storedOnce<T>(db: Queryable, name: string, create: () => Promise<T> | T): Promise<T> {
  const existing = await readSecret<T>(db, name);
  if (existing !== undefined) return existing;
  await storeSecretOnce(db, name, await create());
  const stored = await readSecret<T>(db, name);
  if (stored === undefined) throw new Error(`the server secret ${name} could not be stored`);
  return stored;
}

/** The 32 random bytes stored under `name`, generated on first use. */
export async function serverSecret(db: Queryable, name: string): Promise<Buffer> {
  const value = await storedOnce(db, name, () => randomBytes(32).toString('base64url'));
  // Older keys were stored as plain base64, which Node's base64url decoding accepts as well.
  return Buffer.from(value, 'base64url');
}
