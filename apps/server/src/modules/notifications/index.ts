// Notices (console spec §3, §4, §7): current and expired lists, one notice, create, edit and
// delete for admin, kitting and sales, and the bell's unread count, by REST and pushed on the
// live channel whenever a notice changes.
import {
  listPageSchema,
  listQuerySchema,
  notificationBodySchema,
  notificationSchema,
  routeRoles,
  unreadCountAnswerSchema,
} from '@fleetlens/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/index.ts';
import { startJob } from '../../platform/jobs.ts';
import { routesOf } from '../../platform/routes.ts';
import { noticeMoments } from './moments.ts';
import type { Window } from './repository.ts';
import { notificationService } from './service.ts';

const idParams = z.object({ id: z.uuid() });

export async function registerNotifications(app: FastifyInstance, platform: Platform): Promise<void> {
  const { database, access, hub, envelope } = platform;
  const notices = notificationService(database, hub);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];
  const route = routesOf(app, platform, tags);
  const editors = routeRoles('notificationNew');

  // Counts change again when a notice's publish or expiry time comes: a job pushes them then.
  const moments = startJob(noticeMoments(database, notices.pushCounts), app.log);
  notices.watchMoments(moments);
  app.addHook('onClose', () => moments.stop());

  hub.whenReady(async (principal, send) => {
    send({ type: 'unread-count', data: { unreadNotificationCount: await notices.unread(principal) } });
  });

  routes.get(
    '/notifications/unread-count',
    {
      preValidation: access(),
      schema: {
        tags,
        summary: 'How many current notices the caller has not seen',
        response: { 200: envelope(unreadCountAnswerSchema) },
      },
    },
    async (request) => ok(await notices.unreadOf(accessOf(request))),
  );

  const list = (window: Window, path: string, summary: string) =>
    routes.get(
      path,
      {
        preValidation: access(),
        schema: {
          tags,
          summary,
          querystring: listQuerySchema,
          response: { 200: envelope(listPageSchema(notificationSchema)) },
        },
      },
      async (request) => ok(await notices.list(accessOf(request), window, request.query)),
    );
  list('current', '/notifications', 'Current notices for the caller, newest first');
  list('expired', '/notifications/expired', 'Expired notices for the caller, newest first');

  routes.get(
    '/notifications/:id',
    {
      preValidation: access(),
      schema: {
        tags,
        summary: 'One notice',
        params: idParams,
        response: { 200: envelope(notificationSchema) },
      },
    },
    async (request) => ok(await notices.get(accessOf(request), request.params.id)),
  );

  route.post(
    '/notifications',
    {
      rule: { roles: editors },
      summary: 'Publish a notice (admin, kitting, sales)',
      body: notificationBodySchema,
      reply: notificationSchema,
      status: 201,
    },
    ({ access, body }) => notices.create(access, body),
  );

  route.put(
    '/notifications/:id',
    {
      rule: { roles: editors },
      summary: 'Edit a notice (admin, kitting, sales)',
      params: idParams,
      body: notificationBodySchema,
      reply: notificationSchema,
    },
    ({ access, params, body }) => notices.update(access, params.id, body),
  );

  route.delete(
    '/notifications/:id',
    {
      rule: { roles: editors },
      summary: 'Delete a notice (admin, kitting, sales)',
      params: idParams,
      reply: z.object({ id: z.string() }),
    },
    ({ access, params }) => notices.remove(access, params.id),
  );
}
