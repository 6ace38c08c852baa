// The realm pages' own files, beside the realm as Keycloak keeps its themes' (/auth/resources):
// the Burmese font. The sign-in page names every language in itself, so even an English page
// shows Burmese letters; a server has no Myanmar font of its own and the browser none it can
// count on, so the page brings the one the console uses (@fontsource/noto-sans-myanmar).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { FONTS_PATH, MYANMAR_FONT_FILES } from './page.ts';

const require = createRequire(import.meta.url);

export async function registerRealmAssets(app: FastifyInstance): Promise<void> {
  const fonts = new Map<string, Buffer>();
  for (const [name, packaged] of Object.entries(MYANMAR_FONT_FILES))
    fonts.set(name, await readFile(require.resolve(`@fontsource/noto-sans-myanmar/files/${packaged}`)));
  app.get(`${FONTS_PATH}/:file`, { schema: { hide: true } }, async (request, reply) => {
    const font = fonts.get((request.params as { file: string }).file);
    if (!font) return reply.callNotFound();
    return reply.type('font/woff2').header('Cache-Control', 'public, max-age=86400').send(font);
  });
}
