// The map's data as GeoJSON, built from the API's answers and the live pushes. Pure functions:
// the map layers draw whatever these return, and the tests check them without a browser.
import type { TrackPoint, VehicleLocation } from '@fleetlens/contracts';

/** How a vehicle is coloured: moving, standing with the device online, or not connected. */
import type { VehicleShade } from '../../../kernel/stateColours';

export type { VehicleShade };

/**
 * What the vehicle layers draw, and the id a click finds the vehicle by; nothing else, because
 * every property is copied to the map's worker whenever vehicles move (the popup reads the rest
 * from the vehicle itself).
 */
export type VehicleProperties = {
  vehicle_id: string;
  /** The label under the vehicle: its name, and its maintenance mode's mark on a second line. */
  name: string;
  /** The map image drawn for the vehicle: `vehicle-<type>-<variant>`. */
  image: string;
  shade: VehicleShade;
  direction: number;
};

export type Point = { type: 'Point'; coordinates: [number, number] };
export type LineString = { type: 'LineString'; coordinates: [number, number][] };
export type Feature<G, P> = { type: 'Feature'; id?: string | number; geometry: G; properties: P };
export type FeatureCollection<G, P> = { type: 'FeatureCollection'; features: Feature<G, P>[] };
export type VehicleCollection = FeatureCollection<Point, VehicleProperties>;

export const vehicleImageName = (type: string, variant: string) => `vehicle-${type}-${variant}`;

export function shadeOf(v: Pick<VehicleLocation, 'online' | 'motion' | 'position_at'>): VehicleShade {
  if (!v.online) return v.position_at ? 'offline' : 'unknown';
  return v.motion === 'running' ? 'running' : 'stopping';
}

const placed = (v: VehicleLocation): v is VehicleLocation & { lat: number; lng: number } =>
  v.lat !== null && v.lng !== null;
const pointOf = (v: VehicleLocation & { lat: number; lng: number }): Point => ({
  type: 'Point',
  coordinates: [v.lng, v.lat],
});
const propertiesOf = (v: VehicleLocation, maintenanceMark: string): VehicleProperties => ({
  vehicle_id: v.vehicle_id,
  name: v.maintenance_mode && maintenanceMark ? `${v.name}\n${maintenanceMark}` : v.name,
  image: vehicleImageName(v.vehicle_type, v.icon),
  shade: shadeOf(v),
  direction: v.direction ?? 0,
});

/**
 * Vehicles with a known position become points; those that never reported stay off the map. A
 * vehicle in maintenance mode is labelled with `maintenanceMark` under its name, as the lists and
 * the popup tag it (kernel/MaintenanceModeTag's words).
 */
export function vehicleFeatures(
  vehicles: readonly VehicleLocation[],
  maintenanceMark = '',
): VehicleCollection {
  const features: Feature<Point, VehicleProperties>[] = [];
  for (const v of vehicles) {
    if (!placed(v)) continue;
    features.push({
      type: 'Feature',
      id: v.vehicle_id,
      geometry: pointOf(v),
      properties: propertiesOf(v, maintenanceMark),
    });
  }
  return { type: 'FeatureCollection', features };
}

/** A live position of a device (the device link's push), as far as the map needs it. */
export type PositionUpdate = {
  device_id: string;
  vehicle_id: string | null;
  time: string;
  lat: number;
  lng: number;
  speed: number;
  direction: number;
};
/** A live state of a device (the device link's push), as far as the map needs it. */
export type StateUpdate = {
  device_id: string;
  vehicle_id: string | null;
  online: boolean;
  connection_changed_at: string | null;
  motion: string | null;
  motion_changed_at: string | null;
  updated_at: string;
};

type VehicleIndex = { byVehicle: Map<string, number>; byDevice: Map<string, number> };
// A list applyLive returns keeps the order of the list it came from, so it inherits its index
// instead of rebuilding it for every second of pushes.
const indexes = new WeakMap<readonly VehicleLocation[], VehicleIndex>();

function indexOf(vehicles: readonly VehicleLocation[]): VehicleIndex {
  let index = indexes.get(vehicles);
  if (!index) {
    index = { byVehicle: new Map(), byDevice: new Map() };
    for (let i = 0; i < vehicles.length; i++) {
      const v = vehicles[i] as VehicleLocation;
      index.byVehicle.set(v.vehicle_id, i);
      if (v.device) index.byDevice.set(v.device.device_id, i);
    }
    indexes.set(vehicles, index);
  }
  return index;
}

/**
 * Whether time a is after time b. The server writes times as toISOString does (UTC, milliseconds),
 * which compare as text; parsing two dates for each of thousands of pushes a second costs more.
 */
const later = (a: string, b: string) =>
  a.length === 24 && b.length === 24 && a.endsWith('Z') && b.endsWith('Z')
    ? a > b
    : Date.parse(a) > Date.parse(b);

const isMotion = (m: string | null): m is VehicleLocation['motion'] =>
  m === 'running' || m === 'stopping' || m === null;

/**
 * Applies live pushes to the vehicles the page holds. A push names the device (by its device id)
 * and, when it is mounted, the vehicle; pushes about vehicles the page does not hold are ignored
 * (the server sends each user only their own customers' devices; the page may show fewer).
 * Older positions than the one held do not move a vehicle back.
 */
export function applyLive(
  vehicles: readonly VehicleLocation[],
  positions: readonly PositionUpdate[],
  states: readonly StateUpdate[],
): VehicleLocation[] {
  if (positions.length === 0 && states.length === 0) return vehicles as VehicleLocation[];
  const index = indexOf(vehicles);
  const find = (u: { vehicle_id: string | null; device_id: string }) =>
    (u.vehicle_id ? index.byVehicle.get(u.vehicle_id) : undefined) ?? index.byDevice.get(u.device_id);
  const next = [...vehicles];
  indexes.set(next, index);
  for (const p of positions) {
    const i = find(p);
    const v = i === undefined ? undefined : next[i];
    if (i === undefined || !v) continue;
    if (v.position_at && later(v.position_at, p.time)) continue;
    next[i] = { ...v, lat: p.lat, lng: p.lng, speed: p.speed, direction: p.direction, position_at: p.time };
  }
  for (const s of states) {
    const i = find(s);
    const v = i === undefined ? undefined : next[i];
    if (i === undefined || !v) continue;
    const motion = isMotion(s.motion) ? s.motion : v.motion;
    next[i] = {
      ...v,
      online: s.online,
      motion,
      updated_at: s.updated_at,
      state: {
        online: s.online,
        connection_changed_at: s.connection_changed_at,
        motion,
        motion_changed_at: s.motion_changed_at,
      },
    };
  }
  return next;
}

/** The line of a track. */
export function trackLine(points: readonly TrackPoint[]): Feature<LineString, Record<string, never>> {
  return {
    type: 'Feature',
    geometry: { type: 'LineString', coordinates: points.map((p) => [p[1], p[2]] as [number, number]) },
    properties: {},
  };
}

/** The bounds [[west, south], [east, north]] of some coordinates; undefined for none. */
export function boundsOf(
  coordinates: readonly [number, number][],
): [[number, number], [number, number]] | undefined {
  if (coordinates.length === 0) return undefined;
  let [west, south] = coordinates[0] as [number, number];
  let [east, north] = [west, south];
  for (const [lng, lat] of coordinates) {
    west = Math.min(west, lng);
    east = Math.max(east, lng);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  return [
    [west, south],
    [east, north],
  ];
}

type TrackEnd = { end: 'start' | 'end' };

/** A track as the map draws it: its line, and its start and end points. */
export function trackFeatures(
  points: readonly TrackPoint[],
): FeatureCollection<LineString | Point, TrackEnd | Record<string, never>> {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return { type: 'FeatureCollection', features: [] };
  const end = (p: TrackPoint, which: TrackEnd['end']): Feature<Point, TrackEnd> => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [p[1], p[2]] },
    properties: { end: which },
  });
  return { type: 'FeatureCollection', features: [trackLine(points), end(first, 'start'), end(last, 'end')] };
}

/** The playback marker: where the vehicle is at the moment shown, drawn with its icon. */
export function playheadFeature(
  at: { lng: number; lat: number; direction: number; speed: number },
  image: string,
): FeatureCollection<Point, { image: string; direction: number; shade: VehicleShade }> {
  return {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [at.lng, at.lat] },
        properties: { image, direction: at.direction, shade: at.speed > 0 ? 'running' : 'stopping' },
      },
    ],
  };
}
