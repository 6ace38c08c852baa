// Playback of a track: where the vehicle was at a moment, between two recorded positions, and how
// the playback clock advances. Pure, so it is tested without a browser or a map.
import type { TrackPoint } from '@fleetlens/contracts';

export type PlaybackState = {
  /** The moment shown, epoch milliseconds. */
  time: number;
  lng: number;
  lat: number;
  speed: number;
  direction: number;
  /** Index of the last recorded point at or before `time`. */
  index: number;
};

/** Speeds offered: how many seconds of the track pass in one second of playback. */
export const PLAYBACK_SPEEDS = [1, 10, 30, 60, 300, 900] as const;

/** The index of the last point whose time is at or before `time` (binary search); -1 before the first. */
export function pointIndexAt(points: readonly TrackPoint[], time: number): number {
  let lo = 0;
  let hi = points.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((points[mid] as TrackPoint)[0] <= time) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** The shortest turn from one heading to another, so that 350° → 10° turns 20°, not 340°. */
export function turnBetween(from: number, to: number, share: number): number {
  const delta = ((((to - from) % 360) + 540) % 360) - 180;
  return (from + delta * share + 360) % 360;
}

/**
 * Where the vehicle was at `time`: on the straight line between the recorded points around it,
 * at the share of the time that had passed. Before the first point it stands at the first, after
 * the last at the last. Undefined for an empty track.
 */
export function positionAt(points: readonly TrackPoint[], time: number): PlaybackState | undefined {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return undefined;
  const at = (p: TrackPoint, index: number, t: number): PlaybackState => ({
    time: t,
    lng: p[1],
    lat: p[2],
    speed: p[3],
    direction: p[4],
    index,
  });
  if (time <= first[0]) return at(first, 0, time);
  if (time >= last[0]) return at(last, points.length - 1, time);
  const index = pointIndexAt(points, time);
  const a = points[index] as TrackPoint;
  const b = points[index + 1] as TrackPoint;
  const span = b[0] - a[0];
  const share = span > 0 ? (time - a[0]) / span : 0;
  return {
    time,
    lng: a[1] + (b[1] - a[1]) * share,
    lat: a[2] + (b[2] - a[2]) * share,
    speed: a[3] + (b[3] - a[3]) * share,
    direction: turnBetween(a[4], b[4], share),
    index,
  };
}

/**
 * The playback clock one frame later: `elapsedMs` of real time at `speed` seconds of track per
 * second. Stops at `end`; answers whether it reached it.
 */
export function advance(
  time: number,
  elapsedMs: number,
  speed: number,
  end: number,
): { time: number; done: boolean } {
  const next = time + elapsedMs * speed;
  return next >= end ? { time: end, done: true } : { time: next, done: false };
}
