import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../app/i18n';
import { withMockedCalls } from '../../test/mocks';
import { renderInShell } from '../../test/render';
import { quaySquare } from '../../test/zones';
import { zones as zoneApi } from '../zones/api';
import { fetchEventMap } from './api';
import { EventMapPage } from './EventMapPage';

vi.mock('./api', (original) => withMockedCalls(original, ['fetchEventMap']));
// MapLibre needs WebGL, which the test's DOM has not: the map is this screen's canvas, not its subject.
// The mock hands the page's style callback a map that keeps the sources and layers it is given.
const drawn = { sources: new Map<string, unknown>(), layers: [] as string[] };
vi.mock('../maps/map/MapView', async () => {
  const { useEffect } = await import('react');
  const fakeMap = {
    getSource: (id: string) =>
      drawn.sources.has(id) ? { setData: (data: unknown) => drawn.sources.set(id, data) } : undefined,
    addSource: (id: string, spec: { data: unknown }) => drawn.sources.set(id, spec.data),
    addLayer: (layer: { id: string }) => drawn.layers.push(layer.id),
    getLayer: (id: string) => drawn.layers.includes(id),
    setLayoutProperty: () => undefined,
    getStyle: () => ({ layers: drawn.layers.map((id) => ({ id })) }),
    on: () => undefined,
  };
  return {
    MapView: ({ onStyle }: { onStyle: (map: unknown) => void }) => {
      useEffect(() => onStyle(fakeMap), [onStyle]);
      return <div data-testid="map" />;
    },
  };
});
vi.mock('../maps/api', async (original) => ({
  ...(await original<object>()),
  useSitePlans: () => ({ data: [aSitePlan] }),
}));
const aSitePlan = {
  customer_id: 'c-1',
  image: null,
  geojson: {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: { kind: 'building', name: 'Warehouse 1' },
        geometry: quaySquare(139.71, 35.61),
      },
    ],
  },
};
const none = { list: [], total: 0, page: 1, perPage: 50 };
const aZone = {
  id: 'z-1',
  customer: { id: 'c-1', name: 'Harbor' },
  name: 'Walkway A',
  kind: 'pedestrian' as const,
  polygon: {
    type: 'Polygon' as const,
    coordinates: [
      [
        [139.7, 35.6],
        [139.701, 35.6],
        [139.701, 35.601],
        [139.7, 35.6],
      ] as [number, number][],
    ],
  },
  rules: [],
  time_zone: 'UTC',
  updated_at: '2026-12-07T00:00:00.000Z',
};
vi.mock('../vehicle-groups/api', () => ({ useVehicleGroupOptions: () => [] }));
vi.mock('../customers/CustomerFilter', () => ({ CustomerFilter: () => null }));
vi.mock('../vehicles/api', () => ({ fetchVehicles: async () => none }));
vi.mock('../operators/api', () => ({ fetchOperators: async () => none }));

const answer = {
  total: 9,
  cell: 1,
  truncated: false,
  clusters: [
    {
      lat: 35.6,
      lng: 139.7,
      count: 8,
      type: 'Impact' as const,
      west: 139.6,
      south: 35.5,
      east: 139.8,
      north: 35.7,
    },
  ],
  events: [
    {
      id: '0b0b0b0b-0000-4000-8000-000000000001',
      type: 'Speed' as const,
      time: '2026-11-20T05:00:00.000Z',
      lat: 35.7,
      lng: 139.9,
      vehicle: { id: 'v1', name: 'FL-07 Reach' },
    },
  ],
};

// The zones' layer asks for the zones: none, unless a test gives some.
beforeEach(() => {
  vi.spyOn(zoneApi, 'list').mockResolvedValue({ ...none, list: [] });
});

describe('the event map', () => {
  it("lays the dashboard map's site plan under the points, and wraps a cluster's words in the panel", async () => {
    vi.mocked(fetchEventMap).mockResolvedValue(answer);
    await renderInShell(<EventMapPage />);
    const cluster = await screen.findByRole('button', { name: /8 events/ });
    const plan = [...drawn.sources.entries()].find(([id]) => /site/i.test(id))?.[1] as {
      features: { properties: { name?: string } }[];
    };
    expect(plan.features.map((f) => f.properties.name)).toContain('Warehouse 1');
    // Under the event layers: added before them.
    const first = (pattern: RegExp) => drawn.layers.findIndex((id) => pattern.test(id));
    expect(first(/site/i)).toBeLessThan(first(/event-map/));
    expect(getComputedStyle(cluster).whiteSpace).toBe('normal');
  });

  it('draws the safety zones under the events, as a layer the user switches off and on', async () => {
    vi.mocked(fetchEventMap).mockResolvedValue(answer);
    const list = vi.mocked(zoneApi.list).mockResolvedValue({
      list: [aZone],
      total: 1,
      page: 1,
      perPage: 100,
    });
    await renderInShell(<EventMapPage />);
    const zoneNames = () =>
      (
        (drawn.sources.get('safety-zones') as { features?: { properties: { name: string } }[] } | undefined)
          ?.features ?? []
      ).map((f) => f.properties.name);
    await waitFor(() => expect(zoneNames()).toEqual(['Walkway A']));
    expect(list).toHaveBeenCalledWith(expect.objectContaining({ customer_id: undefined }));
    const first = (pattern: RegExp) => drawn.layers.findIndex((id) => pattern.test(id));
    expect(first(/safety-zones/)).toBeLessThan(first(/event-map/));
    const layer = screen.getByRole('switch', { name: i18n.t('maps:zones.layer') });
    fireEvent.click(layer);
    await waitFor(() => expect(zoneNames()).toEqual([]));
    fireEvent.click(layer);
    await waitFor(() => expect(zoneNames()).toEqual(['Walkway A']));
  });

  beforeEach(() => {
    vi.mocked(fetchEventMap).mockReset();
  });

  it('lists the clusters and the single events of the view, each event a link to its detail', async () => {
    vi.mocked(fetchEventMap).mockResolvedValue(answer);
    await renderInShell(<EventMapPage />, { path: '/event-map' });
    expect(await screen.findByRole('button', { name: '8 events, worst: Impact. Zoom in' })).toBeTruthy();
    const link = screen.getByRole('link', { name: /Speed · FL-07 Reach$/ });
    expect(link.getAttribute('href')).toBe(
      '/event-summary/0b0b0b0b-0000-4000-8000-000000000001/event-detail',
    );
    expect(screen.getByText('Events in view: 9')).toBeTruthy();
  });

  it('asks with the filters chosen', async () => {
    vi.mocked(fetchEventMap).mockResolvedValue(answer);
    await renderInShell(<EventMapPage />, { path: '/event-map' });
    await screen.findByText('Events in view: 9');
    fireEvent.mouseDown(screen.getByLabelText('Tag'));
    fireEvent.click((await screen.findAllByTitle('Serious')).at(-1) as HTMLElement);
    await vi.waitFor(() =>
      expect(vi.mocked(fetchEventMap).mock.calls.at(-1)?.[0]).toMatchObject({ tag: 'serious' }),
    );
  });

  it('says when the period holds no events, and how to find some', async () => {
    vi.mocked(fetchEventMap).mockResolvedValue({ ...answer, total: 0, clusters: [], events: [] });
    await renderInShell(<EventMapPage />, { path: '/event-map' });
    expect(await screen.findByText('No events in this period')).toBeTruthy();
    expect(screen.getByText('Choose a longer period or fewer filters.')).toBeTruthy();
  });

  it('shows a failure with Retry, which asks again', async () => {
    vi.mocked(fetchEventMap).mockRejectedValue(new Error('down'));
    await renderInShell(<EventMapPage />, { path: '/event-map' });
    expect(
      await screen.findByText(
        'The events could not be loaded. Try again in a moment.',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    const calls = vi.mocked(fetchEventMap).mock.calls.length;
    vi.mocked(fetchEventMap).mockResolvedValue(answer);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Events in view: 9')).toBeTruthy();
    expect(vi.mocked(fetchEventMap).mock.calls.length).toBeGreaterThan(calls);
  });
});
