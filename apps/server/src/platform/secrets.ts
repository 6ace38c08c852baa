// Keys the server generates once and keeps in server_secrets (the file-link HMAC key, the SIM
// password key...), so every replica and restart reads the same one.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
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

/**
 * Seals `text` at rest (AES-256-GCM) with the key stored under `keyName`, for a secret the server
 * must read again (a SIM password, a webhook's signing secret): iv.tag.ciphertext, base64url each.
 */
export async function sealText(db: Queryable, keyName: string, text: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await serverSecret(db, keyName), iv);
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((b) => b.toString('base64url')).join('.');
}

/** What `sealText` sealed with the same key; throws on a malformed or altered value. */
export async function openText(db: Queryable, keyName: string, sealed: string): Promise<string> {
  const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !data) throw new Error('malformed sealed text');
  const decipher = createDecipheriv('aes-256-gcm', await serverSecret(db, keyName), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}
