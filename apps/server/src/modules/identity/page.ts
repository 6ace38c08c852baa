// The realm's own pages (sign-in, signed-out), rendered on the server in the four languages:
// they must work before the console's JavaScript is loaded, and without it. Every value is
// escaped; the pages carry their own nonce-based CSP, so no inline script or style runs
// unless it is ours.
import { randomBytes } from 'node:crypto';
import { LANGUAGE_NAMES, LANGUAGES, type Language, PRODUCT_TITLE, THEME_COLOR } from '@fleetlens/contracts';
import { translate } from '../../platform/i18n.ts';
import { cjkFontFaces } from './fonts.ts';

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** Where the realm's pages find their fonts (assets.ts serves them). */
export const FONTS_PATH = '/auth/resources/fonts';

/** The Burmese font's files as the pages name them, and as @fontsource/noto-sans-myanmar ships them. */
export const MYANMAR_FONT_FILES = {
  'noto-sans-myanmar-400.woff2': 'noto-sans-myanmar-myanmar-400-normal.woff2',
  'noto-sans-myanmar-700.woff2': 'noto-sans-myanmar-myanmar-700-normal.woff2',
} as const;

// Myanmar letters only (the font's own range): the browser fetches the font the first time the
// page shows one, which the language links always do. It comes first in the page's fonts: other
// letters pass on to the next family, and a system font that claims Myanmar letters it cannot
// draw (Debian's DejaVu Sans Bold under system-ui) never gets them.
const MYANMAR_FONT_FACES = ([400, 700] as const)
  .map(
    (weight) => `
    @font-face { font-family: "Noto Sans Myanmar"; font-style: normal; font-weight: ${weight}; font-display: swap;
      src: url(${FONTS_PATH}/noto-sans-myanmar-${weight}.woff2) format("woff2");
      unicode-range: U+1000-109F, U+200C-200D, U+25CC, U+A92E, U+A9E0-A9FE, U+AA60-AA7F, U+116D0-116E3; }`,
  )
  .join('');

export interface Page {
  html: string;
  csp: string;
}

function shell(lang: Language, title: string, body: string, formTargets: string[]): Page {
  const nonce = randomBytes(16).toString('base64');
  // The language's own Han faces first, so the letters Japanese and Chinese share take its shapes.
  const han = lang === 'zh' ? '"Noto Sans SC", "Noto Sans JP"' : '"Noto Sans JP", "Noto Sans SC"';
  const style = `${MYANMAR_FONT_FACES}${cjkFontFaces(title + body, FONTS_PATH)}
    :root { color-scheme: light; }
    * { box-sizing: border-box; }
    body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f0f4f5;
      font-family: "Noto Sans Myanmar", system-ui, -apple-system, "Segoe UI", "Hiragino Sans", "Microsoft YaHei", ${han}, sans-serif;
      color: #1f2d33; }
    main { width: min(400px, calc(100vw - 32px)); background: #fff; border-radius: 8px; padding: 32px;
      box-shadow: 0 4px 24px rgba(0, 40, 50, .12); }
    .brand { color: ${THEME_COLOR}; font-weight: 700; font-size: 22px; margin: 0 0 4px; }
    h1 { font-size: 16px; font-weight: 500; margin: 0 0 24px; color: #4a5a60; }
    label { display: block; font-size: 14px; margin: 16px 0 6px; }
    /* A browser gives form controls its own system font: they take the page's, Burmese included. */
    input, button { font-family: inherit; }
    input { width: 100%; padding: 10px 12px; font-size: 15px; border: 1px solid #7d8c92; border-radius: 6px; }
    input:focus { outline: 2px solid ${THEME_COLOR}; outline-offset: 1px; border-color: ${THEME_COLOR}; }
    button { margin-top: 24px; width: 100%; padding: 11px; font-size: 15px; border: 0; border-radius: 6px;
      background: ${THEME_COLOR}; color: #fff; cursor: pointer; }
    button:hover { background: #004a5d; }
    .notice { background: #e6f4ff; border: 1px solid #91caff; border-radius: 6px; padding: 10px 12px; font-size: 14px; }
    [role=alert] { background: #fff1f0; border: 1px solid #ffccc7; color: #a8071a; border-radius: 6px;
      padding: 10px 12px; font-size: 14px; margin-bottom: 8px; }
    nav { margin-top: 24px; display: flex; gap: 12px; flex-wrap: wrap; justify-content: center; font-size: 13px; }
    nav a { color: ${THEME_COLOR}; } nav a[aria-current] { font-weight: 700; text-decoration: none; color: #1f2d33; }`;
  const html = `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} - ${escapeHtml(PRODUCT_TITLE)}</title><style nonce="${nonce}">${style}</style></head>
<body><main><p class="brand">${escapeHtml(PRODUCT_TITLE)}</p>${body}</main></body></html>`;
  const csp = [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    "font-src 'self'",
    `form-action 'self' ${formTargets.join(' ')}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
  return { html, csp };
}

export interface SignInView {
  lang: Language;
  action: string;
  username?: string;
  error?: 'invalid' | 'wait' | 'disabled' | 'required';
  /** The sign-in also signs the user's other browsers out (the 403 page's offer). */
  releaseDevices?: boolean;
  /** How long a held-back address waits ('wait'). */
  minutes?: number;
  /** Where the language links point (the same page with ?lang=xx). */
  languageHref: (lang: Language) => string;
  /** Origins the browser is redirected to after the form (the client's redirect URIs). */
  formTargets: string[];
}

export function signInPage(view: SignInView): Page {
  const t = (key: string, params?: Record<string, unknown>) => translate(view.lang, 'signin', key, params);
  const alert = view.error
    ? `<div role="alert">${escapeHtml(t(view.error, { count: view.minutes ?? 1 }))}</div>`
    : '';
  const languages = LANGUAGES.map((code) =>
    code === view.lang
      ? `<a aria-current="true" lang="${code}">${escapeHtml(LANGUAGE_NAMES[code])}</a>`
      : `<a href="${escapeHtml(view.languageHref(code))}" lang="${code}" hreflang="${code}">${escapeHtml(LANGUAGE_NAMES[code])}</a>`,
  ).join('');
  const notice = view.releaseDevices ? `<p class="notice">${escapeHtml(t('releaseDevices'))}</p>` : '';
  const body = `<h1>${escapeHtml(t('heading'))}</h1>${notice}${alert}
<form method="post" action="${escapeHtml(view.action)}" autocomplete="on">
<label for="username">${escapeHtml(t('username'))}</label>
<input id="username" name="username" autocomplete="username" autocapitalize="none" spellcheck="false" required autofocus value="${escapeHtml(view.username ?? '')}">
<label for="password">${escapeHtml(t('password'))}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">${escapeHtml(t('submit'))}</button>
</form>
<nav aria-label="${escapeHtml(t('language'))}">${languages}</nav>`;
  return shell(view.lang, t('title'), body, view.formTargets);
}

export function messagePage(
  lang: Language,
  key: 'expired' | 'signedOut' | 'error' | 'tooManyRequests',
  backHref: string,
): Page {
  const t = (k: string) => translate(lang, 'signin', k);
  const body = `<h1>${escapeHtml(t(key))}</h1><nav><a href="${escapeHtml(backHref)}">${escapeHtml(t('backToConsole'))}</a></nav>`;
  return shell(lang, t('title'), body, []);
}

/**
 * The provider's logout form (hidden `xsrf` bound to the session) with the "logout=yes" its
 * confirmation needs. Auto-submitted when the console asks (an ID token of this session as
 * id_token_hint; spec: logging out asks nothing more); otherwise a button the user must press, so
 * another site cannot sign anyone out with a link or a hidden frame.
 */
export function logoutPage(lang: Language, form: string, formTargets: string[], auto: boolean): Page {
  const t = (k: string) => translate(lang, 'signin', k);
  const confirmed = form.replace(
    '</form>',
    auto
      ? '<input type="hidden" name="logout" value="yes"></form>'
      : `<button type="submit" name="logout" value="yes">${escapeHtml(t('signOut'))}</button></form>`,
  );
  // After the post the provider redirects to the console: form-action must allow its origin.
  const page = shell(
    lang,
    t(auto ? 'signingOut' : 'signOutQuestion'),
    `<h1>${escapeHtml(t(auto ? 'signingOut' : 'signOutQuestion'))}</h1>${confirmed}`,
    formTargets,
  );
  if (!auto) return page;
  const scriptNonce = randomBytes(16).toString('base64');
  return {
    html: page.html.replace(
      '</body>',
      `<script nonce="${scriptNonce}">document.forms[0].submit()</script></body>`,
    ),
    csp: `${page.csp}; script-src 'nonce-${scriptNonce}'`,
  };
}
