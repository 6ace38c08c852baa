// The embedded identity realm: an OpenID Connect provider (oidc-provider) at a Keycloak-shaped
// issuer, `${PUBLIC_URL}/auth/realms/${OIDC_REALM}`, with Keycloak's endpoint paths, so the console
// and the API treat it exactly like an external Keycloak realm (OIDC_ISSUERS). One public client,
// the console, signs in with authorization code + PKCE; access tokens are JWTs for the API's
// audience carrying the claims of spec §3. Sign-in and lock-out live in accounts.ts, the pages
// in page.ts, storage in adapter.ts.
import formbody from '@fastify/formbody';
import middie from '@fastify/middie';
import { isLanguage, type Language, languageOfTag } from '@fleetlens/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Provider, { type Configuration, type KoaContextWithOIDC, errors as oidcErrors } from 'oidc-provider';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { requestLanguage } from '../../platform/i18n.ts';
import { accountClaims, signIn } from './accounts.ts';
import { createAdapterClass, sweepExpired } from './adapter.ts';
import { ensureCookieKeys, ensureSigningKeys, type SigningKeys } from './keys.ts';
import { autoSubmitPage, messagePage, type Page, signInPage } from './page.ts';

export interface IdentityDeps {
  config: Config;
  database: DatabaseHandle;
}

const LANGUAGE_COOKIE = 'language';
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

function cookieOf(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

function sendPage(reply: FastifyReply, page: Page, status = 200) {
  return reply
    .status(status)
    .header('Content-Security-Policy', page.csp)
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page.html);
}

function renderKoa(ctx: KoaContextWithOIDC, page: Page) {
  ctx.set('Content-Security-Policy', page.csp);
  ctx.type = 'html';
  ctx.body = page.html;
}

function koaLanguage(ctx: KoaContextWithOIDC): Language {
  const stored = cookieOf(ctx.get('cookie'), LANGUAGE_COOKIE);
  return isLanguage(stored) ? stored : requestLanguage(ctx.get('accept-language'));
}

export async function registerIdentity(
  app: FastifyInstance,
  { config, database }: IdentityDeps,
): Promise<{ keys: SigningKeys; provider: Provider }> {
  const keys = await ensureSigningKeys(database);
  const cookieKeys = await ensureCookieKeys(database);
  const mountPath = new URL(config.issuer).pathname;
  const consoleRedirects = [`${config.publicUrl}/`, ...config.OIDC_REDIRECT_URIS];
  const allowedOrigins = new Set(consoleRedirects.map((uri) => new URL(uri).origin));

  const configuration: Configuration = {
    adapter: createAdapterClass(database),
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
      },
    ],
    jwks: keys.privateJwks as Configuration['jwks'],
    cookies: { keys: cookieKeys, long: { signed: true }, short: { signed: true } },
    scopes: SCOPES,
    claims: {
      openid: ['sub'],
      profile: CLAIMS,
      email: ['email'],
    },
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
      grant.addResourceScope(config.OIDC_AUDIENCE, 'api');
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
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const claims = await accountClaims(database, token.accountId);
      if (!claims) return undefined;
      const { sub: _sub, given_name: _g, family_name: _f, ...rest } = claims;
      return { ...rest, session_state: (token as { sessionUid?: string }).sessionUid };
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => config.OIDC_AUDIENCE,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== config.OIDC_AUDIENCE) throw new oidcErrors.InvalidTarget();
          return {
            scope: 'api',
            audience: config.OIDC_AUDIENCE,
            accessTokenTTL: config.ACCESS_TOKEN_TTL_SECONDS,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        // Spec: logging out asks nothing more; the provider's confirmation submits itself.
        logoutSource: (ctx, form) => renderKoa(ctx, autoSubmitPage(koaLanguage(ctx), form)),
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

  // The provider answers every realm path except the sign-in pages, which are Fastify routes.
  const callback = provider.callback();
  await app.register(middie, { hook: 'onRequest' });
  app.use(mountPath, (req, res, next) => {
    if ((req.url ?? '').startsWith('/login-actions/')) return next();
    return callback(req, res);
  });

  const lockMinutes = config.LOGIN_LOCK_MINUTES;
  const pageLanguage = (request: FastifyRequest, uiLocales: unknown): Language => {
    const query = (request.query as { lang?: string }).lang;
    if (isLanguage(query)) return query;
    // ui_locales (the console's language), when it names one of ours; else the stored choice.
    const uiTags = typeof uiLocales === 'string' ? uiLocales.split(' ') : [];
    const fromUi = uiTags.map(languageOfTag).find((lang) => lang !== undefined);
    if (fromUi) return fromUi;
    const stored = cookieOf(request.headers.cookie, LANGUAGE_COOKIE);
    return isLanguage(stored) ? stored : requestLanguage(request.headers['accept-language']);
  };

  await app.register(async (scope) => {
    await scope.register(formbody, { bodyLimit: 8 * 1024 });
    const path = `${mountPath}/login-actions/:uid`;

    scope.get(path, { schema: { hide: true } }, async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => undefined);
      const lang = pageLanguage(request, details?.params.ui_locales);
      if (!details) return sendPage(reply, messagePage(lang, 'expired', `${config.publicUrl}/`), 400);
      const query = (request.query as { lang?: string }).lang;
      if (isLanguage(query)) {
        reply.header('Set-Cookie', `${LANGUAGE_COOKIE}=${query}; Path=/; Max-Age=31536000; SameSite=Lax`);
      }
      const action = `${mountPath}/login-actions/${details.uid}?lang=${lang}`;
      return sendPage(
        reply,
        signInPage({
          lang,
          action,
          lockMinutes,
          formTargets: [...allowedOrigins],
          languageHref: (code) => `${mountPath}/login-actions/${details.uid}?lang=${code}`,
        }),
      );
    });

    scope.post(path, { schema: { hide: true } }, async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => undefined);
      const lang = pageLanguage(request, details?.params.ui_locales);
      if (!details) return sendPage(reply, messagePage(lang, 'expired', `${config.publicUrl}/`), 400);
      const body = (request.body ?? {}) as { username?: unknown; password?: unknown };
      const username = typeof body.username === 'string' ? body.username.slice(0, 320) : '';
      const password = typeof body.password === 'string' ? body.password.slice(0, 1024) : '';
      const view = {
        lang,
        action: `${mountPath}/login-actions/${details.uid}?lang=${lang}`,
        username,
        lockMinutes,
        formTargets: [...allowedOrigins],
        languageHref: (code: Language) => `${mountPath}/login-actions/${details.uid}?lang=${code}`,
      };
      if (!username || !password) return sendPage(reply, signInPage({ ...view, error: 'required' }), 400);
      const outcome = await signIn(
        database,
        username,
        password,
        { maxFailures: config.LOGIN_MAX_FAILURES, lockMinutes },
        { ip: request.ip, userAgent: request.headers['user-agent'] ?? null },
      );
      if (!outcome.ok) {
        request.log.info({ reason: outcome.reason }, 'sign-in refused');
        return sendPage(
          reply,
          signInPage({ ...view, error: outcome.reason }),
          outcome.reason === 'locked' ? 423 : 401,
        );
      }
      // The provider writes the redirect itself on the raw response.
      reply.hijack();
      await provider.interactionFinished(
        request.raw,
        reply.raw,
        { login: { accountId: outcome.accountId } },
        { mergeWithLastSubmission: false },
      );
    });
  });

  const sweeper = setInterval(() => void sweepExpired(database).catch(() => {}), 15 * 60 * 1000);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));
  return { keys, provider };
}
