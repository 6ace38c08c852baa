// SIM passwords are sealed at rest (AES-256-GCM, platform/secrets.ts) with a key generated once
// into server_secrets, so every replica and restart reads them. The carrier step opens them to
// configure the SIM; no answer ever carries one.
import type { Queryable } from '../../db/client.ts';
import { openText, sealText } from '../../platform/secrets.ts';

const KEY_NAME = 'sim_password_key';

/** iv.tag.ciphertext, base64url each. */
export const sealPassword = (q: Queryable['query'], password: string): Promise<string> =>
  sealText({ query: q }, KEY_NAME, password);

export const openPassword = (q: Queryable['query'], sealed: string): Promise<string> =>
  openText({ query: q }, KEY_NAME, sealed);
