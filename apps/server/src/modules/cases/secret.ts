// SIM passwords are sealed at rest (AES-256-GCM) with a key generated once into server_secrets,
// so every replica and restart reads them. The carrier step opens them to configure the SIM; no
// answer ever carries one.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/client.ts';
import { serverSecret } from '../../platform/secrets.ts';

const KEY_NAME = 'sim_password_key';
const keyOf = (q: Queryable['query']) => serverSecret({ query: q }, KEY_NAME);

/** iv.tag.ciphertext, base64url each. */
export async function sealPassword(q: Queryable['query'], password: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await keyOf(q), iv);
  const sealed = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((b) => b.toString('base64url')).join('.');
}

export async function openPassword(q: Queryable['query'], sealed: string): Promise<string> {
  const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !data) throw new Error('malformed sealed password');
  const decipher = createDecipheriv('aes-256-gcm', await keyOf(q), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}
