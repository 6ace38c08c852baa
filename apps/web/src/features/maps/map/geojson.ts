// The map's data as GeoJSON, built from the API's answers and the live pushes. Pure functions:
// the map layers draw whatever these return, and the tests check them without a browser.
import type { TrackPoint, VehicleLocation } from '@fleetlens/contracts';

/** How a vehicle is coloured: moving, standing with the device online, or not connected. */
export type VehicleShade = 'running' | 'stopping' | 'offline' | 'unknown';

export type VehicleProperties = {
  vehicle_id: string;
  name: string;
  /** The map image drawn for the vehicle: `vehicle-<type>-<variant>`. */
  image: string;
  shade: VehicleShade;
  speed: number | null;
  direction: number;
  online: boolean;
  motion: string | null;
  position_at: string | null;
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

/** Vehicles with a known position become points; those that never reported stay off the map. */
export function vehicleFeatures(vehicles: readonly VehicleLocation[]): VehicleCollection {
  const features: Feature<Point, VehicleProperties>[] = [];
  for (const v of vehicles) {
    if (v.lat === null || v.lng === null) continue;
    features.push({
      type: 'Feature',
      id: v.vehicle_id,
      geometry: { type: 'Point', coordinates: [v.lng, v.lat] },
      properties: {
        vehicle_id: v.vehicle_id,
        name: v.name,
        image: vehicleImageName(v.vehicle_type, v.icon),
        shade: shadeOf(v),
        speed: v.speed,
        direction: v.direction ?? 0,
        online: v.online,
        motion: v.motion,
        position_at: v.position_at,
      },
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
  motion: string | null;
  updated_at: string;
};

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
  const index = new Map<string, number>();
  vehicles.forEach((v, i) => {
    index.set(`v:${v.vehicle_id}`, i);
    if (v.device) index.set(`d:${v.device.device_id}`, i);
  });
  const find = (u: { vehicle_id: string | null; device_id: string }) =>
    (u.vehicle_id ? index.get(`v:${u.vehicle_id}`) : undefined) ?? index.get(`d:${u.device_id}`);
  const next = [...vehicles];
  for (const p of positions) {
    const i = find(p);
    const v = i === undefined ? undefined : next[i];
    if (i === undefined || !v) continue;
    if (v.position_at && Date.parse(v.position_at) > Date.parse(p.time)) continue;
    next[i] = { ...v, lat: p.lat, lng: p.lng, speed: p.speed, direction: p.direction, position_at: p.time };
  }
  for (const s of states) {
    const i = find(s);
    const v = i === undefined ? undefined : next[i];
    if (i === undefined || !v) continue;
    next[i] = {
      ...v,
      online: s.online,
      motion: isMotion(s.motion) ? s.motion : v.motion,
      updated_at: s.updated_at,
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
