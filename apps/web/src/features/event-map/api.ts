// The event map's call (server modules/event-map): the event list's filters and the box the map
// shows, snapped outward to the grid of its zoom so that a small pan asks nothing new and the
// cells at the edges are counted whole.
import { type EventMap, eventMapCellDegrees } from '@fleetlens/contracts';
import { api } from '../../api/client';
import type { EventListParams } from '../events/api';

/** The box and zoom a map answer covers. */
export type MapBox = { west: number; south: number; east: number; north: number; zoom: number };

/** The whole world at the zoom a first answer is asked at (before the map fits the events). */
export const WORLD: MapBox = { west: -180, south: -90, east: 180, north: 90, zoom: 2 };

/** The filters the map takes: the event list's, without its paging and order. */
export type EventMapFilters = Omit<EventListParams, 'order' | 'order_by' | 'filter' | 'cursor'>;

export const eventMapKeys = {
  all: ['event-map'] as const,
  map: (filters: EventMapFilters, box: MapBox) => ['event-map', filters, box] as const,
};

const wrap = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** The box of a map's view, snapped outward to its zoom's grid; a view wider than the world is the world. */
export function boxOf(view: {
  west: number;
  south: number;
  east: number;
  north: number;
  zoom: number;
}): MapBox {
  const zoom = clamp(Math.floor(view.zoom), 0, 22);
  const cell = eventMapCellDegrees(zoom);
  const south = clamp(Math.floor(view.south / cell) * cell, -90, 90);
  const north = clamp(Math.ceil(view.north / cell) * cell, -90, 90);
  const west = Math.floor(view.west / cell) * cell;
  const east = Math.ceil(view.east / cell) * cell;
  if (east - west >= 360) return { west: -180, east: 180, south, north, zoom };
  // Past the 180th meridian the box wraps: a west east of east is what the server reads as crossing it.
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  return { west: round(wrap(west)), east: round(east > 180 ? wrap(east) : east), south, north, zoom };
}

export const fetchEventMap = (filters: EventMapFilters, box: MapBox, signal?: AbortSignal) =>
  api.get<EventMap>('/event-map', {
    quiet: true,
    signal,
    query: { ...(filters as Record<string, string | undefined>), ...box },
  });
