import { notificationResource } from '@fleetlens/contracts';
import { type IsolationWalk, resourceRoutes } from '../walks.ts';

const notices = resourceRoutes(notificationResource, 'notice');

const inHours = (hours: number) =>
  new Date(Date.now() + hours * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

export const walk: IsolationWalk = {
  notTenantOwned: ['GET /api/v1/notifications/unread-count'],
  openToEveryUser: ['GET /api/v1/notifications', 'GET /api/v1/notifications/expired', notices.one],
  objects: notices.objects,
  async seed({ query, insert, b }) {
    // A notice published to B only.
    b.notice = await insert(
      `INSERT INTO notifications (title, description, type, publish_date, expire_date)
       VALUES ('Other news', 'x', 'other', now() - interval '1 hour', now() + interval '1 day') RETURNING id`,
    );
    await query('INSERT INTO notification_destinations (notification_id, customer_id) VALUES ($1, $2)', [
      b.notice,
      b.customer,
    ]);
  },
  bodies: (b) => {
    const notice = {
      title: 'Sneaky',
      description: 'x',
      type: 'other',
      destinations: [b.customer],
      publish_date: inHours(-1),
      expire_date: inHours(1),
    };
    return {
      [notices.create]: notice,
      [notices.update]: { ...notice, title: 'Taken over' },
    };
  },
  markers: () => ['Other news'],
  snapshot: (query, b) =>
    query(
      `SELECT (SELECT json_agg(n ORDER BY n.id) FROM notifications n WHERE n.id = $1) AS b,
              (SELECT count(*) FROM notifications WHERE title = 'Sneaky') AS created`,
      [b.notice],
    ),
};
