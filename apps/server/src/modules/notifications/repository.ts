// Notices in the database. A customer's user sees the notices published to all and those
// addressed to their company; the provider's staff see every notice (they write them). Also the
// bell's count and the moments at which it changes by itself.
import type { ListQuery, Notification, NotificationBody } from '@fleetlens/contracts';
import type { DatabaseHandle, Queryable } from '../../db/client.ts';
import { likePattern, type Ordering, pageRows } from '../../platform/lists.ts';
import { columnsOf, firstRow, type StampRow, stamps } from '../../platform/rows.repository.ts';

export type Audience = { customerId: string } | 'everyone';
export type Window = 'current' | 'expired';

const SELECT = `
  SELECT n.id, n.title, n.description, n.type, n.is_publish_to_all, n.release_note_url_text,
         n.release_note_url, n.external_url_text, n.external_url, n.created_at, n.updated_at,
         to_char(n.publish_date AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS publish_text,
         to_char(n.expire_date AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS expire_text,
         coalesce((SELECT json_agg(json_build_object('id', c.id, 'name', c.name) ORDER BY c.name)
                     FROM notification_destinations d JOIN customers c ON c.id = d.customer_id
                    WHERE d.notification_id = n.id), '[]') AS dest
    FROM notifications n`;

// $1: the audience's customer, or NULL for everyone.
const AUDIENCE = `($1::uuid IS NULL OR n.is_publish_to_all OR EXISTS (
    SELECT 1 FROM notification_destinations d WHERE d.notification_id = n.id AND d.customer_id = $1))`;
const WINDOWS: Record<Window, string> = {
  current: 'n.publish_date <= now() AND n.expire_date > now()',
  expired: 'n.expire_date <= now()',
};

/** A row of SELECT: the notice's columns (links NULL when empty), its window as text, its destinations. */
type Row = Pick<Notification, 'id' | 'title' | 'description' | 'type' | 'is_publish_to_all'> & {
  release_note_url_text: string | null;
  release_note_url: string | null;
  external_url_text: string | null;
  external_url: string | null;
  publish_text: string;
  expire_text: string;
  /** As the driver answers json_agg: parsed, or its text. */
  dest: Notification['destinations'] | string;
} & StampRow;

function toNotification(row: Row): Notification {
  return {
    ...columnsOf(row, ['id', 'title', 'description', 'type', 'is_publish_to_all']),
    destinations: typeof row.dest === 'string' ? JSON.parse(row.dest) : row.dest,
    publish_date: row.publish_text,
    expire_date: row.expire_text,
    release_note_url_text: row.release_note_url_text ?? '',
    release_note_url: row.release_note_url ?? '',
    external_url_text: row.external_url_text ?? '',
    external_url: row.external_url ?? '',
    ...stamps(row),
  };
}

/** What a list sorts by: the day it is published (the default) or the day it expires. */
const ORDER: Ordering = {
  alias: 'n',
  plain: ['publish_date', 'expire_date'],
  fallback: 'publish_date',
  descending: true,
};

const audienceParam = (audience: Audience) => (audience === 'everyone' ? null : audience.customerId);

export async function listNotifications(
  database: DatabaseHandle,
  audience: Audience,
  window: Window,
  query: ListQuery,
): Promise<{ list: Notification[]; total: number }> {
  const where = `WHERE ${AUDIENCE} AND ${WINDOWS[window]}
                   AND ($2::text IS NULL OR lower(n.title) LIKE $2 OR lower(n.description) LIKE $2)`;
  const params = [audienceParam(audience), likePattern(query.filter)];
  const sql = { select: SELECT, count: 'FROM notifications n', where, order: ORDER };
  return pageRows(database, sql, params, query, toNotification);
}

export const findNotification = (database: DatabaseHandle, audience: Audience, id: string) =>
  firstRow(
    database,
    `${SELECT} WHERE n.id = $2 AND ${AUDIENCE}`,
    [audienceParam(audience), id],
    toNotification,
  );

export type SavedNotification = NotificationBody & {
  destinations: string[];
  release_note_url_text: string;
  release_note_url: string;
  external_url_text: string;
  external_url: string;
  is_publish_to_all: boolean;
};

const nullable = (v: string) => (v === '' ? null : v);

/** Creates (id undefined) or replaces a notice and its destinations; run it in a transaction. */
export async function saveNotification(
  tx: Queryable,
  body: SavedNotification,
  createdBy: string,
  id?: string,
): Promise<string | undefined> {
  const values = [
    body.title,
    body.description,
    body.type,
    body.is_publish_to_all,
    `${body.publish_date.length === 16 ? `${body.publish_date}:00` : body.publish_date}+00`,
    `${body.expire_date.length === 16 ? `${body.expire_date}:00` : body.expire_date}+00`,
    nullable(body.release_note_url_text),
    nullable(body.release_note_url),
    nullable(body.external_url_text),
    nullable(body.external_url),
  ];
  {
    let savedId = id;
    if (id) {
      const rows = await tx.query(
        `UPDATE notifications SET title = $2, description = $3, type = $4, is_publish_to_all = $5,
                publish_date = $6, expire_date = $7, release_note_url_text = $8, release_note_url = $9,
                external_url_text = $10, external_url = $11, updated_at = now()
          WHERE id = $1 RETURNING id`,
        [id, ...values],
      );
      if (rows.length === 0) savedId = undefined;
      else await tx.query('DELETE FROM notification_destinations WHERE notification_id = $1', [id]);
    } else {
      const [row] = await tx.query<{ id: string }>(
        `INSERT INTO notifications (title, description, type, is_publish_to_all, publish_date, expire_date,
                                    release_note_url_text, release_note_url, external_url_text, external_url, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
        [...values, createdBy],
      );
      savedId = row?.id;
    }
    if (savedId && !body.is_publish_to_all && body.destinations.length > 0) {
      await tx.query(
        `INSERT INTO notification_destinations (notification_id, customer_id)
         SELECT $1, c.id FROM customers c WHERE c.id = ANY($2::uuid[])`,
        [savedId, body.destinations],
      );
    }
    return savedId;
  }
}

/** A notice's destinations, as the audit log keeps them beside its row. */
export async function destinationsOf(tx: Queryable, id: string): Promise<{ destinations: string[] }> {
  const rows = await tx.query<{ customer_id: string }>(
    'SELECT customer_id FROM notification_destinations WHERE notification_id = $1 ORDER BY customer_id',
    [id],
  );
  return { destinations: rows.map((r) => r.customer_id) };
}

export async function deleteNotification(database: Queryable, id: string): Promise<boolean> {
  return (await database.query('DELETE FROM notifications WHERE id = $1 RETURNING id', [id])).length > 0;
}

export async function unknownCustomers(database: DatabaseHandle, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await database.query<{ id: string }>('SELECT id FROM customers WHERE id = ANY($1::uuid[])', [
    ids,
  ]);
  const known = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

/** The bell's count (spec §4): notices in their window, addressed to the user's customer (or to
 *  all), published after the user last opened the list. */
export async function unreadCount(
  database: Queryable,
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

/** How many notices were published or expired in (since, now]. */
export async function momentsBetween(database: Queryable, since: Date, now: Date): Promise<number> {
  const [due] = await database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM notifications
      WHERE (publish_date > $1 AND publish_date <= $2) OR (expire_date > $1 AND expire_date <= $2)`,
    [since, now],
  );
  return due?.n ?? 0;
}

/** The next publish or expiry time after `now`, if any. */
export async function nextMoment(database: Queryable, now: Date): Promise<Date | undefined> {
  const [next] = await database.query<{ at: Date | string | null }>(
    `SELECT least((SELECT min(publish_date) FROM notifications WHERE publish_date > $1),
                  (SELECT min(expire_date) FROM notifications WHERE expire_date > $1)) AS at`,
    [now],
  );
  return next?.at ? new Date(next.at) : undefined;
}
