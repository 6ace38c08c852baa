// What the console needs around the features: its public configuration (before sign-in), the
// version, the runtime errors the web app reports in production, and the signed links through
// which the browser saves a list's export as it streams. (The user manual's calls
// are in modules/manuals.)
import {
  EXPORT_LINK_SECONDS,
  errorLogBodySchema,
  exportLinkBodySchema,
  exportLinkSchema,
  publicConfigSchema,
} from '@fleetlens/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/index.ts';
import { rateLimit } from '../../platform/rateLimit.ts';
import { routesOf } from '../../platform/routes.ts';
import { insertErrorLog } from './repository.ts';
import { authorOf, exportLinkOf, publicConfig, versionOf } from './service.ts';

/** A page in an error loop should not fill the table: per address, per minute. */
export const ERROR_LOG_LIMIT = 30;

export async function registerConsole(app: FastifyInstance, platform: Platform): Promise<void> {
  const { database, envelope, config, auth } = platform;
  const errorLogLimit = rateLimit({ database, name: 'error-logs', max: ERROR_LOG_LIMIT, windowMs: 60_000 });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/config',
    {
      schema: {
        tags: ['console'],
        summary:
          "Public: the identity issuer and client the console signs in with, and the console's own address",
        response: { 200: envelope(publicConfigSchema) },
      },
    },
    async () => ok(publicConfig(config)),
  );

  routes.get(
    '/version',
    {
      schema: {
        tags: ['console'],
        summary: 'The server version (not in production)',
        response: { 200: envelope(z.object({ version: z.string(), database: z.string() })) },
      },
    },
    async () => ok(versionOf(config, database.engine)),
  );

  routes.post(
    '/error-logs',
    {
      bodyLimit: 32 * 1024,
      // Open before sign-in: each address may file ERROR_LOG_LIMIT errors a minute.
      onRequest: errorLogLimit,
      schema: {
        tags: ['console'],
        summary: 'Keep a runtime error the web app caught (signed in or not)',
        body: errorLogBodySchema,
        response: { 201: envelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request, reply) => {
      return reply
        .status(201)
        .send(ok({ id: await insertErrorLog(database, await authorOf(auth, request), request.body) }));
    },
  );

  // Any signed-in user may have a link signed for themselves: the export it opens checks its own
  // rule and scope for that user when it is opened, as if they called it with their token.
  routesOf(app, platform, ['console']).post(
    '/export-links',
    {
      rule: {},
      summary: "A list export's address signed for the caller, to open without a token for a minute",
      body: exportLinkBodySchema,
      reply: exportLinkSchema,
    },
    ({ body, request }) =>
      exportLinkOf(database, accessOf(request).principal.userId, body.url, EXPORT_LINK_SECONDS),
  );
}
