// Small helpers the realm's Fastify routes and the provider's Koa hooks share: the language
// cookie and sending a rendered page.
import { isLanguage, type Language } from '@fleetlens/contracts';
import type { FastifyReply } from 'fastify';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { requestLanguage } from '../../platform/i18n.ts';
import type { Page } from './page.ts';

export const LANGUAGE_COOKIE = 'language';

export function cookieOf(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export function sendPage(reply: FastifyReply, page: Page, status = 200) {
  return reply
    .status(status)
    .header('Content-Security-Policy', page.csp)
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page.html);
}

export function renderKoa(ctx: KoaContextWithOIDC, page: Page) {
  ctx.set('Content-Security-Policy', page.csp);
  ctx.type = 'html';
  ctx.body = page.html;
}

export function koaLanguage(ctx: KoaContextWithOIDC): Language {
  const stored = cookieOf(ctx.get('cookie'), LANGUAGE_COOKIE);
  return isLanguage(stored) ? stored : requestLanguage(ctx.get('accept-language'));
}

/** The language of a plain request (no interaction): the stored choice, else Accept-Language. */
export function headerLanguage(cookie: string | undefined, acceptLanguage: string | undefined): Language {
  const stored = cookieOf(cookie, LANGUAGE_COOKIE);
  return isLanguage(stored) ? stored : requestLanguage(acceptLanguage);
}
