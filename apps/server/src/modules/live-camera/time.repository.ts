// The SQL of live camera's time (time.service.ts holds the rules): what the server streamed to a
// view, counted under a lock on the view; the viewer's presence; a user's views of a vehicle in a
// row; and the views that end by themselves. Times are the server's clock, handed in as
// milliseconds since the epoch, so that one clock measures a view from start to end.
import type { LiveEndReason } from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';

const ms = (column: string) => `(extract(epoch FROM ${column}) * 1000)::float8`;
const at = (index: number) => `to_timestamp($${index}::float8 / 1000)`;

/** A view as its streams count it: no scope (the signed stream address is the permission). */
export interface StreamedView {
  id: string;
  customer_id: string;
  allowed_seconds: number;
  watched_seconds: number;
  /** The last moment a stream of the view was counted (ms). */
  counted_until: number;
  /** When it ended (ms), null while it plays. */
  ended_at: number | null;
  /** Whether the device is connected: its absence is not counted. */
  online: boolean;
}

/** The view, locked for the transaction: one count at a time, whichever camera or replica counts. */
export async function lockStreamedView(db: Queryable, id: string): Promise<StreamedView | undefined> {
  const [row] = await db.query<StreamedView>(
    `SELECT v.id, v.customer_id, v.allowed_seconds, v.watched_seconds, ${ms('v.counted_until')} AS counted_until,
            ${ms('v.ended_at')} AS ended_at, coalesce(s.online, false) AS online
       FROM live_camera_views v
       LEFT JOIN device_states s ON s.device_pk = v.device_pk AND s.customer_id = v.customer_id
      WHERE v.id = $1 FOR UPDATE OF v`,
    [id],
  );
  return row;
}

/** Adds streamed seconds counted up to `until`; with `end`, the view ends at `until` for that reason. */
export async function addStreamed(
  db: Queryable,
  id: string,
  count: { seconds: number; until: number; end: LiveEndReason | null },
): Promise<void> {
  await db.query(
    `UPDATE live_camera_views
        SET watched_seconds = watched_seconds + $2, counted_until = greatest(counted_until, ${at(3)}),
            ended_at = CASE WHEN ended_at IS NULL AND $4::text IS NOT NULL THEN ${at(3)} ELSE ended_at END,
            end_reason = CASE WHEN ended_at IS NULL AND $4::text IS NOT NULL THEN $4 ELSE end_reason END
      WHERE id = $1`,
    [id, count.seconds, count.until, count.end],
  );
}

/** The viewer is still there (a heartbeat), or has stopped (`end`). */
export async function markSeen(
  db: Queryable,
  id: string,
  now: number,
  end: LiveEndReason | null,
): Promise<void> {
  await db.query(
    `UPDATE live_camera_views SET seen_at = ${at(2)},
            ended_at = CASE WHEN $3::text IS NULL THEN NULL ELSE ${at(2)} END, end_reason = $3
      WHERE id = $1 AND ended_at IS NULL`,
    [id, now, end],
  );
}

export interface WatcherView {
  started_at: number;
  counted_until: number;
  watched_seconds: number;
  open: boolean;
}

/** The user's views of the vehicle, newest first: the start finds how long they have watched in a row. */
export async function watcherViews(
  db: Queryable,
  watcher: { userId: string; vehicleId: string },
  limit: number,
): Promise<WatcherView[]> {
  return db.query<WatcherView>(
    `SELECT ${ms('started_at')} AS started_at, ${ms('counted_until')} AS counted_until, watched_seconds,
            ended_at IS NULL AS open
       FROM live_camera_views WHERE user_id = $1 AND vehicle_id = $2
      ORDER BY started_at DESC LIMIT $3`,
    [watcher.userId, watcher.vehicleId, limit],
  );
}

/**
 * Ends the views whose viewer has been silent `idleSeconds` (idle), and those open longer than
 * their allowance and `idleSeconds` more (limit: a view that never streamed its time, its device
 * away or its player never opened, does not keep the device publishing).
 */
export async function endSilentViews(db: Queryable, now: number, idleSeconds: number): Promise<number> {
  const rows = await db.query(
    `UPDATE live_camera_views
        SET ended_at = ${at(1)},
            end_reason = CASE WHEN seen_at < ${at(1)} - make_interval(secs => $2) THEN 'idle' ELSE 'limit' END
      WHERE ended_at IS NULL
        AND (seen_at < ${at(1)} - make_interval(secs => $2)
             OR started_at + make_interval(secs => allowed_seconds + $2) < ${at(1)})
      RETURNING id`,
    [now, idleSeconds],
  );
  return rows.length;
}
