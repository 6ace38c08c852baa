// The embedded identity realm: an OpenID Connect provider (oidc-provider) at a Keycloak-shaped
// issuer, `${PUBLIC_URL}/auth/realms/${OIDC_REALM}`, with Keycloak's endpoint paths, so the console
// and the API treat it exactly like an external Keycloak realm (OIDC_ISSUERS). One public client,
// the console, signs in with authorization code + PKCE; access tokens are JWTs for the API's
// audience carrying the claims of spec §3. Sign-in and lock-out live in accounts.service.ts, the
// pages in page.ts, storage in adapter.repository.ts. A company's service accounts (modules/
// integrations) are confidential clients of the client-credentials grant, found in serviceClients.ts.
import middie from '@fastify/middie';
import type { FastifyInstance } from 'fastify';
import Provider, { type Configuration, type KoaContextWithOIDC, errors as oidcErrors } from 'oidc-provider';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { ApiError } from '../../platform/errors.ts';
import type { TimedJobs } from '../../platform/jobs.ts';
import { hit, sweepRateLimits } from '../../platform/rateLimit.ts';
import { accountClaims } from './accounts.service.ts';
import { createAdapterClass, sweepExpired } from './adapter.repository.ts';
import { registerRealmAssets } from './assets.ts';
import { headerLanguage, koaLanguage, renderKoa, sendPage } from './http.ts';
import { registerInteractions } from './interactions.ts';
import { ensureCookieKeys, ensureSigningKeys, type SigningKeys } from './keys.ts';
import { logoutPage, messagePage } from './page.ts';
import { compareServiceSecret, serviceAccountClaims, serviceClientFinder } from './serviceClients.ts';
import { registerUserinfo } from './userinfo.ts';

export interface IdentityDeps {
  config: Config;
  database: DatabaseHandle;
  jobs: TimedJobs;
}

const SWEEP_MS = 15 * 60 * 1000;

const SCOPES = ['openid', 'profile', 'email', 'offline_access'];
const CLAIMS = [
  'preferred_username',
  'name',
  'given_name',
  'family_name',
  'sys_role',
  'privileges',
  'functions',
  'is_manager',
  'download_role',
  'customer_id',
];
const SCOPE_CLAIMS = { openid: ['sub'], profile: CLAIMS, email: ['email'] };
const USERINFO_PATH = '/protocol/openid-connect/userinfo';

/** The logout was asked for with an ID token of the signed-in account (the console's own logout). */
function hintNamesSession(ctx: KoaContextWithOIDC): boolean {
  const hint = ctx.oidc.entities.IdTokenHint as { payload?: { sub?: unknown } } | undefined;
  const accountId = ctx.oidc.session?.accountId;
  return !!accountId && hint?.payload?.sub === accountId;
}

export async function registerIdentity(
  app: FastifyInstance,
  { config, database, jobs }: IdentityDeps,
): Promise<{ keys: SigningKeys; provider: Provider }> {
  const keys = await ensureSigningKeys(database);
  const cookieKeys = await ensureCookieKeys(database);
  const mountPath = new URL(config.issuer).pathname;
  const consoleRedirects = [`${config.publicUrl}/`, ...config.OIDC_REDIRECT_URIS];
  const allowedOrigins = new Set(consoleRedirects.map((uri) => new URL(uri).origin));

  const configuration: Configuration = {
    adapter: createAdapterClass(database, serviceClientFinder(database)),
    clients: [
      {
        client_id: config.OIDC_CLIENT_ID,
        client_name: 'FleetLens console',
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: consoleRedirects,
        post_logout_redirect_uris: consoleRedirects,
        // auth_time in every ID token, as discovery's claims_supported says.
        require_auth_time: true,
      },
    ],
    jwks: keys.privateJwks as Configuration['jwks'],
    cookies: { keys: cookieKeys, long: { signed: true }, short: { signed: true } },
    scopes: SCOPES,
    claims: SCOPE_CLAIMS,
    // The 403 page's "sign in and sign out my other browsers" (interactions.ts).
    extraParams: ['release_devices'],
    // Discovery advertises only what the console's client may use.
    responseTypes: ['code'],
    // The console reads its user from the ID token (no userinfo round trip).
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    routes: {
      authorization: '/protocol/openid-connect/auth',
      token: '/protocol/openid-connect/token',
      jwks: '/protocol/openid-connect/certs',
      userinfo: '/protocol/openid-connect/userinfo',
      end_session: '/protocol/openid-connect/logout',
      revocation: '/protocol/openid-connect/revoke',
      introspection: '/protocol/openid-connect/token/introspect',
    },
    ttl: {
      AccessToken: config.ACCESS_TOKEN_TTL_SECONDS,
      ClientCredentials: config.ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Grant: config.SESSION_TTL_HOURS * 3600,
      Session: config.SESSION_TTL_HOURS * 3600,
      RefreshToken: config.SESSION_TTL_HOURS * 3600,
    },
    // The console is first-party: its grant is given, never asked for.
    loadExistingGrant: async (ctx) => {
      const session = ctx.oidc.session;
      const client = ctx.oidc.client;
      if (!session?.accountId || !client) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(SCOPES.join(' '));
      grant.addOIDCClaims(CLAIMS);
      // The access token carries the OpenID scopes granted, so the token answer names them and
      // userinfo knows which claims to release.
      grant.addResourceScope(config.OIDC_AUDIENCE, SCOPES.join(' '));
      await grant.save();
      return grant;
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    findAccount: async (_ctx, id) => {
      const claims = await accountClaims(database, id);
      if (!claims) return undefined;
      return { accountId: id, claims: async () => ({ ...claims }) };
    },
    extraTokenClaims: async (_ctx, token) => {
      if (token.kind === 'ClientCredentials') return serviceAccountClaims(database, token.clientId ?? '');
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const claims = await accountClaims(database, token.accountId);
      if (!claims) return undefined;
      const { sub: _sub, given_name: _g, family_name: _f, ...rest } = claims;
      return { ...rest, session_state: (token as { sessionUid?: string }).sessionUid };
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      // Service accounts sign in with their client id and secret (basic or post), no user.
      clientCredentials: { enabled: true },
      userinfo: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => config.OIDC_AUDIENCE,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== config.OIDC_AUDIENCE) throw new oidcErrors.InvalidTarget();
          return {
            scope: SCOPES.join(' '),
            audience: config.OIDC_AUDIENCE,
            accessTokenTTL: config.ACCESS_TOKEN_TTL_SECONDS,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        // Spec: logging out asks nothing more, when the console asks (its ID token as hint);
        // anyone else (a link, another site) gets a button to press.
        logoutSource: (ctx, form) =>
          renderKoa(ctx, logoutPage(koaLanguage(ctx), form, [...allowedOrigins], hintNamesSession(ctx))),
        postLogoutSuccessSource: (ctx) =>
          renderKoa(ctx, messagePage(koaLanguage(ctx), 'signedOut', `${config.publicUrl}/`)),
      },
    },
    clientBasedCORS: (_ctx, origin) => allowedOrigins.has(origin),
    interactions: { url: (_ctx, interaction) => `${mountPath}/login-actions/${interaction.uid}` },
    renderError: (ctx, out) => {
      ctx.status = Math.max(ctx.status, 400);
      renderKoa(
        ctx,
        messagePage(
          koaLanguage(ctx),
          out.error === 'invalid_request' ? 'expired' : 'error',
          `${config.publicUrl}/`,
        ),
      );
    },
  };

  const provider = new Provider(config.issuer, configuration);
  provider.on('server_error', (_ctx, error) => app.log.error({ err: error }, 'identity provider error'));
  // Every ID token names its session (sid), as discovery says; oidc-provider adds it only for
  // clients with back-channel logout, which the console has no use for.
  (provider.Client.prototype as { includeSid: () => boolean }).includeSid = () => true;
  // A service account's stored secret is a digest: its client compares the digest of what it is given.
  compareServiceSecret(provider);

  // Every realm call counts against its address (AUTH_RATE_LIMIT a minute), before the provider.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(`${mountPath}/`)) return;
    const verdict = await hit(database, `realm:${request.ip}`, config.AUTH_RATE_LIMIT, 60);
    if (verdict.allowed) return;
    reply.header('Retry-After', verdict.retryAfter);
    if (!request.headers.accept?.includes('text/html')) throw new ApiError('tooManyRequests');
    const lang = headerLanguage(request.headers.cookie, request.headers['accept-language']);
    return sendPage(reply, messagePage(lang, 'tooManyRequests', `${config.publicUrl}/`), 429);
  });

  // The provider answers every realm path except the sign-in pages and userinfo, Fastify routes.
  const callback = provider.callback();
  await app.register(middie, { hook: 'onRequest' });
  app.use(mountPath, (req, res, next) => {
    const url = req.url ?? '';
    if (url.startsWith('/login-actions/') || url.split('?')[0] === USERINFO_PATH) return next();
    return callback(req, res);
  });
  const formTargets = [...allowedOrigins];
  await registerRealmAssets(app);
  await registerInteractions(app, { config, database, provider, mountPath, formTargets });
  await registerUserinfo(app, database, {
    path: `${mountPath}${USERINFO_PATH}`,
    issuer: config.issuer,
    audience: config.OIDC_AUDIENCE,
    jwks: keys.publicJwks,
    scopeClaims: SCOPE_CLAIMS,
  });

  // Expired sessions, codes and request counts, dropped by one replica every quarter of an hour.
  const sweeper = jobs.start(
    {
      name: 'realm-sweep',
      run: async (_since, now) => {
        await Promise.all([sweepExpired(database), sweepRateLimits(database)]);
        return new Date(now.getTime() + SWEEP_MS);
      },
    },
    SWEEP_MS,
  );
  app.addHook('onClose', () => sweeper.stop());
  return { keys, provider };
}
