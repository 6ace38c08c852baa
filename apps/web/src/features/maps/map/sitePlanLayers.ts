// A customer's site plan under the vehicles (contracts sitePlan.ts): GeoJSON drawn as fills,
// outlines, driving paths and names, styled by each feature's `kind`; an uploaded image placed by
// its four corners as a raster layer beneath them. Added before the vehicle layers, so every
// vehicle and label stays on top.
import type { SitePlan } from '@fleetlens/contracts';
import type { ExpressionSpecification, ImageSourceSpecification, Map as MapLibreMap } from 'maplibre-gl';
import { labelFont, setSourceData } from './layers';
import { addEmptySource, byProperty, nameLayer } from './overlay';

export const SITE_PLAN = 'site-plan';
const FILL_LAYER = 'site-plan-fill';
const IMAGE_PREFIX = 'site-plan-image-';

const byKind = (colours: Record<string, string>, otherwise: string) => byProperty('kind', colours, otherwise);
const polygons: ExpressionSpecification = ['in', ['geometry-type'], ['literal', ['Polygon', 'MultiPolygon']]];
const lines: ExpressionSpecification = [
  'in',
  ['geometry-type'],
  ['literal', ['LineString', 'MultiLineString']],
];

/** The site plan's (empty) layers; call before the vehicle layers. */
export function addSitePlanLayers(map: MapLibreMap): void {
  if (!addEmptySource(map, SITE_PLAN)) return;
  map.addLayer({
    id: FILL_LAYER,
    type: 'fill',
    source: SITE_PLAN,
    filter: polygons,
    paint: {
      'fill-color': byKind(
        { yard: '#e4e8dc', building: '#d6dce6', zone: '#eadfc8', container: '#e3cfb4', dock: '#f4c67a' },
        '#e6e6e6',
      ),
      'fill-opacity': 0.95,
    },
  });
  map.addLayer({
    id: 'site-plan-outline',
    type: 'line',
    source: SITE_PLAN,
    filter: polygons,
    paint: {
      'line-color': byKind({ yard: '#7d8f6a', building: '#4a5a70', dock: '#b7791f' }, '#a89f8e'),
      'line-width': byKind({ yard: '2', building: '2.5' }, '1') as unknown as number,
      'line-dasharray': ['case', ['==', ['get', 'kind'], 'yard'], ['literal', [4, 2]], ['literal', [1, 0]]],
    },
  });
  // Aisles and lanes: the paths the vehicles drive, as wide as a lane at street level.
  map.addLayer({
    id: 'site-plan-paths',
    type: 'line',
    source: SITE_PLAN,
    filter: lines,
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: {
      'line-color': '#fbfbf8',
      'line-width': ['interpolate', ['exponential', 2], ['zoom'], 14, 1.5, 17, 9, 19, 36],
    },
  });
  // Names: of areas at their centre; of aisles and lanes halfway along (pathNames), once each,
  // where a label along a line would repeat on every tile the line crosses.
  // Not the yard's own name: an outline that wide would repeat it on every tile it covers.
  map.addLayer(
    nameLayer({
      id: 'site-plan-names',
      source: SITE_PLAN,
      filter: ['all', ['!', lines], ['!=', ['get', 'kind'], 'yard']],
      minzoom: 15.5,
      font: labelFont(map),
      text: ['coalesce', ['get', 'name'], ''],
      size: ['match', ['get', 'kind'], ['yard', 'building'], 13, 11],
      colour: byKind({ building: '#2f3b4c', dock: '#8a5a12', aisle: '#6b7280', lane: '#6b7280' }, '#5c5446'),
      halo: { colour: 'rgba(255,255,255,0.85)', width: 1.2 },
    }),
  );
}

/** Draws these plans (those of the companies shown), replacing the ones drawn before. */
export function setSitePlans(map: MapLibreMap, plans: readonly SitePlan[]): void {
  if (!map.getSource(SITE_PLAN)) return;
  const features = plans.flatMap((p) => p.geojson?.features ?? []);
  setSourceData(map, SITE_PLAN, {
    type: 'FeatureCollection',
    features: [...features, ...pathNames(features)],
  });
  const wanted = new Set(plans.filter((p) => p.image).map((p) => IMAGE_PREFIX + p.customer_id));
  for (const layer of map.getStyle()?.layers ?? [])
    if (layer.id.startsWith(IMAGE_PREFIX) && !wanted.has(layer.id)) {
      map.removeLayer(layer.id);
      map.removeSource(layer.id);
    }
  for (const plan of plans) {
    if (!plan.image) continue;
    const id = IMAGE_PREFIX + plan.customer_id;
    const source = map.getSource(id) as
      | { updateImage?: (o: Partial<ImageSourceSpecification>) => void }
      | undefined;
    const spec = { url: plan.image.url, coordinates: plan.image.corners.map(([lng, lat]) => [lng, lat]) };
    if (source?.updateImage) {
      source.updateImage(spec as Partial<ImageSourceSpecification>);
      continue;
    }
    map.addSource(id, { type: 'image', ...spec } as ImageSourceSpecification);
    map.addLayer({ id, type: 'raster', source: id, paint: { 'raster-opacity': 0.9 } }, FILL_LAYER);
  }
}

type PlanFeature = NonNullable<SitePlan['geojson']>['features'][number];

/** A point halfway along the first stretch of each named line, which carries the line's name. */
function pathNames(features: readonly PlanFeature[]) {
  return features.flatMap((f) => {
    const g = f.geometry;
    const line =
      g.type === 'LineString' ? g.coordinates : g.type === 'MultiLineString' ? g.coordinates[0] : undefined;
    const [a, b] = line ?? [];
    const name = f.properties?.name;
    if (!a || !b || !name) return [];
    const middle: [number, number] = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    const geometry = { type: 'Point' as const, coordinates: middle };
    return [{ type: 'Feature' as const, geometry, properties: { kind: f.properties?.kind, name } }];
  });
}

/** The bounds [[west, south], [east, north]] of the plans, to open a map on them; undefined for none. */
export function sitePlanBounds(plans: readonly SitePlan[]): [[number, number], [number, number]] | undefined {
  const points: [number, number][] = [];
  const walk = (c: unknown): void => {
    if (Array.isArray(c) && typeof c[0] === 'number' && typeof c[1] === 'number') points.push([c[0], c[1]]);
    else if (Array.isArray(c)) for (const x of c) walk(x);
  };
  for (const p of plans) {
    for (const f of p.geojson?.features ?? []) walk(f.geometry.coordinates);
    if (p.image) walk(p.image.corners);
  }
  if (points.length === 0) return undefined;
  const lngs = points.map((p) => p[0]);
  const lats = points.map((p) => p[1]);
  return [
    [Math.min(...lngs), Math.min(...lats)],
    [Math.max(...lngs), Math.max(...lats)],
  ];
}
