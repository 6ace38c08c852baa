// The outline being drawn, as the map shows it: its points as discs (the first one larger: a click
// on it closes the shape), the edges drawn so far, and once closed the area filled. Kept apart from
// the page so the map's layers are one small file and the page only its fields.
import type { LngLat } from '@fleetlens/contracts';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { setSourceData } from '../maps/map/layers';
import { addEmptySource } from '../maps/map/overlay';

export const DRAFT = 'zone-draft';
export const POINTS_LAYER = 'zone-draft-points';
/** The outline's one colour: its area, its edges and the rims of its points. */
const DRAFT_COLOUR = '#e8590c';

export function addDraftLayers(map: MapLibreMap): void {
  if (!addEmptySource(map, DRAFT)) return;
  map.addLayer({
    id: 'zone-draft-fill',
    type: 'fill',
    source: DRAFT,
    filter: ['==', ['geometry-type'], 'Polygon'],
    paint: { 'fill-color': DRAFT_COLOUR, 'fill-opacity': 0.25 },
  });
  map.addLayer({
    id: 'zone-draft-line',
    type: 'line',
    source: DRAFT,
    filter: ['!=', ['geometry-type'], 'Point'],
    paint: { 'line-color': DRAFT_COLOUR, 'line-width': 2 },
  });
  map.addLayer({
    id: POINTS_LAYER,
    type: 'circle',
    source: DRAFT,
    filter: ['==', ['geometry-type'], 'Point'],
    paint: {
      'circle-radius': ['case', ['==', ['get', 'index'], 0], 7, 5],
      'circle-color': '#ffffff',
      'circle-stroke-color': DRAFT_COLOUR,
      'circle-stroke-width': 2,
    },
  });
}

/** The features of a ring: its area (closed, 3 points or more) or its edges, and its points. */
export function draftFeatures(ring: readonly LngLat[], closed: boolean) {
  const coordinates = ring.map(([lng, lat]) => [lng, lat]);
  const first = coordinates[0];
  const shape =
    closed && first && ring.length >= 3
      ? { type: 'Polygon', coordinates: [[...coordinates, first]] }
      : ring.length >= 2
        ? { type: 'LineString', coordinates }
        : undefined;
  return {
    type: 'FeatureCollection',
    features: [
      ...(shape ? [{ type: 'Feature', properties: {}, geometry: shape }] : []),
      ...coordinates.map((point, index) => ({
        type: 'Feature',
        properties: { index },
        geometry: { type: 'Point', coordinates: point },
      })),
    ],
  };
}

export const showDraft = (map: MapLibreMap, ring: readonly LngLat[], closed: boolean) =>
  setSourceData(map, DRAFT, draftFeatures(ring, closed));

/** Six decimals of a degree: about 10 cm, finer than a click. */
export const rounded = (lng: number, lat: number): LngLat => [
  Math.round(lng * 1e6) / 1e6,
  Math.round(lat * 1e6) / 1e6,
];
