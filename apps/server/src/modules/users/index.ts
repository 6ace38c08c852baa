// The calls of the signed-in user (spec §7 "user calls" used by the shell): who am I, may this
// browser stay signed in, reset a user's browsers, mark the notices as seen.
// (The users screens — list, create, edit, login history — come with their own issue.)
import {
  holdsRepresentativeRight,
  loginDevicesAnswerSchema,
  myAnswerSchema,
  sessionCheckAnswerSchema,
  sessionCheckBodySchema,
} from '@fleetlens/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../platform/access.ts';
import type { Principal } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { ApiError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/index.ts';
import { canSeeCustomer } from '../../platform/tenancy.ts';
import { admitDevice, listDevices, listResets, resetDevices } from './devices.ts';
import { registerUserDirectory } from './manage.ts';

const userIdParams = z.object({ id: z.uuid() });

export async function registerUsers(app: FastifyInstance, platform: Platform): Promise<void> {
  const { database, access, hub, envelope, config } = platform;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  await registerUserDirectory(app, platform);

  routes.get(
    '/users/my',
    {
      preValidation: access(),
      schema: {
        tags: ['users'],
        summary: 'The signed-in user, their permissions and the current manual',
        response: { 200: envelope(myAnswerSchema) },
      },
    },
    async (request) => {
      const me = principalOf(request);
      const [row] = await database.query<{
        email: string;
        first_name: string;
        last_name: string;
        customer_name: string;
        document_url: string | null;
      }>(
        `SELECT u.email, u.first_name, u.last_name, c.name AS customer_name, c.document_url
           FROM users u JOIN customers c ON c.id = u.customer_id WHERE u.id = $1`,
        [me.userId],
      );
      if (!row) throw new ApiError('sessionInvalid');
      const [manual] = await database.query<{ id: string; version: string }>(
        'SELECT id, version FROM manuals ORDER BY created_at DESC LIMIT 1',
      );
      return ok({
        user: {
          id: me.userId,
          username: me.username,
          name: `${row.first_name} ${row.last_name}`.trim() || me.username,
          email: row.email,
          sys_role: me.sysRole,
          privileges: me.privileges,
          functions: me.functions,
          is_manager: me.isManager,
          download_role: me.downloadRole,
          customer: { id: me.customerId, name: row.customer_name, document_url: row.document_url },
        },
        manual: manual ?? null,
      });
    },
  );

  routes.post(
    '/users/session-check',
    {
      preValidation: access(),
      schema: {
        tags: ['users'],
        summary: 'May this browser (DEVICE_ID) stay signed in? Counts it against the device limit',
        body: sessionCheckBodySchema,
        response: { 200: envelope(sessionCheckAnswerSchema) },
      },
    },
    async (request) => {
      const me = principalOf(request);
      const valid = await admitDevice(
        database,
        {
          userId: me.userId,
          customerId: me.customerId,
          deviceId: request.body.device_id,
          sessionState: request.body.session_state ?? me.sessionState ?? null,
          userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
          ip: request.ip,
        },
        config.LOGIN_DEVICE_LIMIT,
      );
      if (!valid) request.log.info({ userId: me.userId }, 'device limit reached');
      return ok({ valid });
    },
  );

  /** The target's company, when the caller may manage its devices (self, staff with user:edit, a representative). */
  async function deviceTarget(me: Principal, id: string): Promise<void> {
    const [target] = await database.query<{ customer_id: string }>(
      'SELECT customer_id FROM users WHERE id = $1',
      [id],
    );
    // Another tenant's user does not exist for the caller.
    if (!target || !(await canSeeCustomer(database, me, target.customer_id))) throw new ApiError('notFound');
    if (id !== me.userId && !holdsRepresentativeRight(me)) throw new ApiError('forbidden');
  }

  routes.get(
    '/users/:id/login-devices',
    {
      preValidation: access(),
      schema: {
        tags: ['users'],
        summary: "A user's signed-in browsers and the latest resets (at most 5, with who reset)",
        params: userIdParams,
        response: { 200: envelope(loginDevicesAnswerSchema) },
      },
    },
    async (request) => {
      await deviceTarget(principalOf(request), request.params.id);
      return ok({
        devices: await listDevices(database, request.params.id),
        resets: await listResets(database, request.params.id),
      });
    },
  );

  routes.delete(
    '/users/:id/devices',
    {
      preValidation: access(),
      schema: {
        tags: ['users'],
        summary: "Reset a user's signed-in browsers (self, staff with user:edit, or a representative user)",
        params: userIdParams,
        response: { 200: envelope(z.object({ removed: z.number().int() })) },
      },
    },
    async (request) => {
      const me = principalOf(request);
      await deviceTarget(me, request.params.id);
      return ok({ removed: await resetDevices(database, request.params.id, me.userId) });
    },
  );

  routes.put(
    '/users/:id/update-opened-notification-at',
    {
      preValidation: access(),
      schema: {
        tags: ['users'],
        summary: 'The user opened the notices: the bell count starts again from now',
        params: userIdParams,
        response: { 200: envelope(z.object({ openedNotificationAt: z.string() })) },
      },
    },
    async (request) => {
      const me = principalOf(request);
      if (request.params.id !== me.userId) throw new ApiError('forbidden');
      const [row] = await database.query<{ at: Date | string }>(
        'UPDATE users SET opened_notification_at = now() WHERE id = $1 RETURNING opened_notification_at AS at',
        [me.userId],
      );
      await hub.broadcast(async (p) =>
        p.userId === me.userId ? { type: 'unread-count', data: { unreadNotificationCount: 0 } } : undefined,
      );
      return ok({ openedNotificationAt: new Date(row?.at ?? Date.now()).toISOString() });
    },
  );
}
