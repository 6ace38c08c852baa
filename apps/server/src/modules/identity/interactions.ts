// The realm's sign-in page (`/login-actions/:uid`), a Fastify route beside the provider. The
// form is limited per address and per name typed (LOGIN_RATE_LIMIT a minute) on top of the
// delays of throttle.ts; a held-back attempt answers 429 with Retry-After and the same words
// whether the name exists or not. A sign-in asked for with `release_devices=yes` (the console's
// 403 page, over the device limit) also frees the user's other browsers once the password is
// right: the user proves who they are here, so the console needs no token to ask for it.
import formbody from '@fastify/formbody';
import { isLanguage, type Language, languageOfTag } from '@fleetlens/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { requestLanguage } from '../../platform/i18n.ts';
import { hit } from '../../platform/rateLimit.ts';
import { resetDevices } from '../users/public.ts';
import { loginKey, type SignInOutcome, signIn } from './accounts.service.ts';
import { cookieOf, LANGUAGE_COOKIE, sendPage } from './http.ts';
import { messagePage, signInPage } from './page.ts';

export interface InteractionDeps {
  config: Config;
  database: DatabaseHandle;
  provider: Provider;
  mountPath: string;
  formTargets: string[];
}

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/** Both form limits, counted on every post; the first refusal wins. */
async function formLimit(database: DatabaseHandle, config: Config, ip: string, name: string) {
  const max = config.LOGIN_RATE_LIMIT;
  const byAddress = await hit(database, `signin-ip:${ip}`, max, 60);
  const byName = await hit(database, `signin-name:${name}`, max, 60);
  const refused = [byAddress, byName].filter((v) => !v.allowed);
  return refused.length ? Math.max(...refused.map((v) => v.retryAfter)) : undefined;
}

export async function registerInteractions(
  app: FastifyInstance,
  { config, database, provider, mountPath, formTargets }: InteractionDeps,
): Promise<void> {
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
  const viewOf = (lang: Language, uid: string, params: Record<string, unknown>) => ({
    lang,
    releaseDevices: params.release_devices === 'yes',
    action: `${mountPath}/login-actions/${uid}?lang=${lang}`,
    formTargets,
    languageHref: (code: Language) => `${mountPath}/login-actions/${uid}?lang=${code}`,
  });

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
      return sendPage(reply, signInPage(viewOf(lang, details.uid, details.params)));
    });

    scope.post(path, { schema: { hide: true } }, async (request, reply: FastifyReply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => undefined);
      const lang = pageLanguage(request, details?.params.ui_locales);
      if (!details) return sendPage(reply, messagePage(lang, 'expired', `${config.publicUrl}/`), 400);
      const body = (request.body ?? {}) as { username?: unknown; password?: unknown };
      const username = typeof body.username === 'string' ? body.username.slice(0, 320) : '';
      const password = typeof body.password === 'string' ? body.password.slice(0, 1024) : '';
      const view = { ...viewOf(lang, details.uid, details.params), username };
      if (!username || !password) return sendPage(reply, signInPage({ ...view, error: 'required' }), 400);
      const limited = await formLimit(database, config, request.ip, loginKey(username));
      const outcome: SignInOutcome =
        limited !== undefined
          ? { ok: false, reason: 'wait', retryAfter: limited }
          : await signIn(
              database,
              username,
              password,
              { maxFailures: config.LOGIN_MAX_FAILURES, lockMinutes: config.LOGIN_LOCK_MINUTES },
              { ip: request.ip, userAgent: request.headers['user-agent'] ?? null },
            );
      if (!outcome.ok) {
        request.log.info({ reason: outcome.reason }, 'sign-in refused');
        if (outcome.reason === 'wait') {
          reply.header('Retry-After', outcome.retryAfter);
          const page = signInPage({ ...view, error: 'wait', minutes: minutes(outcome.retryAfter) });
          return sendPage(reply, page, 429);
        }
        return sendPage(reply, signInPage({ ...view, error: outcome.reason }), 401);
      }
      if (view.releaseDevices) await resetDevices(database, outcome.accountId, outcome.accountId);
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
}
