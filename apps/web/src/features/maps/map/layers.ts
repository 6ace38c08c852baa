// The map layers of the console: vehicles (clustered GeoJSON, a disc coloured by state under the
// vehicle-type icon, a heading arrow while running) and tracks (the line, its start and end, and
// the playback marker). GeoJSON layers, not DOM markers: thousands of vehicles stay smooth.
import type {
  FilterSpecification,
  GeoJSONSource,
  LayerSpecification,
  Map as MapLibreMap,
  SymbolLayerSpecification,
} from 'maplibre-gl';
import { SHADE_COLOURS } from '../../../kernel/stateColours';
import { addEmptySource, byProperty } from './overlay';
import { ICON_SIZE } from './vehicleImages';

export const VEHICLES = 'vehicles';
export const VEHICLE_LAYER = 'vehicle-disc';
export const FOLLOWED_LAYER = 'vehicle-followed';
export const LABEL_LAYER = 'vehicle-label';
/** The followed vehicle's name, shown even where another label would hide it. */
export const FOLLOWED_LABEL_LAYER = 'vehicle-followed-label';
export const CLUSTER_LAYER = 'vehicle-clusters';
export const TRACK = 'track';
export const PLAYHEAD = 'playhead';

const shadeColour = byProperty('shade', SHADE_COLOURS, SHADE_COLOURS.unknown);

const DISC_RADIUS = ICON_SIZE / 2 + 2;

/**
 * Sets a GeoJSON source's data, if the source exists (it does not while a style loads); the
 * promise settles when the map's worker has taken it in.
 */
export function setSourceData(map: MapLibreMap, id: string, data: unknown): Promise<void> | undefined {
  const source = map.getSource(id) as GeoJSONSource | undefined;
  return source?.setData(data as Parameters<GeoJSONSource['setData']>[0]);
}

/** Vehicles: clusters below street level, each vehicle as a state-coloured disc with its icon above. */
export function addVehicleLayers(map: MapLibreMap, cluster: boolean): void {
  if (
    !addEmptySource(map, VEHICLES, {
      cluster,
      // Tiles of zoom 15 serve every closer zoom too (overzoomed): at street level the screen then
      // holds a few tiles rather than a dozen, and a live update reloads and draws that few. Zoom 15
      // tiles still place a vehicle to a fraction of a pixel at any zoom the map allows.
      maxzoom: 15,
      clusterMaxZoom: 14,
      clusterRadius: 44,
      promoteId: 'vehicle_id',
    })
  )
    return;
  map.addLayer({
    id: CLUSTER_LAYER,
    type: 'circle',
    source: VEHICLES,
    filter: ['has', 'point_count'],
    paint: {
      'circle-color': '#364fc7',
      'circle-opacity': 0.85,
      'circle-radius': ['step', ['get', 'point_count'], 16, 10, 20, 100, 26, 1000, 32],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 2,
    },
  });
  map.addLayer({
    id: 'vehicle-cluster-count',
    type: 'symbol',
    source: VEHICLES,
    filter: ['has', 'point_count'],
    layout: {
      'icon-image': ['concat', 'count-', ['get', 'point_count_abbreviated']],
      ...OVERLAP,
    },
  });
  const single: FilterSpecification = ['!', ['has', 'point_count']];
  // The followed vehicle: a wide ring under its disc (setFollowed picks it).
  map.addLayer({
    id: FOLLOWED_LAYER,
    type: 'circle',
    source: VEHICLES,
    filter: followedFilter(undefined),
    paint: {
      'circle-color': 'rgba(22, 119, 255, 0.18)',
      'circle-radius': DISC_RADIUS + 9,
      'circle-stroke-color': '#1677ff',
      'circle-stroke-width': 2,
    },
  });
  map.addLayer(vehiclePart('disc', VEHICLE_LAYER, VEHICLES, single));
  map.addLayer(
    vehiclePart('heading', 'vehicle-heading', VEHICLES, ['all', single, ['==', ['get', 'shade'], 'running']]),
  );
  map.addLayer(vehiclePart('icon', 'vehicle-icon', VEHICLES, single));
  // Names under the vehicles. Labels that would overlap give way (the vehicles never do), so a
  // crowded yard stays readable and the map places only the labels it can show.
  map.addLayer({
    id: LABEL_LAYER,
    type: 'symbol',
    source: VEHICLES,
    filter: single,
    layout: { ...nameUnderVehicle(map), 'text-size': 12, 'text-padding': 1 },
    paint: { 'text-color': '#1f2933', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
  });
  map.addLayer(followedLabelLayer(map));
}

/**
 * A vehicle's name placed under its icon: the everyday label and the followed vehicle's label
 * must stand in the same place (the followed one is drawn over the other), so they share this.
 */
const nameUnderVehicle = (map: MapLibreMap) =>
  ({
    'text-field': ['get', 'name'],
    'text-font': labelFont(map),
    'text-anchor': 'top',
    'text-offset': [0, 1.55],
    'text-max-width': 12,
  }) satisfies SymbolLayerSpecification['layout'];

/**
 * The name of the vehicle picked in the list (or on the map): a label that gave way to its
 * neighbour's had nothing to bring it back; picking the vehicle does, above every other label.
 */
export function followedLabelLayer(map: MapLibreMap): LayerSpecification {
  return {
    id: FOLLOWED_LABEL_LAYER,
    type: 'symbol',
    source: VEHICLES,
    filter: followedFilter(undefined),
    layout: {
      ...nameUnderVehicle(map),
      'text-size': 13,
      'text-allow-overlap': true,
      'text-ignore-placement': true,
    },
    paint: { 'text-color': '#0b3d91', 'text-halo-color': '#ffffff', 'text-halo-width': 2 },
  };
}

const followedFilter = (vehicleId: string | undefined): FilterSpecification => [
  'all',
  ['!', ['has', 'point_count']],
  ['==', ['get', 'vehicle_id'], vehicleId ?? ''],
];

/** Rings the followed vehicle (none: undefined). */
export function setFollowed(map: MapLibreMap, vehicleId: string | undefined): void {
  for (const layer of [FOLLOWED_LAYER, FOLLOWED_LABEL_LAYER])
    if (map.getLayer(layer)) map.setFilter(layer, followedFilter(vehicleId));
}

/**
 * The font of the map's labels. The offline style names no glyph server, so MapLibre draws every
 * character with the browser's own fonts (any script, no download): a CSS family. A configured
 * style draws text from its own glyph server, which serves only its own fonts: the first one its
 * layers use.
 */
export function labelFont(map: MapLibreMap): string[] {
  const style = map.getStyle();
  if (!style?.glyphs) return ['sans-serif'];
  for (const layer of style.layers) {
    const font = layer.type === 'symbol' ? layer.layout?.['text-font'] : undefined;
    if (Array.isArray(font) && font.every((f) => typeof f === 'string')) return font as string[];
  }
  return ['Noto Sans Regular'];
}

/** A track: the line, its start (green) and end (red), and the playback marker with the vehicle's icon. */
export function addTrackLayers(map: MapLibreMap): void {
  if (!addEmptySource(map, TRACK)) return;
  addEmptySource(map, PLAYHEAD);
  // A white casing under the blue line keeps the track readable over any map.
  for (const [id, colour, width] of [
    ['track-casing', '#ffffff', 7],
    ['track-line', '#1c7ed6', 4],
  ] as const)
    map.addLayer({
      id,
      type: 'line',
      source: TRACK,
      filter: ['==', ['geometry-type'], 'LineString'],
      layout: { 'line-join': 'round', 'line-cap': 'round' },
      paint: { 'line-color': colour, 'line-width': width },
    });
  map.addLayer({
    id: 'track-ends',
    type: 'circle',
    source: TRACK,
    filter: ['==', ['geometry-type'], 'Point'],
    paint: {
      'circle-radius': 6,
      'circle-color': ['match', ['get', 'end'], 'start', '#2f9e44', '#e03131'],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 2,
    },
  });
  // The playback cursor is not a vehicle: a violet dot with its heading, so it never reads as a
  // second vehicle beside the live one (which keeps its icon and name).
  map.addLayer({
    id: 'playhead-disc',
    type: 'circle',
    source: PLAYHEAD,
    paint: {
      'circle-color': PLAYHEAD_COLOUR,
      'circle-radius': 8,
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 3,
    },
  });
  map.addLayer(vehiclePart('heading', 'playhead-heading', PLAYHEAD));
}

/** The playback cursor's colour (the legend under the map shows it too). */
export const PLAYHEAD_COLOUR = '#7048e8';

// The three layers of a vehicle (on the map and as the playback marker): a white disc ringed in
// its state's colour, the heading arrow, and its type's icon on top.
const OVERLAP = { 'icon-allow-overlap': true, 'icon-ignore-placement': true } as const;

const VEHICLE_PARTS = {
  disc: {
    type: 'circle',
    paint: {
      'circle-color': '#ffffff',
      'circle-radius': DISC_RADIUS,
      'circle-stroke-color': shadeColour,
      'circle-stroke-width': 4,
    },
  },
  heading: {
    type: 'symbol',
    layout: {
      'icon-image': 'heading',
      'icon-rotate': ['get', 'direction'],
      'icon-rotation-alignment': 'map',
      ...OVERLAP,
    },
  },
  icon: { type: 'symbol', layout: { 'icon-image': ['get', 'image'], ...OVERLAP } },
} as const;

/** One of a vehicle's layers, drawn from the source given (only its features that pass the filter). */
function vehiclePart(
  part: keyof typeof VEHICLE_PARTS,
  id: string,
  source: string,
  filter?: FilterSpecification,
): LayerSpecification {
  return { id, source, ...(filter ? { filter } : {}), ...VEHICLE_PARTS[part] } as LayerSpecification;
}
