// Live camera's time: what the server streamed, not what a browser says. The browser's heartbeats
// only say it is still there; a player that never beats (or beats seldom) used to watch for free,
// so the stream route counts each camera's stream itself, from when it starts sending until it
// stops:
// - Each count adds the time since the later of the stream's start and the view's last count, so
//   a view's cameras (one connection each, maybe on different replicas) count their overlap once;
//   the time the device is away is not counted.
// - The seconds a view's total begins leave the month's remaining time in the same transaction (a
//   second begun is charged: short views cannot slip through under a second each).
// - At its allowance (or at no time left) the view ends at that moment; the count answers how
//   long is left, so the route counts again then and cuts the stream at once.
// - A user's views of one vehicle in a row share the continuous playback time: a new view may last
//   what that run has left. The run ends after a pause of continuousPauseSeconds with none of them
//   streaming, so closing and reopening a view does not start the limit again.
import { continuousPauseSeconds, type LiveEndReason } from '@fleetlens/contracts';
import type { DatabaseHandle, Queryable } from '../../db/client.ts';
import { customerLive, spendRemaining } from './repository.ts';
import { addStreamed, lockStreamedView, watcherViews } from './time.repository.ts';

/** The views looked at to find a run of watching (far more than a run of a few minutes holds). */
const RUN_VIEWS = 200;

export interface StreamCount {
  /** Whether the view still plays: false, the stream is cut. */
  plays: boolean;
  /** Seconds of its allowance left. */
  leftSeconds: number;
}

/** Counts one stream of `viewId`, opened now on the server's `clock`, each time it is asked. */
export function streamCounter(database: DatabaseHandle, viewId: string, clock: () => number) {
  const since = clock();
  return {
    count: (): Promise<StreamCount> =>
      database.transaction(async (tx) => {
        const view = await lockStreamedView(tx, viewId);
        if (!view) return { plays: false, leftSeconds: 0 };
        // Up to now, or to the view's end when it ended meanwhile (stopped, idle, another camera's limit).
        const until = view.ended_at === null ? clock() : Math.min(clock(), view.ended_at);
        const from = Math.max(since, view.counted_until);
        const span = view.online ? Math.max(0, until - from) / 1000 : 0;
        const seconds = Math.max(0, Math.min(span, view.allowed_seconds - view.watched_seconds));
        const watched = view.watched_seconds + seconds;
        const spent = Math.ceil(watched) - Math.ceil(view.watched_seconds);
        const remaining =
          spent > 0
            ? await spendRemaining(tx, view.customer_id, spent)
            : (await customerLive(tx, view.customer_id)).remaining_seconds;
        let end: LiveEndReason | null = null;
        if (view.ended_at === null && watched >= view.allowed_seconds) end = 'limit';
        else if (view.ended_at === null && remaining <= 0) end = 'no-time-left';
        await addStreamed(tx, viewId, { seconds, until, end });
        return {
          plays: view.ended_at === null && end === null,
          leftSeconds: view.allowed_seconds - watched,
        };
      }),
  };
}

export type ContinuousRun = { ok: true; leftSeconds: number } | { ok: false; waitSeconds: number };

/**
 * What is left of the continuous playback time for `userId` on `vehicleId` at `now`: the run of
 * their views back to the last pause long enough, summed (views side by side count each).
 */
export async function continuousLeft(
  tx: Queryable,
  watcher: { userId: string; vehicleId: string },
  continuousSeconds: number,
  now: number,
): Promise<ContinuousRun> {
  const pause = continuousPauseSeconds(continuousSeconds) * 1000;
  let boundary = now;
  let used = 0;
  let lastWatched: number | undefined;
  for (const view of await watcherViews(tx, watcher, RUN_VIEWS)) {
    // An open view may be streaming this moment.
    const last = view.open ? now : view.counted_until;
    if (last < boundary - pause) break;
    lastWatched = Math.max(lastWatched ?? last, last);
    used += view.watched_seconds;
    boundary = Math.min(boundary, view.started_at);
  }
  const left = Math.floor(continuousSeconds - used);
  if (left >= 1 || lastWatched === undefined) return { ok: true, leftSeconds: Math.max(left, 0) };
  return { ok: false, waitSeconds: Math.max(1, Math.ceil((lastWatched + pause - now) / 1000)) };
}
