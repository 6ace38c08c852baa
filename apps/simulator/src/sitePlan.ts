// The yard's site plan as GeoJSON: its outline, the warehouse with its rack blocks and
// dock doors, the container stacks, and the aisles and lanes the vehicles drive, all built from
// the same numbers as the simulated routes (yard.ts), so the vehicles drive on the drawn aisles.
// The demo seed gives it to the demo customer; every feature names its `kind` and its `name`.
import { DEMO_YARD, type Point, toLatLng, type Yard } from './yard.ts';

type Position = [number, number];
type Properties = { kind: string; name: string };
type Geometry =
  | { type: 'Polygon'; coordinates: Position[][] }
  | { type: 'LineString'; coordinates: Position[] };
export interface SitePlanFeature {
  type: 'Feature';
  geometry: Geometry;
  properties: Properties;
}
export interface SitePlanCollection {
  type: 'FeatureCollection';
  features: SitePlanFeature[];
}

/** Metres beyond the outermost aisles and lanes that the yard's fence keeps. */
const MARGIN = 22;
/** Clearance between a lane or an aisle and the racks or stacks beside it. */
const CLEAR = 5;

export function yardSitePlan(yard: Yard): SitePlanCollection {
  const at = (p: Point): Position => {
    const { lng, lat } = toLatLng(yard, p);
    return [lng, lat];
  };
  const box = (x0: number, y0: number, x1: number, y1: number): Geometry => ({
    type: 'Polygon',
    coordinates: [
      [
        at({ x: x0, y: y0 }),
        at({ x: x1, y: y0 }),
        at({ x: x1, y: y1 }),
        at({ x: x0, y: y1 }),
        at({ x: x0, y: y0 }),
      ],
    ],
  });
  const feature = (kind: string, name: string, geometry: Geometry): SitePlanFeature => ({
    type: 'Feature',
    geometry,
    properties: { kind, name },
  });
  const { aisles, lanes } = yard;
  const west = Math.min(...aisles);
  const east = Math.max(...aisles);
  const south = Math.min(...lanes);
  const north = Math.max(...lanes);
  const features: SitePlanFeature[] = [
    feature('yard', yard.name, box(west - MARGIN, south - MARGIN, east + MARGIN, north + MARGIN)),
  ];
  // The warehouse covers the northern lanes; the southernmost lane block is open yard.
  const [, second = south] = lanes;
  const wall = second + (lanes[2] === undefined ? 0 : 7);
  features.push(feature('building', 'Warehouse 1', box(west - 10, wall, east + 10, north + 10)));
  // Rack blocks between the aisles inside the warehouse, container stacks outside it.
  lanes.slice(0, -1).forEach((y, row) => {
    const y1 = lanes[row + 1] ?? y;
    aisles.slice(0, -1).forEach((x, column) => {
      const x1 = aisles[column + 1] ?? x;
      const inside = y >= second;
      const name = inside ? `${String.fromCharCode(65 + column)}${row}` : `Stack ${column + 1}`;
      const bottom = inside ? Math.max(y, wall) + CLEAR : y + CLEAR;
      features.push(
        feature(inside ? 'zone' : 'container', name, box(x + CLEAR, bottom, x1 - CLEAR, y1 - CLEAR)),
      );
    });
  });
  // Dock doors on the warehouse's south wall, facing the open lane.
  aisles.slice(0, -1).forEach((x, i) => {
    const mid = (x + (aisles[i + 1] ?? x)) / 2;
    features.push(feature('dock', `Dock ${i + 1}`, box(mid - 5, wall - 6, mid + 5, wall)));
  });
  aisles.forEach((x, i) => {
    features.push(
      feature('aisle', `Aisle ${i + 1}`, {
        type: 'LineString',
        coordinates: [at({ x, y: south }), at({ x, y: north })],
      }),
    );
  });
  lanes.forEach((y, i) => {
    features.push(
      feature('lane', `Lane ${i + 1}`, {
        type: 'LineString',
        coordinates: [at({ x: west, y }), at({ x: east, y })],
      }),
    );
  });
  return { type: 'FeatureCollection', features };
}

/** The demo yard's plan: what the demo customer's maps show until it uploads its own. */
export const demoSitePlan = (): SitePlanCollection => yardSitePlan(DEMO_YARD);
