// The event map's layers over one GeoJSON source: clusters as blue circles sized by their count
// (the count drawn on them), single events as red dots, and the heat view, which weighs every
// cluster by its count and every event as one. The server has clustered already (a month of a
// large fleet is too many points to send), so the source does no clustering of its own.
import type { EventMap } from '@fleetlens/contracts';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';

export const EVENT_MAP_SOURCE = 'event-map';
export const CLUSTER_LAYER = 'event-map-clusters';
export const EVENT_LAYER = 'event-map-events';
const COUNT_LAYER = 'event-map-cluster-count';
const HEAT_LAYER = 'event-map-heat';

/** A count as a cluster shows it: 950, 1.2k, 35k. */
export function shortCount(count: number): string {
  if (count < 1000) return String(count);
  const thousands = count / 1000;
  return `${thousands < 10 ? Math.round(thousands * 10) / 10 : Math.round(thousands)}k`;
}

/** The answer as map features: clusters with their count and box, events with their id. */
export function eventMapFeatures(answer: EventMap | undefined) {
  const clusters = (answer?.clusters ?? []).map((c) => ({
    type: 'Feature' as const,
    geometry: { type: 'Point' as const, coordinates: [c.lng, c.lat] },
    properties: {
      kind: 'cluster',
      count: c.count,
      label: shortCount(c.count),
      weight: c.count,
      box: JSON.stringify([c.west, c.south, c.east, c.north]),
    },
  }));
  const events = (answer?.events ?? []).map((e) => ({
    type: 'Feature' as const,
    geometry: { type: 'Point' as const, coordinates: [e.lng, e.lat] },
    properties: { kind: 'event', id: e.id, weight: 1 },
  }));
  return { type: 'FeatureCollection' as const, features: [...clusters, ...events] };
}

export function addEventMapLayers(map: MapLibreMap): void {
  if (map.getSource(EVENT_MAP_SOURCE)) return;
  map.addSource(EVENT_MAP_SOURCE, { type: 'geojson', data: eventMapFeatures(undefined) });
  map.addLayer({
    id: HEAT_LAYER,
    type: 'heatmap',
    source: EVENT_MAP_SOURCE,
    layout: { visibility: 'none' },
    paint: {
      // A cluster of n events weighs n against a single event's 1, compressed so one busy yard
      // does not hide every other place.
      'heatmap-weight': [
        'interpolate',
        ['linear'],
        ['ln', ['+', 1, ['get', 'weight']]],
        0,
        0,
        0.7,
        0.4,
        7,
        1,
      ],
      'heatmap-intensity': 1.2,
      'heatmap-radius': 40,
      'heatmap-opacity': 0.85,
    },
  });
  map.addLayer({
    id: CLUSTER_LAYER,
    type: 'circle',
    source: EVENT_MAP_SOURCE,
    filter: ['==', ['get', 'kind'], 'cluster'],
    paint: {
      'circle-color': '#364fc7',
      'circle-opacity': 0.85,
      'circle-radius': ['step', ['get', 'count'], 16, 10, 20, 100, 26, 1000, 32, 10000, 38],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 2,
    },
  });
  map.addLayer({
    id: COUNT_LAYER,
    type: 'symbol',
    source: EVENT_MAP_SOURCE,
    filter: ['==', ['get', 'kind'], 'cluster'],
    layout: {
      // Drawn as images (vehicleImages addCountImage): the offline style has no fonts.
      'icon-image': ['concat', 'count-', ['get', 'label']],
      'icon-allow-overlap': true,
      'icon-ignore-placement': true,
    },
  });
  map.addLayer({
    id: EVENT_LAYER,
    type: 'circle',
    source: EVENT_MAP_SOURCE,
    filter: ['==', ['get', 'kind'], 'event'],
    paint: {
      'circle-color': '#e03131',
      'circle-radius': 8,
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 2,
    },
  });
}

/** The heat view instead of the circles, or back. */
export function showHeat(map: MapLibreMap, heat: boolean): void {
  if (!map.getLayer(HEAT_LAYER)) return;
  map.setLayoutProperty(HEAT_LAYER, 'visibility', heat ? 'visible' : 'none');
  for (const id of [CLUSTER_LAYER, COUNT_LAYER, EVENT_LAYER])
    map.setLayoutProperty(id, 'visibility', heat ? 'none' : 'visible');
}

export function setEventMapData(map: MapLibreMap, answer: EventMap | undefined): void {
  const source = map.getSource(EVENT_MAP_SOURCE) as GeoJSONSource | undefined;
  source?.setData(eventMapFeatures(answer));
}

/** The box around everything answered, or undefined when nothing was. */
export function extentOf(answer: EventMap | undefined): [number, number, number, number] | undefined {
  const boxes = [
    ...(answer?.clusters ?? []).map((c) => [c.west, c.south, c.east, c.north]),
    ...(answer?.events ?? []).map((e) => [e.lng, e.lat, e.lng, e.lat]),
  ];
  if (boxes.length === 0) return undefined;
  return [
    Math.min(...boxes.map((b) => b[0] as number)),
    Math.min(...boxes.map((b) => b[1] as number)),
    Math.max(...boxes.map((b) => b[2] as number)),
    Math.max(...boxes.map((b) => b[3] as number)),
  ];
}
