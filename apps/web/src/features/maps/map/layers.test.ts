import type { LayerSpecification, Map as MapLibreMap } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { addVehicleLayers, LABEL_LAYER, setFollowed } from './layers';

/** The part of a MapLibre map the vehicle layers use, keeping what they were given. */
function aMap() {
  const layers = new Map<string, LayerSpecification>();
  const filters = new Map<string, unknown>();
  const map = {
    getStyle: () => ({ layers: [] }),
    getSource: () => undefined,
    addSource: () => undefined,
    addLayer: (layer: LayerSpecification) => layers.set(layer.id, layer),
    getLayer: (id: string) => layers.get(id),
    setFilter: (id: string, filter: unknown) => filters.set(id, filter),
  };
  return { map: map as unknown as MapLibreMap, layers, filters };
}

describe('the vehicle layers', () => {
  it("show the picked vehicle's name even where a neighbour's label hid it", () => {
    const { map, layers, filters } = aMap();
    addVehicleLayers(map, true);
    // The usual labels give way to each other: a crowded yard hides some.
    expect(layers.get(LABEL_LAYER)?.layout).not.toHaveProperty('text-allow-overlap');
    setFollowed(map, 'v-7');
    const shown = [...layers.values()].filter(
      (l) => l.type === 'symbol' && l.layout?.['text-allow-overlap'] === true && l.layout?.['text-field'],
    );
    expect(shown).toHaveLength(1);
    expect(JSON.stringify(filters.get(shown[0]?.id ?? ''))).toContain('v-7');
  });
});
