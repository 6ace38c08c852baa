// The realm pages' own files, beside the realm as Keycloak keeps its themes' (/auth/resources):
// the fonts. The sign-in page names every language in itself, so even an English page shows
// Burmese, Japanese and Chinese letters; a server has no such font of its own and the browser
// none it can count on, so the page brings those the console uses (@fontsource/noto-sans-myanmar,
// and the slices of noto-sans-jp and noto-sans-sc a page asks for: fonts.ts).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { CJK_FONT_FILES } from './fonts.ts';
import { FONTS_PATH, MYANMAR_FONT_FILES } from './page.ts';

const require = createRequire(import.meta.url);

export async function registerRealmAssets(app: FastifyInstance): Promise<void> {
  const fonts = new Map<string, Buffer>();
  for (const [name, packaged] of Object.entries(MYANMAR_FONT_FILES))
    fonts.set(name, await readFile(require.resolve(`@fontsource/noto-sans-myanmar/files/${packaged}`)));
  app.get(`${FONTS_PATH}/:file`, { schema: { hide: true } }, async (request, reply) => {
    const file = (request.params as { file: string }).file;
    // A Han slice is read when first asked for (there are hundreds; a page uses a few).
    const slice = CJK_FONT_FILES.get(file);
    if (slice && !fonts.has(file)) fonts.set(file, await readFile(slice));
    const font = fonts.get(file);
    if (!font) return reply.callNotFound();
    return reply.type('font/woff2').header('Cache-Control', 'public, max-age=86400').send(font);
  });
}
