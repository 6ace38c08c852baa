// What the console needs around the features: its public configuration (before sign-in), the
// version, and the runtime errors the web app reports in production. (The user manual's calls
// are in modules/manuals.)
import { errorLogBodySchema, PRODUCT_TITLE, publicConfigSchema } from '@fleetlens/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { ApiError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/index.ts';
import { rateLimit } from '../../platform/rateLimit.ts';

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
    async () =>
      ok({
        issuer: config.OIDC_EMBEDDED ? config.issuer : (config.OIDC_ISSUERS[0] ?? config.issuer),
        clientId: config.OIDC_CLIENT_ID,
        version: config.APP_VERSION,
        productTitle: PRODUCT_TITLE,
        map_style_url: config.MAP_STYLE_URL,
        consoleUrl: config.publicUrl,
        consoleOrigins: [
          ...new Set([config.publicUrl, ...config.OIDC_REDIRECT_URIS].map((u) => new URL(u).origin)),
        ],
      }),
  );

  // The build's version; hidden in production so it does not tell attackers what to try.
  routes.get(
    '/version',
    {
      schema: {
        tags: ['console'],
        summary: 'The server version (not in production)',
        response: { 200: envelope(z.object({ version: z.string(), database: z.string() })) },
      },
    },
    async () => {
      if (config.isProduction) throw new ApiError('notFound');
      return ok({ version: config.APP_VERSION, database: database.engine });
    },
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
      // A signed-in caller's error is filed under them; a bad or missing token does not lose it.
      const principal = request.headers.authorization
        ? await auth.authenticate(request).catch(() => undefined)
        : undefined;
      const body = request.body;
      const [row] = await database.query<{ id: string }>(
        `INSERT INTO error_logs (customer_id, user_id, error, component, info, url)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [
          principal?.customerId ?? null,
          principal?.userId ?? null,
          body.error,
          body.component ?? null,
          body.info ?? null,
          body.url ?? null,
        ],
      );
      return reply.status(201).send(ok({ id: Number(row?.id) }));
    },
  );
}
