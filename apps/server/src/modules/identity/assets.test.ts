// The realm pages bring the Burmese font: the page asks for it (only for Myanmar letters), its
// CSP lets the browser load it from the server, and the server answers the font files.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerRealmAssets } from './assets.ts';
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
