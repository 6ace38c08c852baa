// Signing and cookie keys, generated once and kept in server_secrets so every replica and every
// restart signs with (and accepts) the same keys; concurrent first starts end with one key set
// (platform/secrets.ts).
import { randomBytes, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { DatabaseHandle } from '../../db/client.ts';
import { storedOnce } from '../../platform/secrets.ts';

export interface SigningKeys {
  privateJwks: { keys: JWK[] };
  publicJwks: { keys: JWK[] };
}

const SIGNING_SECRET = 'oidc_jwks';
const COOKIE_SECRET = 'oidc_cookie_keys';

async function createSigningJwks(): Promise<{ keys: JWK[] }> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  return { keys: [{ ...jwk, kid: randomUUID(), alg: 'RS256', use: 'sig' }] };
}

/** The private JWKS the provider signs with and the public JWKS the API verifies with. */
export async function ensureSigningKeys(database: DatabaseHandle): Promise<SigningKeys> {
  const privateJwks = await storedOnce(database, SIGNING_SECRET, createSigningJwks);
  const publicJwks = {
    keys: privateJwks.keys.map(({ kty, n, e, kid, alg, use }) => ({ kty, n, e, kid, alg, use }) as JWK),
  };
  return { privateJwks, publicJwks };
}

/** Keys that sign the provider's cookies (keygrip); the first one signs, all verify. */
export async function ensureCookieKeys(database: DatabaseHandle): Promise<string[]> {
  return storedOnce(database, COOKIE_SECRET, async () => [randomBytes(32).toString('base64url')]);
}
