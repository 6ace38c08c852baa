// The one-time upload addresses' SQL (0048_one_time_uploads.sql; their rules: uploads.ts). Taking
// and accepting a slot are conditional updates, so two requests or two replicas never both win.
import type { Queryable } from '../db/client.ts';

export async function insertSlot(
  db: Queryable,
  slot: { key: string; owner: string; expiresAt: Date },
): Promise<void> {
  await db.query('INSERT INTO upload_slots (object_key, owner_id, expires_at) VALUES ($1, $2, $3)', [
    slot.key,
    slot.owner,
    slot.expiresAt,
  ]);
}

/**
 * Takes the slot for one upload: 'taken' when this request won it, 'used' when an upload to it
 * was already taken (or its object accepted), 'unknown' when no address names this key.
 */
export async function takeSlot(db: Queryable, key: string): Promise<'taken' | 'used' | 'unknown'> {
  const taken = await db.query(
    `UPDATE upload_slots SET used_at = now()
      WHERE object_key = $1 AND used_at IS NULL AND accepted_at IS NULL RETURNING object_key`,
    [key],
  );
  if (taken.length > 0) return 'taken';
  const [known] = await db.query('SELECT 1 FROM upload_slots WHERE object_key = $1', [key]);
  return known ? 'used' : 'unknown';
}

/** Gives the slot back after an upload that did not arrive whole (nothing was stored). */
export async function releaseSlot(db: Queryable, key: string): Promise<void> {
  await db.query('UPDATE upload_slots SET used_at = NULL WHERE object_key = $1 AND accepted_at IS NULL', [
    key,
  ]);
}

/** The owner's slots not yet accepted, newest first (an address re-sent makes a newer one). */
export async function openSlotsOf(db: Queryable, owner: string, limit: number): Promise<string[]> {
  const rows = await db.query<{ object_key: string }>(
    `SELECT object_key FROM upload_slots WHERE owner_id = $1 AND accepted_at IS NULL
      ORDER BY created_at DESC LIMIT $2`,
    [owner, limit],
  );
  return rows.map((r) => r.object_key);
}

/** Marks the slot's object accepted, once: false when it was accepted already. */
export async function acceptSlot(db: Queryable, key: string, owner: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE upload_slots SET accepted_at = now(), used_at = coalesce(used_at, now())
      WHERE object_key = $1 AND owner_id = $2 AND accepted_at IS NULL RETURNING object_key`,
    [key, owner],
  );
  return rows.length > 0;
}

/** Slots whose address expired before `before`, oldest first. */
export async function expiredSlots(db: Queryable, before: Date, limit: number): Promise<string[]> {
  const rows = await db.query<{ object_key: string }>(
    'SELECT object_key FROM upload_slots WHERE expires_at < $1 ORDER BY expires_at LIMIT $2',
    [before, limit],
  );
  return rows.map((r) => r.object_key);
}

export async function deleteSlots(db: Queryable, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.query('DELETE FROM upload_slots WHERE object_key = ANY($1::text[])', [keys]);
}
