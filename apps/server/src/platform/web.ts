// The built console (apps/web/dist) on the same port as the API. Hashed assets are cached for a
// year; index.html never, so a deploy is picked up at the next load. Any other GET that is not
// an API, realm or docs path answers index.html (the console routes in its own hash router, but
// deep links and reloads of plain paths must still land on it).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const NOT_WEB = /^\/(api|auth|healthz)(\/|$)/;

export async function registerWeb(app: FastifyInstance, webDist: string): Promise<boolean> {
  if (!existsSync(join(webDist, 'index.html'))) {
    app.log.warn({ webDist }, 'the web app is not built; run `npm run build` to serve the console');
    return false;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: ['index.html'],
    setHeaders: (res, path) => {
      res.header(
        'Cache-Control',
        path.includes(`${join('dist', 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    if (NOT_WEB.test(request.url)) return reply.callNotFound();
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
  return true;
}
