// What the console is told before sign-in, and who files a reported error.
import { PRODUCT_TITLE, type PublicConfig } from '@fleetlens/contracts';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { ApiError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/index.ts';
import { signLink } from '../../platform/links.ts';

/** The issuer and client the console signs in with, and the addresses the console lives at. */
export function publicConfig(config: Config): PublicConfig {
  return {
    issuer: config.OIDC_EMBEDDED ? config.issuer : (config.OIDC_ISSUERS[0] ?? config.issuer),
    clientId: config.OIDC_CLIENT_ID,
    version: config.APP_VERSION,
    productTitle: PRODUCT_TITLE,
    map_style_url: config.MAP_STYLE_URL,
    consoleUrl: config.publicUrl,
    consoleOrigins: [
      ...new Set([config.publicUrl, ...config.OIDC_REDIRECT_URIS].map((u) => new URL(u).origin)),
    ],
  };
}

/** The build's version; hidden in production so it does not tell attackers what to try. */
export function versionOf(config: Config, engine: string) {
  if (config.isProduction) throw new ApiError('notFound');
  return { version: config.APP_VERSION, database: engine };
}

/** The signed-in caller of an open route, if any: a bad or missing token does not lose the error. */
export const authorOf = async (auth: Platform['auth'], request: FastifyRequest) =>
  request.headers.authorization ? await auth.authenticate(request).catch(() => undefined) : undefined;

/**
 * A list export's address signed for `userId` (`…&user=…&expires=…&signature=…`, the signature
 * over everything before `&expires`): the export's guard reads it (platform/listExports.ts). The
 * address may not name a user or a signature of its own.
 */
export async function exportLinkOf(
  database: Platform['database'],
  userId: string,
  url: string,
  seconds: number,
) {
  const query = new URLSearchParams(url.split('?')[1] ?? '');
  if (['user', 'expires', 'signature'].some((name) => query.has(name)))
    throw new ApiError('validation', { fields: [{ field: 'url', key: 'exportLink' }] });
  const base = `${url}${url.includes('?') ? '&' : '?'}user=${userId}`;
  const signed = await signLink(database, base, seconds);
  const [, expires, signature] = /\?expires=(\d+)&signature=([\w-]+)$/.exec(signed.url) ?? [];
  return { url: `${base}&expires=${expires}&signature=${signature}`, expires_at: signed.expires_at };
}
