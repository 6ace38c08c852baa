// The plane geometry of site safety zones (docs/decisions/2026-12-07-zones.md): a zone is one ring
// of longitude/latitude points, small enough (a site) that degrees are treated as a plane. Pure
// functions, read by the contracts' zone schema (a ring that crosses itself is refused) and by the
// server's evaluation of positions (bounding box, then point in polygon).

/** [longitude, latitude] */
export type LngLat = readonly [number, number];

/** The ring without its closing point (GeoJSON repeats the first point at the end). */
export function openRing(points: readonly LngLat[]): LngLat[] {
  const first = points[0];
  const last = points.at(-1);
  const closed = points.length > 1 && first && last && first[0] === last[0] && first[1] === last[1];
  return closed ? points.slice(0, -1) : [...points];
}

/** The ring closed as GeoJSON writes it: the first point again at the end. */
export function closedRing(points: readonly LngLat[]): LngLat[] {
  const ring = openRing(points);
  return ring.length > 0 ? [...ring, ring[0] as LngLat] : [];
}

/** How many different points the ring has. */
export function distinctPoints(points: readonly LngLat[]): number {
  return new Set(points.map(([lng, lat]) => `${lng},${lat}`)).size;
}

const cross = (o: LngLat, a: LngLat, b: LngLat) =>
  (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
const sign = (v: number) => (v > 0 ? 1 : v < 0 ? -1 : 0);
const within = (p: LngLat, a: LngLat, b: LngLat) =>
  Math.min(a[0], b[0]) <= p[0] &&
  p[0] <= Math.max(a[0], b[0]) &&
  Math.min(a[1], b[1]) <= p[1] &&
  p[1] <= Math.max(a[1], b[1]);

/** Whether the segments a-b and c-d meet (touching counts). */
export function segmentsMeet(a: LngLat, b: LngLat, c: LngLat, d: LngLat): boolean {
  const d1 = sign(cross(c, d, a));
  const d2 = sign(cross(c, d, b));
  const d3 = sign(cross(a, b, c));
  const d4 = sign(cross(a, b, d));
  if (d1 * d2 < 0 && d3 * d4 < 0) return true;
  return (
    (d1 === 0 && within(a, c, d)) ||
    (d2 === 0 && within(b, c, d)) ||
    (d3 === 0 && within(c, a, b)) ||
    (d4 === 0 && within(d, a, b))
  );
}

/**
 * Whether the ring crosses or touches itself: two edges that are not neighbours meet, or two
 * neighbours fold back over each other, or a point repeats. O(n²): a zone has at most
 * ZONE_MAX_POINTS points.
 */
export function ringCrossesItself(points: readonly LngLat[]): boolean {
  const ring = openRing(points);
  const n = ring.length;
  if (distinctPoints(ring) !== n) return true;
  const at = (i: number) => ring[i % n] as LngLat;
  for (let i = 0; i < n; i += 1) {
    for (let j = i + 1; j < n; j += 1) {
      const neighbours = j === i + 1 || (i === 0 && j === n - 1);
      if (neighbours) {
        // Neighbours share one point; they overlap only when they fold back along one line.
        const shared = j === i + 1 ? at(j) : at(i);
        const p = j === i + 1 ? at(i) : at(j);
        const q = j === i + 1 ? at(j + 1) : at(i + 1);
        if (
          cross(shared, p, q) === 0 &&
          (p[0] - shared[0]) * (q[0] - shared[0]) + (p[1] - shared[1]) * (q[1] - shared[1]) > 0
        )
          return true;
        continue;
      }
      if (segmentsMeet(at(i), at(i + 1), at(j), at(j + 1))) return true;
    }
  }
  return false;
}

export interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

export function boxOf(points: readonly LngLat[]): Box {
  const box = { west: Infinity, south: Infinity, east: -Infinity, north: -Infinity };
  for (const [lng, lat] of points) {
    box.west = Math.min(box.west, lng);
    box.east = Math.max(box.east, lng);
    box.south = Math.min(box.south, lat);
    box.north = Math.max(box.north, lat);
  }
  return box;
}

export const inBox = (box: Box, lng: number, lat: number) =>
  lng >= box.west && lng <= box.east && lat >= box.south && lat <= box.north;

/** Whether the point lies inside the ring (even-odd rule; a point on an edge may fall either way). */
export function pointInRing(lng: number, lat: number, points: readonly LngLat[]): boolean {
  const ring = openRing(points);
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const [xi, yi] = ring[i] as LngLat;
    const [xj, yj] = ring[j] as LngLat;
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
