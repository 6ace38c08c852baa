// The realm's userinfo endpoint (OpenID Connect Core §5.3). The realm issues its access tokens
// as JWTs for the API's audience; oidc-provider's own userinfo accepts only tokens issued for
// itself, so it refused every token the realm hands out. This one accepts the realm's access
// tokens (signature, issuer, audience, expiry, the `openid` scope) and answers the claims of the
// scopes the token carries, read fresh from the database like the tokens' own.
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createLocalJWKSet, type JSONWebKeySet, jwtVerify } from 'jose';
import type { DatabaseHandle } from '../../db/client.ts';
import { type AccountClaims, accountClaims } from './accounts.service.ts';

export interface UserinfoOptions {
  path: string;
  issuer: string;
  audience: string;
  jwks: JSONWebKeySet;
  /** The claims each scope releases (the provider's `claims` configuration). */
  scopeClaims: Record<string, string[]>;
}

function tokenOf(request: FastifyRequest): string | undefined {
  const header = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  const body = (request.body as { access_token?: unknown } | undefined)?.access_token;
  return header ?? (typeof body === 'string' ? body : undefined);
}

export async function registerUserinfo(
  app: FastifyInstance,
  database: DatabaseHandle,
  { path, issuer, audience, jwks, scopeClaims }: UserinfoOptions,
): Promise<void> {
  const keys = createLocalJWKSet(jwks);

  async function answer(request: FastifyRequest, reply: FastifyReply) {
    reply.header('Cache-Control', 'no-store');
    const refuse = (error: string, status = 401) =>
      reply
        .status(status)
        .header('WWW-Authenticate', `Bearer realm="${issuer}", error="${error}"`)
        .send({ error });
    const token = tokenOf(request);
    if (!token) return refuse('invalid_request', 400);
    const payload = await jwtVerify(token, keys, { issuer, audience })
      .then((verified) => verified.payload)
      .catch(() => undefined);
    if (!payload?.sub) return refuse('invalid_token');
    const scopes = new Set(String(payload.scope ?? '').split(' '));
    if (!scopes.has('openid')) return refuse('insufficient_scope', 403);
    const claims = await accountClaims(database, payload.sub);
    if (!claims) return refuse('invalid_token');
    const released = new Set(['sub', ...[...scopes].flatMap((scope) => scopeClaims[scope] ?? [])]);
    return reply.send(
      Object.fromEntries(
        Object.entries(claims).filter(([name]) => released.has(name as keyof AccountClaims)),
      ),
    );
  }

  await app.register(async (scope) => {
    await scope.register(formbody, { bodyLimit: 8 * 1024 });
    scope.get(path, { schema: { hide: true } }, answer);
    scope.post(path, { schema: { hide: true } }, answer);
  });
}
