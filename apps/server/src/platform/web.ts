// The built console (apps/web/dist) on the same port as the API. Vite names every file under
// assets/ by its content's hash, so those are cached for a year and never revalidated; index.html
// (and the rest) is revalidated on every load, so a deploy is picked up at the next one. The build
// writes a .br and a .gz beside each text file (apps/web/vite.config.ts), sent to browsers that
// accept them: compressed once at build, at the strongest settings, never per request. Any other
// GET that is not an API, realm or docs path answers index.html (the console routes in its own
// hash router, but deep links and reloads of plain paths must still land on it). A file under
// assets/ that is not there (a chunk of the version before a deploy) answers 404, not index.html:
// the console then offers a reload instead of running HTML as a script.
//
// Files are looked up at each request, not listed once at start (@fastify/static's
// `wildcard: false` globs the folder at registration): a `npm run build` beside a running server
// writes new chunk names, and the console must load them without a restart.
import { existsSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const NOT_WEB = /^\/(api|auth|healthz)(\/|$)/;
export const HASHED_CACHE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

export async function registerWeb(app: FastifyInstance, webDist: string): Promise<boolean> {
  if (!existsSync(join(webDist, 'index.html'))) {
    app.log.warn({ webDist }, 'the web app is not built; run `npm run build` to serve the console');
    return false;
  }
  const root = resolve(webDist);
  await app.register(fastifyStatic, {
    root,
    // Only `reply.sendFile`: the route below decides what each path answers.
    serve: false,
    preCompressed: true,
    setHeaders: (res, path) => {
      res.header(
        'Cache-Control',
        relative(webDist, path).startsWith(`assets${sep}`) ? HASHED_CACHE : REVALIDATE,
      );
    },
  });
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    if (NOT_WEB.test(request.url)) return reply.callNotFound();
    const path = request.url.split('?')[0] ?? '/';
    // sendFile answers 404 for a file that is not there, and refuses paths out of the root.
    if (path.startsWith('/assets/') || isFileIn(root, path)) return reply.sendFile(path.slice(1));
    return reply.header('Cache-Control', REVALIDATE).sendFile('index.html');
  });
  return true;
}

/** Whether the URL path names a file inside root now (a console path such as /vehicles does not). */
function isFileIn(root: string, path: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return false;
  }
  const file = resolve(root, `.${decoded}`);
  if (!file.startsWith(`${root}${sep}`)) return false;
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
