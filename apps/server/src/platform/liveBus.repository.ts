// The live bus's SQL: NOTIFY on its channel, and the messages too large for a NOTIFY payload.
import type { Queryable } from '../db/client.ts';

export async function notify(db: Queryable, channel: string, payload: string): Promise<void> {
  await db.query('SELECT pg_notify($1, $2)', [channel, payload]);
}

export async function keepLargeMessage(db: Queryable, body: string): Promise<string> {
  const [row] = await db.query<{ id: string }>('INSERT INTO live_messages (body) VALUES ($1) RETURNING id', [
    body,
  ]);
  if (!row) throw new Error('live message not kept');
  return String(row.id);
}

export async function readLargeMessage(db: Queryable, id: string): Promise<string | undefined> {
  const [row] = await db.query<{ body: string }>('SELECT body FROM live_messages WHERE id = $1', [id]);
  return row?.body;
}

/** Large messages older than `seconds`: every replica has read them by then. */
export async function dropLargeMessages(db: Queryable, seconds: number): Promise<void> {
  await db.query('DELETE FROM live_messages WHERE created_at < now() - make_interval(secs => $1)', [seconds]);
}
