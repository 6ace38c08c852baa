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
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../platform/access.ts';
import { type AuditedWrite, audited } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import { ApiError, found } from '../../platform/errors.ts';
import type { Platform } from '../../platform/index.ts';
import { startJob } from '../../platform/jobs.ts';
import { pageOf } from '../../platform/lists.ts';
import { isStaff } from '../../platform/tenancy.ts';
import { noticeMoments } from './moments.ts';
import {
  type Audience,
  deleteNotification,
  destinationsOf,
  findNotification,
  listNotifications,
  saveNotification,
  unknownCustomers,
  type Window,
} from './repository.ts';
import { unreadNotificationCount } from './unread.ts';

const idParams = z.object({ id: z.uuid() });

export async function registerNotifications(app: FastifyInstance, platform: Platform): Promise<void> {
  const { database, access, hub, envelope } = platform;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];
  const editors = routeRoles('notificationNew');
  // Every write is recorded in the audit log (platform/audit.ts), destinations included.
  const audit = (request: FastifyRequest, action: AuditedWrite['action'], id?: string): AuditedWrite => ({
    actor: principalOf(request),
    entity: 'notification',
    table: 'notifications',
    action,
    id,
    extra: destinationsOf,
  });

  const mustFind = async (audience: Audience, id: string | undefined) =>
    found(id ? await findNotification(database, audience, id) : undefined);

  const audienceOf = (request: FastifyRequest): Audience => {
    const me = principalOf(request);
    return isStaff(me) ? 'everyone' : { customerId: me.customerId };
  };

  /** Every connected browser gets its new count after a notice changes. */
  const pushCounts = () =>
    hub.broadcast(async (p) => ({
      type: 'unread-count',
      data: { unreadNotificationCount: await unreadNotificationCount(database, p) },
    }));

  // Counts change again when a notice's publish or expiry time comes: a job pushes them then.
  const moments = startJob(noticeMoments(database, pushCounts), app.log);
  app.addHook('onClose', () => moments.stop());

  hub.whenReady(async (principal, send) => {
    const count = await unreadNotificationCount(database, principal);
    send({ type: 'unread-count', data: { unreadNotificationCount: count } });
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
    async (request) =>
      ok({ unreadNotificationCount: await unreadNotificationCount(database, principalOf(request)) }),
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
      async (request) => {
        return ok(
          pageOf(
            request.query,
            await listNotifications(database, audienceOf(request), window, request.query),
          ),
        );
      },
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
    async (request) => ok(await mustFind(audienceOf(request), request.params.id)),
  );

  async function checkDestinations(ids: string[]) {
    const unknown = await unknownCustomers(database, ids);
    if (unknown.length > 0)
      throw new ApiError('validation', { fields: [{ field: 'destinations', key: 'customerNotFound' }] });
  }

  routes.post(
    '/notifications',
    {
      preValidation: access({ roles: editors }),
      schema: {
        tags,
        summary: 'Publish a notice (admin, kitting, sales)',
        body: notificationBodySchema,
        response: { 201: envelope(notificationSchema) },
      },
    },
    async (request, reply) => {
      await checkDestinations(request.body.destinations);
      const id = await audited(database, audit(request, 'create'), (tx) =>
        saveNotification(tx, request.body, principalOf(request).userId),
      );
      await pushCounts();
      moments.wake();
      return reply.status(201).send(ok(await mustFind('everyone', id)));
    },
  );

  routes.put(
    '/notifications/:id',
    {
      preValidation: access({ roles: editors }),
      schema: {
        tags,
        summary: 'Edit a notice (admin, kitting, sales)',
        params: idParams,
        body: notificationBodySchema,
        response: { 200: envelope(notificationSchema) },
      },
    },
    async (request) => {
      await checkDestinations(request.body.destinations);
      const id = await audited(database, audit(request, 'update', request.params.id), (tx) =>
        saveNotification(tx, request.body, principalOf(request).userId, request.params.id),
      );
      if (!id) throw new ApiError('notFound');
      await pushCounts();
      moments.wake();
      return ok(await mustFind('everyone', id));
    },
  );

  routes.delete(
    '/notifications/:id',
    {
      preValidation: access({ roles: editors }),
      schema: {
        tags,
        summary: 'Delete a notice (admin, kitting, sales)',
        params: idParams,
        response: { 200: envelope(z.object({ id: z.string() })) },
      },
    },
    async (request) => {
      const deleted = await audited(database, audit(request, 'delete', request.params.id), async (tx) =>
        (await deleteNotification(tx, request.params.id)) ? request.params.id : undefined,
      );
      if (!deleted) throw new ApiError('notFound');
      await pushCounts();
      return ok({ id: request.params.id });
    },
  );
}
