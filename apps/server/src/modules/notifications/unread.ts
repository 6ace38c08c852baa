// The bell's count (spec §4): notices in their publication window, addressed to the user's
// customer (or to all), published after the user last opened the list.
import type { DatabaseHandle } from '../../db/client.ts';

export async function unreadNotificationCount(
  database: DatabaseHandle,
  user: { userId: string; customerId: string },
): Promise<number> {
  const rows = await database.query<{ count: string | number }>(
    `SELECT count(*) AS count
       FROM notifications n
       JOIN users u ON u.id = $1 AND u.customer_id = $2
      WHERE n.publish_date <= now() AND n.expire_date > now()
        AND (u.opened_notification_at IS NULL OR n.publish_date > u.opened_notification_at)
        AND (n.is_publish_to_all OR EXISTS (
              SELECT 1 FROM notification_destinations d
               WHERE d.notification_id = n.id AND d.customer_id = u.customer_id))`,
    [user.userId, user.customerId],
  );
  return Number(rows[0]?.count ?? 0);
}
