// The realm pages bring the Burmese font: the page asks for it (only for Myanmar letters), its
// CSP lets the browser load it from the server, and the server answers the font files.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerRealmAssets } from './assets.ts';
import { CJK_FONT_FILES } from './fonts.ts';
import { FONTS_PATH, MYANMAR_FONT_FILES, signInPage } from './page.ts';

describe('the realm pages’ Burmese font', () => {
  it('is declared on the sign-in page for Myanmar letters and allowed by its CSP', () => {
    const page = signInPage({
      lang: 'my',
      action: '/auth/realms/fleet/login-actions/x',
      formTargets: [],
      languageHref: (code) => `?lang=${code}`,
    });
    expect(page.html).toContain('font-family: "Noto Sans Myanmar"');
    expect(page.html).toContain(`url(${FONTS_PATH}/noto-sans-myanmar-400.woff2)`);
    expect(page.html).toMatch(/unicode-range: U\+1000-109F/);
    expect(page.csp).toContain("font-src 'self'");
    expect(page.csp).toContain("default-src 'none'");
  });

  it('is served as WOFF2, and nothing else from its folder', async () => {
    const app = Fastify();
    await registerRealmAssets(app);
    for (const name of Object.keys(MYANMAR_FONT_FILES)) {
      const res = await app.inject({ url: `${FONTS_PATH}/${name}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('font/woff2');
      expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
    }
    expect((await app.inject({ url: `${FONTS_PATH}/..%2F..%2Fpackage.json` })).statusCode).toBe(404);
    expect((await app.inject({ url: `${FONTS_PATH}/noto-sans-myanmar-900.woff2` })).statusCode).toBe(404);
    await app.close();
  });
});

describe('the realm pages’ Japanese and Chinese fonts', () => {
  const page = (lang: 'en' | 'ja' | 'zh') =>
    signInPage({
      lang,
      action: '/auth/realms/fleet/login-actions/x',
      formTargets: [],
      languageHref: (c) => `?lang=${c}`,
    });
  const declared = (html: string) => [...html.matchAll(/url\(([^)]+\.woff2)\)/g)].map((m) => m[1] as string);

  it('declares only the slices holding the letters the page shows', () => {
    const english = declared(page('en').html).filter((url) => !url.includes('myanmar'));
    // 日本語 and 简体中文 in the language links: a few slices, in both faces and weights at most.
    expect(english.length).toBeGreaterThan(0);
    expect(english.length).toBeLessThanOrEqual(24);
    const japanese = declared(page('ja').html).filter((url) => url.includes('noto-sans-jp'));
    expect(japanese.length).toBeGreaterThan(english.filter((url) => url.includes('noto-sans-jp')).length);
    // The Japanese page's letters take the Japanese faces first, the Chinese page's the Chinese.
    expect(page('ja').html).toMatch(/"Noto Sans JP", "Noto Sans SC"/);
    expect(page('zh').html).toMatch(/"Noto Sans SC", "Noto Sans JP"/);
    // Hundreds of slices exist; a page never declares them all.
    expect(CJK_FONT_FILES.size).toBeGreaterThan(200);
  });

  it('serves each declared slice as WOFF2', async () => {
    const app = Fastify();
    await registerRealmAssets(app);
    for (const url of declared(page('zh').html)) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
    }
    expect((await app.inject({ url: `${FONTS_PATH}/noto-sans-jp-0-400-normal.woff` })).statusCode).toBe(404);
    await app.close();
  });
});
