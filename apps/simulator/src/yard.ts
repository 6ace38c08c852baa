// A yard: rack aisles running north-south crossed by east-west driving lanes, laid out in metres
// around an origin and turned into latitude and longitude. Vehicles drive from intersection to
// intersection along the lanes, so their tracks look like a warehouse yard's, not random walks.

export interface Point {
  x: number;
  y: number;
}

export interface Yard {
  name: string;
  origin: { lat: number; lng: number };
  /** x of the north-south aisles, metres east of the origin */
  aisles: number[];
  /** y of the east-west lanes, metres north of the origin */
  lanes: number[];
}

/** A container yard by Tokyo Bay; every number here is editable without touching the model. */
export const DEMO_YARD: Yard = {
  name: 'Harbor Logistics, Oi wharf yard',
  origin: { lat: 35.6165, lng: 139.7755 },
  aisles: [0, 35, 70, 105, 140, 175],
  lanes: [0, 45, 90, 135],
};

const METRES_PER_DEGREE_LAT = 111_320;

export function toLatLng(yard: Yard, p: Point): { lat: number; lng: number } {
  const lat = yard.origin.lat + p.y / METRES_PER_DEGREE_LAT;
  const lng = yard.origin.lng + p.x / (METRES_PER_DEGREE_LAT * Math.cos((yard.origin.lat * Math.PI) / 180));
  return { lat: round(lat, 7), lng: round(lng, 7) };
}

/** The point of the yard at a latitude and longitude: toLatLng's inverse (a zone's ring, say). */
export function toPoint(yard: Yard, lat: number, lng: number): Point {
  return {
    x: (lng - yard.origin.lng) * METRES_PER_DEGREE_LAT * Math.cos((yard.origin.lat * Math.PI) / 180),
    y: (lat - yard.origin.lat) * METRES_PER_DEGREE_LAT,
  };
}

export const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/** Every intersection of an aisle and a lane: where vehicles turn, load and unload. */
export function intersections(yard: Yard): Point[] {
  return yard.aisles.flatMap((x) => yard.lanes.map((y) => ({ x, y })));
}

/**
 * The route between two intersections along the lanes: first along the current lane to the
 * target's aisle, then along that aisle. Corners are where the route turns.
 */
export function routeBetween(from: Point, to: Point): Point[] {
  const route: Point[] = [];
  if (from.x !== to.x) route.push({ x: to.x, y: from.y });
  if (from.y !== to.y) route.push({ x: to.x, y: to.y });
  return route;
}

/** Compass heading from a to b in degrees: 0 north, 90 east. */
export function headingOf(a: Point, b: Point): number {
  const deg = (Math.atan2(b.x - a.x, b.y - a.y) * 180) / Math.PI;
  return round((deg + 360) % 360, 1);
}

export const distance = (a: Point, b: Point) => Math.hypot(b.x - a.x, b.y - a.y);
