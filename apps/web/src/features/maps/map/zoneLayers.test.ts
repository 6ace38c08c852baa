// The zones' layers: each zone an area with its edge and its name in its kind's colour, its ring
// closed whatever the list answered, an outline too short to be an area left out; a new list
// replaces the one drawn, and an empty one (the layer switched off) clears the map.
import type { Zone } from '@fleetlens/contracts';
import type { LayerSpecification, Map as MapLibreMap } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import {
  addZoneLayers,
  setZones,
  ZONE_COLOURS,
  ZONE_EDGE_LAYER,
  ZONE_FILL_LAYER,
  ZONE_NAME_LAYER,
  ZONES,
  zoneFeatures,
} from './zoneLayers';

const OPEN: [number, number][] = [
  [139.7, 35.6],
  [139.701, 35.6],
  [139.701, 35.601],
];
const zone = (over: Partial<Zone>): Zone => ({
  id: 'z-1',
  customer: { id: 'c1', name: 'Harbor' },
  name: 'Dock walkway',
  kind: 'pedestrian',
  polygon: { type: 'Polygon', coordinates: [OPEN] },
  rules: [],
  time_zone: 'UTC',
  updated_at: '2026-12-07T00:00:00.000Z',
  ...over,
});

/** The part of a MapLibre map the zone layers use, keeping what they were given. */
function aMap() {
  const layers: LayerSpecification[] = [];
  const data = new Map<string, unknown>();
  const map = {
    getStyle: () => ({ layers: [] }),
    getSource: (id: string) => (data.has(id) ? { setData: (d: unknown) => data.set(id, d) } : undefined),
    addSource: (id: string, source: { data: unknown }) => data.set(id, source.data),
    addLayer: (layer: LayerSpecification) => layers.push(layer),
  };
  return { map: map as unknown as MapLibreMap, layers, data };
}

describe('the zones as features', () => {
  it('close each ring and carry the name and kind', () => {
    const [feature] = zoneFeatures([zone({ kind: 'no-go', name: 'Crusher' })]).features;
    expect(feature?.geometry.coordinates[0]).toEqual([...OPEN, OPEN[0]]);
    expect(feature?.properties).toEqual({ id: 'z-1', name: 'Crusher', kind: 'no-go' });
  });

  it('leave out an outline of fewer than 3 points', () => {
    const short = zone({ id: 'z-2', polygon: { type: 'Polygon', coordinates: [OPEN.slice(0, 2)] } });
    expect(zoneFeatures([short, zone({})]).features.map((f) => f.id)).toEqual(['z-1']);
  });
});

describe('the zone layers', () => {
  it('draw an area, its edge and its name, coloured by kind', () => {
    const { map, layers } = aMap();
    addZoneLayers(map);
    addZoneLayers(map);
    expect(layers.map((l) => [l.id, l.type])).toEqual([
      [ZONE_FILL_LAYER, 'fill'],
      [ZONE_EDGE_LAYER, 'line'],
      [ZONE_NAME_LAYER, 'symbol'],
    ]);
    const name = layers.find((l) => l.id === ZONE_NAME_LAYER);
    expect(name?.type === 'symbol' && name.layout?.['text-field']).toEqual(['get', 'name']);
    const edge = JSON.stringify(layers.find((l) => l.id === ZONE_EDGE_LAYER));
    for (const colour of Object.values(ZONE_COLOURS)) expect(edge).toContain(colour);
  });

  it('replace the zones drawn, and clear them when the layer is off', () => {
    const { map, data } = aMap();
    addZoneLayers(map);
    setZones(map, [zone({}), zone({ id: 'z-2', name: 'Loading bay' })]);
    const names = () =>
      (data.get(ZONES) as ReturnType<typeof zoneFeatures>).features.map((f) => f.properties.name);
    expect(names()).toEqual(['Dock walkway', 'Loading bay']);
    setZones(map, []);
    expect(names()).toEqual([]);
  });
});
