// The built-in map style: works with no internet and no tile server. A plain ground colour and a
// grid whose spacing follows the zoom (10 km down to 10 m), so distances and movement read
// clearly inside a yard. It names no glyphs and no sprites: every label the maps draw is a map
// image made at run time (see vehicleImages.ts).
import type { StyleSpecification } from 'maplibre-gl';
import type { Feature, FeatureCollection, LineString } from './geojson';

export const GRID_SOURCE = 'offline-grid';

export const OFFLINE_STYLE: StyleSpecification = {
  version: 8,
  name: 'FleetLens offline',
  sources: {
    [GRID_SOURCE]: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } },
  },
  layers: [
    { id: 'ground', type: 'background', paint: { 'background-color': '#eef0eb' } },
    {
      id: 'grid-minor',
      type: 'line',
      source: GRID_SOURCE,
      filter: ['==', ['get', 'major'], false],
      paint: { 'line-color': '#d5d9d0', 'line-width': 1 },
    },
    {
      id: 'grid-major',
      type: 'line',
      source: GRID_SOURCE,
      filter: ['==', ['get', 'major'], true],
      paint: { 'line-color': '#b9bfb2', 'line-width': 1.5 },
    },
  ],
};

/** Grid steps in degrees, from fine to coarse: about 10 m to 100 km. */
const STEPS = [0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 10];
/** At most this many lines each way, so the grid stays light at any zoom. */
const MAX_LINES = 40;

export type GridBounds = { west: number; south: number; east: number; north: number };
type GridFeature = Feature<LineString, { major: boolean }>;

/** The finest step that gives at most MAX_LINES lines across the wider side of the view. */
export function gridStep(bounds: GridBounds): number {
  const span = Math.max(bounds.east - bounds.west, bounds.north - bounds.south);
  return STEPS.find((s) => span / s <= MAX_LINES) ?? (STEPS[STEPS.length - 1] as number);
}

/** Grid lines covering the view; every fifth line (by position, not by view) is major. */
export function gridLines(bounds: GridBounds): FeatureCollection<LineString, { major: boolean }> {
  const step = gridStep(bounds);
  const south = Math.max(-85, bounds.south);
  const north = Math.min(85, bounds.north);
  const features: GridFeature[] = [];
  const line = (coordinates: [number, number][], value: number): GridFeature => ({
    type: 'Feature',
    geometry: { type: 'LineString', coordinates },
    properties: { major: Math.round(value / step) % 5 === 0 },
  });
  for (let i = Math.floor(bounds.west / step); i * step <= bounds.east; i += 1) {
    const x = i * step;
    features.push(
      line(
        [
          [x, south],
          [x, north],
        ],
        x,
      ),
    );
  }
  for (let i = Math.floor(south / step); i * step <= north; i += 1) {
    const y = i * step;
    features.push(
      line(
        [
          [bounds.west, y],
          [bounds.east, y],
        ],
        y,
      ),
    );
  }
  return { type: 'FeatureCollection', features };
}
