// The safety zones on the live maps: the live console draws the zones of the company it shows
// (their names reach the map), a switch takes them off and on, and a busy map starts with them off
// and asks for nothing until switched on; the vehicle map and the route map draw them too (the
// event map: its own test). The zones come a page at
// a time up to the cap, and a map that leaves some out says so. Whoever may not open the zones'
// list has no switch and asks for none.
import type { Zone } from '@fleetlens/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../app/i18n';
import { demoProfile, renderInShell } from '../../test/render';
import { aZone } from '../../test/zones';
import { zones as zoneApi } from '../zones/api';
import * as api from './api';
import { DashboardMapPage } from './DashboardMapPage';
import { DriveRoutePage } from './DriveRoutePage';
import { testVehicle } from './testVehicles';
import { VehicleMapPage } from './VehicleMapPage';
import { BUSY_VEHICLES, fetchMapZones, MAP_ZONES_CAP, MAP_ZONES_PAGE, useZoneLayer } from './ZoneLayer';

vi.mock('../customers/api', () => ({ useCompanies: () => ({ list: [], options: [] }) }));
vi.mock('../maintenances/Attention', () => ({ MaintenanceAttention: () => null }));
vi.mock('./api', async (original) => ({
  ...(await original<object>()),
  fetchLocations: vi.fn(),
  fetchVehicleTrack: vi.fn(),
  fetchDriveRoute: vi.fn(),
  useSitePlans: () => ({ data: [] }),
}));
// The maps themselves need WebGL: stand-ins that list the zones they are given.
const drawn = (zones?: readonly Zone[]) => (
  <ul data-testid="map">
    {zones?.map((z) => (
      <li key={z.id}>{z.name}</li>
    ))}
  </ul>
);
vi.mock('./VehiclesMap', () => ({ VehiclesMap: ({ zones }: { zones?: readonly Zone[] }) => drawn(zones) }));
vi.mock('./TrackPlayer', () => ({ TrackPlayer: ({ zones }: { zones?: readonly Zone[] }) => drawn(zones) }));

const zone = (n: number, over: Partial<Zone> = {}): Zone =>
  aZone({ id: `z-${n}`, name: `Zone ${n}`, ...over });

/** The zones' list answering `total` zones, a page at a time as asked. */
const listOf = (total: number) =>
  vi.spyOn(zoneApi, 'list').mockImplementation(async (params) => {
    const page = params.page ?? 1;
    const perPage = params.perPage ?? total;
    const from = (page - 1) * perPage;
    const list = Array.from({ length: Math.max(0, Math.min(perPage, total - from)) }, (_, i) =>
      zone(from + i + 1),
    );
    return { list, total, page, perPage };
  });

const layerSwitch = () => screen.getByRole('switch', { name: i18n.t('maps:zones.layer') });
const vehicles = (n: number) =>
  Array.from({ length: n }, (_, i) => testVehicle({ vehicle_id: `v${i}`, name: `Reach ${i}` }));

beforeEach(() => {
  vi.mocked(api.fetchLocations).mockResolvedValue({ list: vehicles(3) } as never);
  vi.mocked(api.fetchVehicleTrack).mockResolvedValue({
    vehicle: { id: 'v1', name: 'Reach 1', vehicle_type: 'counter', icon: 'a' },
    device: null,
    state: null,
    start: '2026-12-07T00:00:00.000Z',
    end: '2026-12-07T23:59:59.000Z',
    points: [],
    thinned: false,
  });
});
afterEach(() => vi.restoreAllMocks());

describe('the zones on the live console', () => {
  it('draws the zones with their names, and the switch takes them off and on', async () => {
    const list = listOf(2);
    await renderInShell(<DashboardMapPage />);
    expect(await screen.findByText('Zone 2')).toBeTruthy();
    expect(screen.getByText('Zone 1')).toBeTruthy();
    expect(list).toHaveBeenCalledWith({ customer_id: undefined, page: 1, perPage: MAP_ZONES_PAGE });
    expect(layerSwitch().getAttribute('aria-checked')).toBe('true');
    fireEvent.click(layerSwitch());
    await waitFor(() => expect(screen.queryByText('Zone 1')).toBeNull());
    fireEvent.click(layerSwitch());
    expect(await screen.findByText('Zone 1')).toBeTruthy();
  });

  it('starts with them off on a busy map and asks for none until switched on', async () => {
    vi.mocked(api.fetchLocations).mockResolvedValue({ list: vehicles(BUSY_VEHICLES + 1) } as never);
    const list = listOf(2);
    await renderInShell(<DashboardMapPage />);
    await waitFor(() => expect(layerSwitch().getAttribute('aria-checked')).toBe('false'));
    expect(list).not.toHaveBeenCalled();
    expect(screen.queryByText('Zone 1')).toBeNull();
    fireEvent.click(layerSwitch());
    expect(await screen.findByText('Zone 1')).toBeTruthy();
  });

  it('says how many zones it leaves out beyond the cap, in the user’s language', async () => {
    listOf(MAP_ZONES_CAP + 20);
    await renderInShell(<DashboardMapPage />, { language: 'ja' });
    const note = await screen.findByTestId('zones-capped');
    expect(note.textContent).toBe(
      i18n.getFixedT('ja', 'maps')('zones.capped', { shown: MAP_ZONES_CAP, total: MAP_ZONES_CAP + 20 }),
    );
    expect(note.textContent).toMatch(/ゾーン/);
  });
});

describe('the zones on the vehicle map', () => {
  it('draws them by default beside the vehicle’s track', async () => {
    listOf(1);
    await renderInShell(<VehicleMapPage />, { route: '/vehicles/:id/map', path: '/vehicles/v1/map' });
    expect(await screen.findByText('Zone 1')).toBeTruthy();
    expect(layerSwitch().getAttribute('aria-checked')).toBe('true');
  });
});

describe('the zones on the route map', () => {
  it('draws them by default along the route, and the switch takes them off', async () => {
    vi.mocked(api.fetchDriveRoute).mockResolvedValue({
      device: { id: 'd1', device_id: '7770001' },
      vehicle: { id: 'v1', name: 'Reach 1' },
      state: null,
      points: [],
    } as never);
    listOf(1);
    await renderInShell(<DriveRoutePage />, {
      route: '/devices/:deviceId/drive-route',
      path: '/devices/d1/drive-route',
    });
    expect(await screen.findByText('Zone 1')).toBeTruthy();
    expect(layerSwitch().getAttribute('aria-checked')).toBe('true');
    fireEvent.click(layerSwitch());
    await waitFor(() => expect(screen.queryByText('Zone 1')).toBeNull());
  });
});

describe('the zones a map fetches', () => {
  it('come a page at a time for the company shown, all of them under the cap', async () => {
    const list = listOf(MAP_ZONES_PAGE * 2 + 50);
    const answer = await fetchMapZones('c1');
    expect(list).toHaveBeenCalledTimes(3);
    expect(list).toHaveBeenLastCalledWith({ customer_id: 'c1', page: 3, perPage: MAP_ZONES_PAGE });
    expect(answer.zones).toHaveLength(MAP_ZONES_PAGE * 2 + 50);
    expect(answer.total).toBe(MAP_ZONES_PAGE * 2 + 50);
  });

  it('stop at the cap, keeping the total to say how many are left out', async () => {
    const list = listOf(MAP_ZONES_CAP * 3);
    const answer = await fetchMapZones(undefined);
    expect(list).toHaveBeenCalledTimes(MAP_ZONES_CAP / MAP_ZONES_PAGE);
    expect(answer.zones).toHaveLength(MAP_ZONES_CAP);
    expect(answer.total).toBe(MAP_ZONES_CAP * 3);
  });
});

function Layer() {
  const layer = useZoneLayer('c1', false);
  return (
    <div>
      {layer.control}
      {drawn(layer.zones)}
    </div>
  );
}

describe('the zone layer for a user who may not open the zones', () => {
  it('offers no switch and asks for nothing', async () => {
    const list = listOf(2);
    await renderInShell(<Layer />, {
      profile: demoProfile({ sys_role: 'user', privileges: ['event:view'] }),
    });
    await screen.findByTestId('map');
    expect(screen.queryByRole('switch')).toBeNull();
    expect(list).not.toHaveBeenCalled();
  });

  it('offers it to one who may', async () => {
    listOf(2);
    await renderInShell(<Layer />, {
      profile: demoProfile({ sys_role: 'user', privileges: ['location:view'] }),
    });
    expect(await screen.findByText('Zone 2')).toBeTruthy();
    expect(layerSwitch()).toBeTruthy();
  });
});
