import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { withMockedCalls } from '../../test/mocks';
import { renderInShell } from '../../test/render';
import { fetchEventMap } from './api';
import { EventMapPage } from './EventMapPage';

vi.mock('./api', (original) => withMockedCalls(original, ['fetchEventMap']));
// MapLibre needs WebGL, which the test's DOM has not: the map is this screen's canvas, not its subject.
vi.mock('../maps/map/MapView', () => ({ MapView: () => <div data-testid="map" /> }));
const none = { list: [], total: 0, page: 1, perPage: 50 };
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

describe('the event map', () => {
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
