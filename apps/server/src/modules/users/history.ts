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
} from '@fleetlens/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Platform } from '../../platform/index.ts';
import { idParams, op, routesOf } from '../../platform/routes.ts';
import type { userService } from './service.ts';

export async function registerLoginHistories(
  app: FastifyInstance,
  platform: Platform,
  users: ReturnType<typeof userService>,
): Promise<void> {
  const route = routesOf(app, platform, ['users']);
  const readers = 'userLoginHistory';

  route.get(
    '/users/:id/login-max-error-history',
    op(readers, "A user's failed sign-ins (wrong password, locked, disabled), newest first", {
      params: idParams,
      query: listQuerySchema,
      reply: listPageSchema(loginHistoryEntrySchema),
    }),
    ({ access, params, query }) => users.failedLogins(access, params.id, query),
  );
  route.get(
    '/users/:id/login-after-reset-history',
    op(readers, `A user's sign-ins since the latest device reset (at most ${LOGIN_AFTER_RESET_LIMIT})`, {
      params: idParams,
      reply: loginAfterResetAnswerSchema,
    }),
    ({ access, params }) => users.loginsAfterReset(access, params.id),
  );
  route.get(
    '/users/:id/login-reset-history',
    op(readers, "The latest resets of a user's signed-in browsers (at most 5, with who reset)", {
      params: idParams,
      reply: z.array(loginResetSchema),
    }),
    ({ access, params }) => users.resets(access, params.id),
  );
}
