// Notices (console spec §3, §4, §7): current and expired lists, one notice, create, edit and
// delete for admin, kitting and sales, and the bell's unread count, by REST and pushed on the
// live channel whenever a notice changes.
import {
  listQuerySchema,
  notificationBodySchema,
  notificationSchema,
  unreadCountAnswerSchema,
} from '@fleetlens/contracts';
import { op, resource, routeModule } from '../../platform/routes.ts';
import { noticeMoments } from './moments.ts';
import type { Window } from './repository.ts';
import { notificationService } from './service.ts';

export const registerNotifications = routeModule(['notifications'], async (route, platform, app) => {
  const { database, hub } = platform;
  const notices = notificationService(database, hub);
  // Every signed-in user reads the notices meant for them (service.ts); the editors write them.
  const signedIn = {};

  // Counts change again when a notice's publish or expiry time comes: a job pushes them then.
  const moments = platform.jobs.start(noticeMoments(database, notices.pushCounts));
  notices.watchMoments(moments);
  app.addHook('onClose', () => moments.stop());

  hub.whenReady(async (principal, send) => {
    send({ type: 'unread-count', data: { unreadNotificationCount: await notices.unread(principal) } });
  });

  route.get(
    '/notifications/unread-count',
    op(signedIn, 'How many current notices the caller has not seen', { reply: unreadCountAnswerSchema }),
    ({ access }) => notices.unreadOf(access),
  );

  const notice = {
    record: notificationSchema,
    query: listQuerySchema,
    body: notificationBodySchema,
    update: notificationBodySchema,
  };
  const list = (window: Window, path: string, summary: string) =>
    resource(route, path, {
      ...notice,
      service: { list: (access, query) => notices.list(access, window, query) },
      list: { rule: signedIn, summary },
    });
  list('current', '/notifications', 'Current notices for the caller, newest first');
  list('expired', '/notifications/expired', 'Expired notices for the caller, newest first');

  resource(route, '/notifications', {
    ...notice,
    service: { get: notices.get, create: notices.create, update: notices.update, remove: notices.remove },
    get: { rule: signedIn, summary: 'One notice' },
    create: { rule: 'notificationNew', summary: 'Publish a notice (admin, kitting, sales)' },
    edit: { rule: 'notificationNew', summary: 'Edit a notice (admin, kitting, sales)' },
    remove: { rule: 'notificationNew', summary: 'Delete a notice (admin, kitting, sales)' },
  });
});
