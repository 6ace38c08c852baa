// What the console needs around the features: its public configuration (before sign-in), the
// version, and the runtime errors the web app reports in production. (The user manual's calls
// are in modules/manuals.)
import { errorLogBodySchema, publicConfigSchema } from '@fleetlens/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/index.ts';
import { rateLimit } from '../../platform/rateLimit.ts';
import { insertErrorLog } from './repository.ts';
import { authorOf, publicConfig, versionOf } from './service.ts';

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
}
