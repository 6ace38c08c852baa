// Notices: the unread count for the bell, by REST and pushed on the live channel.
// (The notices list and its editor come with the notification screens.)
import { unreadCountAnswerSchema } from '@fleetlens/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/index.ts';
import { unreadNotificationCount } from './unread.ts';

export async function registerNotifications(app: FastifyInstance, platform: Platform): Promise<void> {
  const { database, access, hub, envelope } = platform;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/notifications/unread-count',
    {
      preHandler: access(),
      schema: {
        tags: ['notifications'],
        summary: 'How many current notices the caller has not seen',
        response: { 200: envelope(unreadCountAnswerSchema) },
      },
    },
    async (request) => {
      const count = await unreadNotificationCount(database, principalOf(request));
      return ok({ unreadNotificationCount: count });
    },
  );

  hub.whenReady(async (principal, send) => {
    const count = await unreadNotificationCount(database, principal);
    send({ type: 'unread-count', data: { unreadNotificationCount: count } });
  });
}
