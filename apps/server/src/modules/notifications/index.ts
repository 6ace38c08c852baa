// Notices (console spec §3, §4, §7): current and expired lists, one notice, create, edit and
// delete for admin, kitting and sales, and the bell's unread count, by REST and pushed on the
// live channel whenever a notice changes.
import { notificationResource, unreadCountAnswerSchema } from '@fleetlens/contracts';
import { op, resource, routeModule } from '../../platform/routes.ts';
import { noticeMoments } from './moments.ts';
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

  resource(route, notificationResource, {
    service: { list: (access, query) => notices.list(access, 'current', query) },
    list: { rule: signedIn, summary: 'Current notices for the caller, newest first' },
  });
  // The expired notices: the same list in another window, at a path of its own.
  resource(route, `${notificationResource.path}/expired`, {
    ...notificationResource,
    service: { list: (access, query) => notices.list(access, 'expired', query) },
    list: { rule: signedIn, summary: 'Expired notices for the caller, newest first' },
  });

  // Whoever may publish a notice edits and deletes it.
  const editors = notificationResource.pages.new;
  resource(route, notificationResource, {
    service: { get: notices.get, create: notices.create, update: notices.update, remove: notices.remove },
    get: { rule: signedIn, summary: 'One notice' },
    create: { summary: 'Publish a notice (admin, kitting, sales)' },
    edit: { rule: editors, summary: 'Edit a notice (admin, kitting, sales)' },
    remove: { rule: editors, summary: 'Delete a notice (admin, kitting, sales)' },
  });
});
