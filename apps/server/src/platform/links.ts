// Signed, short-lived links to stored contents. A browser opens a manual or shows a file in a
// frame without an Authorization header; the API hands out a link whose HMAC covers the path and
// the expiry, so only someone who was allowed to ask for it can use it, and not for long.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { DatabaseHandle } from '../db/client.ts';
import { serverSecret } from './secrets.ts';

/**
 * The query of a signed link, as the route that opens it reads it. Optional in the schema so that
 * a missing signature is refused like a wrong one (403), by the check below, not as bad input.
 */
export const signedLinkQuery = z.object({
  expires: z.coerce.number().int().optional(),
  signature: z.string().max(100).optional(),
});

const SECRET_NAME = 'file_link_key';
const keys = new WeakMap<DatabaseHandle, Promise<Buffer>>();

function keyOf(database: DatabaseHandle): Promise<Buffer> {
  let key = keys.get(database);
  if (!key) {
    key = serverSecret(database, SECRET_NAME);
    key.catch(() => keys.delete(database));
    keys.set(database, key);
  }
  return key;
}

const signatureOf = (key: Buffer, path: string, expires: number) =>
  createHmac('sha256', key).update(`${path}\n${expires}`).digest('base64url');

/** `path?expires=…&signature=…`, valid for `seconds`. */
export async function signLink(
  database: DatabaseHandle,
  path: string,
  seconds: number,
  now = Date.now(),
): Promise<{ url: string; expires_at: string }> {
  const expires = Math.floor(now / 1000) + seconds;
  const signature = signatureOf(await keyOf(database), path, expires);
  return {
    url: `${path}?expires=${expires}&signature=${signature}`,
    expires_at: new Date(expires * 1000).toISOString(),
  };
}

/** True when the signature is ours for this path and the link has not expired. */
export async function verifyLink(
  database: DatabaseHandle,
  path: string,
  expires: number | undefined,
  signature: string | undefined,
  now = Date.now(),
): Promise<boolean> {
  if (expires === undefined || !signature || !Number.isSafeInteger(expires) || expires * 1000 < now)
    return false;
  const expected = Buffer.from(signatureOf(await keyOf(database), path, expires));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
