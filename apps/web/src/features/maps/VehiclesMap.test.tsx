import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderInShell } from '../../test/render';
import { aZone } from '../../test/zones';
import { VEHICLE_LAYER } from './map/layers';
import { ZONE_FILL_LAYER, ZONE_NAME_LAYER, ZONES } from './map/zoneLayers';
import { testVehicle } from './testVehicles';
import { VehiclesMap } from './VehiclesMap';

// MapLibre needs WebGL: a fake map that keeps its layers in order and each source's data.
const layers: string[] = [];
const data = new Map<string, unknown>();
vi.mock('./map/vehicleImages', async (original) => ({
  ...(await original<object>()),
  addVehicleImages: async () => undefined,
}));
vi.mock('./map/MapView', async () => {
  const fakeMap = {
    getSource: (id: string) =>
      data.has(id) ? { setData: async (d: unknown) => void data.set(id, d) } : undefined,
    addSource: (id: string, source: { data?: unknown }) => data.set(id, source.data),
    addLayer: (layer: { id: string }) => layers.push(layer.id),
    getLayer: (id: string) => layers.includes(id),
    getStyle: () => ({ layers: [] }),
    setFilter: () => undefined,
    setLayoutProperty: () => undefined,
    on: () => undefined,
    fitBounds: () => undefined,
    isMoving: () => false,
  };
  return (await import('../../test/mapView')).fakeMapView(fakeMap);
});

const walkway = aZone();
const zoneNames = () =>
  ((data.get(ZONES) as { features: { properties: { name: string } }[] } | undefined)?.features ?? []).map(
    (f) => f.properties.name,
  );

const vehicles = [testVehicle()];

/** The map with a switch for its zones, as the pages give it. */
function Harness() {
  const [on, setOn] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOn(false)}>
        off
      </button>
      <VehiclesMap vehicles={vehicles} label="Map" zones={on ? [walkway] : []} />
    </>
  );
}

describe('the zones on the vehicles map', () => {
  it('lie between the site plan and the vehicles, and leave when switched off', async () => {
    await renderInShell(<Harness />);
    await screen.findByTestId('map');
    await waitFor(() => expect(zoneNames()).toEqual(['Dock walkway']));
    const at = (id: string) => layers.indexOf(id);
    expect(at('site-plan-fill')).toBeGreaterThanOrEqual(0);
    expect(at(ZONE_FILL_LAYER)).toBeGreaterThan(at('site-plan-fill'));
    expect(at(VEHICLE_LAYER)).toBeGreaterThan(at(ZONE_NAME_LAYER));
    fireEvent.click(screen.getByRole('button', { name: 'off' }));
    await waitFor(() => expect(zoneNames()).toEqual([]));
  });
});
