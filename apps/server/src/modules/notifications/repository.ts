// Notices in the database. A customer's user sees the notices published to all and those
// addressed to their company; the provider's staff see every notice (they write them).
import type { ListQuery, Notification, NotificationBody } from '@fleetlens/contracts';
import type { DatabaseHandle, Queryable } from '../../db/client.ts';
import { likePattern, pageWindow } from '../../platform/lists.ts';

export type Audience = { customerId: string } | 'everyone';
export type Window = 'current' | 'expired';

const SELECT = `
  SELECT n.*, to_char(n.publish_date AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS publish_text,
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

type Row = Record<string, unknown> & { id: string; dest: unknown; publish_text: string; expire_text: string };

function toNotification(row: Row): Notification {
  const dest = typeof row.dest === 'string' ? JSON.parse(row.dest) : row.dest;
  return {
    id: row.id,
    title: String(row.title),
    description: String(row.description),
    type: row.type as Notification['type'],
    is_publish_to_all: Boolean(row.is_publish_to_all),
    destinations: dest as Notification['destinations'],
    publish_date: row.publish_text,
    expire_date: row.expire_text,
    release_note_url_text: String(row.release_note_url_text ?? ''),
    release_note_url: String(row.release_note_url ?? ''),
    external_url_text: String(row.external_url_text ?? ''),
    external_url: String(row.external_url ?? ''),
    created_at: new Date(row.created_at as string).toISOString(),
    updated_at: new Date(row.updated_at as string).toISOString(),
  };
}

const audienceParam = (audience: Audience) => (audience === 'everyone' ? null : audience.customerId);

export async function listNotifications(
  database: DatabaseHandle,
  audience: Audience,
  window: Window,
  query: ListQuery,
): Promise<{ list: Notification[]; total: number }> {
  const filter = likePattern(query.filter);
  const where = `WHERE ${AUDIENCE} AND ${WINDOWS[window]}
                   AND ($2::text IS NULL OR lower(n.title) LIKE $2 OR lower(n.description) LIKE $2)`;
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  const column = query.order_by === 'expire_date' ? 'n.expire_date' : 'n.publish_date';
  const rows = await database.query<Row>(
    `${SELECT} ${where} ORDER BY ${column} ${direction}, n.id LIMIT $3 OFFSET $4`,
    [audienceParam(audience), filter, ...pageWindow(query)],
  );
  const [count] = await database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM notifications n ${where}`,
    [audienceParam(audience), filter],
  );
  return { list: rows.map(toNotification), total: count?.n ?? 0 };
}

export async function findNotification(
  database: DatabaseHandle,
  audience: Audience,
  id: string,
): Promise<Notification | undefined> {
  const [row] = await database.query<Row>(`${SELECT} WHERE n.id = $2 AND ${AUDIENCE}`, [
    audienceParam(audience),
    id,
  ]);
  return row ? toNotification(row) : undefined;
}

type Saved = NotificationBody & {
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
  body: Saved,
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
