// The sign-in histories of one user (console spec §7): failed sign-ins ("error history"), the
// sign-ins since the latest device reset, and the resets themselves (at most 5, with who reset).
// Readers: whoever may open the login-history screen, within their companies.
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
import type { DatabaseHandle } from '../../db/client.ts';
import { principalOf } from '../../platform/access.ts';
import type { Principal } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/index.ts';
import { pageOf, pageWindow } from '../../platform/lists.ts';
import { listResets } from './devices.ts';

const idParams = z.object({ id: z.uuid() });
const iso = (v: unknown) => new Date(v as string).toISOString();

type Row = Record<string, unknown>;
const toEntry = (r: Row) => ({
  succeeded: Boolean(r.succeeded),
  reason: (r.reason as string | null) ?? null,
  ip: (r.ip as string | null) ?? null,
  user_agent: (r.user_agent as string | null) ?? null,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});
const COLUMNS = 'succeeded, reason, ip, user_agent, created_at, updated_at';

/** Failed sign-ins (wrong password, locked, disabled), newest first. */
export async function errorHistory(database: DatabaseHandle, userId: string, limit: number, offset: number) {
  const rows = await database.query<Row>(
    `SELECT ${COLUMNS} FROM login_history WHERE user_id = $1 AND NOT succeeded
      ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [userId, limit, offset],
  );
  const [count] = await database.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM login_history WHERE user_id = $1 AND NOT succeeded',
    [userId],
  );
  return { list: rows.map(toEntry), total: count?.n ?? 0 };
}

/** The latest device reset and every sign-in attempt after it (all of them when never reset). */
export async function afterResetHistory(database: DatabaseHandle, userId: string) {
  const [reset] = await listResets(database, userId, 1);
  const rows = await database.query<Row>(
    `SELECT ${COLUMNS} FROM login_history WHERE user_id = $1 AND ($2::timestamptz IS NULL OR created_at > $2)
      ORDER BY created_at DESC, id DESC LIMIT $3`,
    [userId, reset?.created_at ?? null, LOGIN_AFTER_RESET_LIMIT],
  );
  return { reset: reset ?? null, list: rows.map(toEntry) };
}

export async function registerLoginHistories(
  app: FastifyInstance,
  platform: Platform,
  mustFind: (me: Principal, id: string) => Promise<{ id: string }>,
): Promise<void> {
  const { database, access, envelope } = platform;
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
    async (request) => {
      const user = await mustFind(principalOf(request), request.params.id);
      return ok(pageOf(request.query, await errorHistory(database, user.id, ...pageWindow(request.query))));
    },
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
    async (request) => {
      const user = await mustFind(principalOf(request), request.params.id);
      return ok(await afterResetHistory(database, user.id));
    },
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
    async (request) => {
      const user = await mustFind(principalOf(request), request.params.id);
      return ok(await listResets(database, user.id));
    },
  );
}
