// The sign-in histories of one user (console spec §7): failed sign-ins ("error history"), the
// sign-ins since the latest device reset, and the resets themselves (at most 5, with who reset).
// Readers: whoever may open the login-history screen, within their companies (service.ts).
import {
  LOGIN_AFTER_RESET_LIMIT,
  listPageSchema,
  listQuerySchema,
  loginAfterResetAnswerSchema,
  loginHistoryEntrySchema,
  loginResetSchema,
  routeRoles,
} from '@fleetlens/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/index.ts';
import type { userService } from './service.ts';

const idParams = z.object({ id: z.uuid() });

export async function registerLoginHistories(
  app: FastifyInstance,
  platform: Platform,
  users: ReturnType<typeof userService>,
): Promise<void> {
  const { access, envelope } = platform;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];
  const readers = access({ roles: routeRoles('userLoginHistory') });

  routes.get(
    '/users/:id/login-max-error-history',
    {
      preValidation: readers,
      schema: {
        tags,
        summary: "A user's failed sign-ins (wrong password, locked, disabled), newest first",
        params: idParams,
        querystring: listQuerySchema,
        response: { 200: envelope(listPageSchema(loginHistoryEntrySchema)) },
      },
    },
    async (request) => ok(await users.failedLogins(accessOf(request), request.params.id, request.query)),
  );

  routes.get(
    '/users/:id/login-after-reset-history',
    {
      preValidation: readers,
      schema: {
        tags,
        summary: `A user's sign-ins since the latest device reset (at most ${LOGIN_AFTER_RESET_LIMIT})`,
        params: idParams,
        response: { 200: envelope(loginAfterResetAnswerSchema) },
      },
    },
    async (request) => ok(await users.loginsAfterReset(accessOf(request), request.params.id)),
  );

  routes.get(
    '/users/:id/login-reset-history',
    {
      preValidation: readers,
      schema: {
        tags,
        summary: "The latest resets of a user's signed-in browsers (at most 5, with who reset)",
        params: idParams,
        response: { 200: envelope(z.array(loginResetSchema)) },
      },
    },
    async (request) => ok(await users.resets(accessOf(request), request.params.id)),
  );
}
