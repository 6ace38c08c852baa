// The calls of the signed-in user (spec §7 "user calls" used by the shell): who am I, may this
// browser stay signed in, reset a user's browsers, mark the notices as seen; the rules are in
// account.service.ts. The users screens' calls are in manage.ts and history.ts.
import {
  loginDevicesAnswerSchema,
  myAnswerSchema,
  sessionCheckAnswerSchema,
  sessionCheckBodySchema,
} from '@fleetlens/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/index.ts';
import { accountService, clientOf } from './account.service.ts';
import { registerUserDirectory } from './manage.ts';

const userIdParams = z.object({ id: z.uuid() });

export async function registerUsers(app: FastifyInstance, platform: Platform): Promise<void> {
  const { access, envelope } = platform;
  const account = accountService(platform.database, platform.hub, platform.config);
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
    async (request) => ok(await account.my(accessOf(request))),
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
    async (request) => ok(await account.sessionCheck(accessOf(request), request.body, clientOf(request))),
  );

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
    async (request) => ok(await account.loginDevices(accessOf(request), request.params.id)),
  );

  routes.delete(
    '/users/:id/devices',
    {
      preValidation: access(),
      schema: {
        tags: ['users'],
        summary:
          "Reset a user's signed-in browsers (self, a representative, or who may open the login-devices page; an admin's only by an admin)",
        params: userIdParams,
        response: { 200: envelope(z.object({ removed: z.number().int() })) },
      },
    },
    async (request) => ok(await account.resetDevices(accessOf(request), request.params.id)),
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
    async (request) => ok(await account.openedNotifications(accessOf(request), request.params.id)),
  );
}
