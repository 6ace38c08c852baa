// The zone form: an outline drawn by clicking on the map or typed point by point in the list of
// coordinates, undone and saved as the body the server takes; an outline that crosses itself or
// has fewer than 3 points refused with the contracts' own message (in each language), and nothing
// sent; a rule's value checked inside its rule; the server's refusals under the fields they concern.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { i18n, type Language } from '../../app/i18n';
import { HARBOR_ID } from '../../test/companies';
import { renderInShell } from '../../test/render';
import { zones } from './api';
import { ZoneFormPage } from './ZoneFormPage';

const COMPANY = HARBOR_ID;
vi.mock('../customers/api', () => import('../../test/companies'));
vi.mock('../maps/api', async (original) => ({
  ...(await original<object>()),
  useSitePlans: () => ({ data: [] }),
}));
// MapLibre needs WebGL, which the test's DOM has not: the fake map keeps the handlers the drawing
// gives it, so a test clicks "on the map" by calling its click handler with a place.
const handlers = new Map<string, (e: unknown) => void>();
vi.mock('../maps/map/MapView', async () => {
  const fakeMap = {
    getSource: () => ({ setData: () => undefined }),
    addSource: () => undefined,
    addLayer: () => undefined,
    getLayer: () => undefined,
    getStyle: () => ({ layers: [] }),
    setLayoutProperty: () => undefined,
    on: (type: string, ...rest: unknown[]) => {
      const handler = rest.at(-1) as (e: unknown) => void;
      handlers.set(rest.length > 1 ? `${type}:${String(rest[0])}` : type, handler);
    },
    once: () => undefined,
    queryRenderedFeatures: () => [],
    fitBounds: () => undefined,
  };
  return (await import('../../test/mapView')).fakeMapView(fakeMap);
});

const create = vi.spyOn(zones, 'create');
const update = vi.spyOn(zones, 'update');
const fetchZone = vi.spyOn(zones, 'one');

const open = async (language: Language = 'en') => {
  await renderInShell(<ZoneFormPage />, { route: '/zones/new', path: '/zones/new', language });
  await screen.findByTestId('map');
};

const typePoint = (lng: number, lat: number) => {
  fireEvent.change(screen.getByLabelText(i18n.t('zones:points.newLongitude')), {
    target: { value: String(lng) },
  });
  fireEvent.change(screen.getByLabelText(i18n.t('zones:points.newLatitude')), {
    target: { value: String(lat) },
  });
  fireEvent.click(screen.getByRole('button', { name: i18n.t('zones:points.add') }));
};

const nameIt = (name: string) =>
  fireEvent.change(screen.getByLabelText(i18n.t('zones:fields.name')), { target: { value: name } });
const saveButton = () =>
  screen.getByRole('button', { name: new RegExp([...i18n.t('shell:form.save')].join('\\s*')) });

const SQUARE: [number, number][] = [
  [139.7, 35.6],
  [139.701, 35.6],
  [139.701, 35.601],
  [139.7, 35.601],
];

beforeEach(() => {
  handlers.clear();
  create.mockReset().mockImplementation(async () => {
    throw new Error('not answered in this test');
  });
});

describe('the zone form', () => {
  it('saves an outline typed in the list of points with its rules', async () => {
    await open();
    nameIt('Dock walkway');
    for (const [lng, lat] of SQUARE) typePoint(lng, lat);
    expect(screen.getByLabelText('Point 4 latitude')).toHaveProperty('value', '35.601');
    fireEvent.change(screen.getByLabelText('Speed limit'), { target: { value: '10' } });
    fireEvent.click(saveButton());
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith({
        customer_id: COMPANY,
        name: 'Dock walkway',
        kind: 'pedestrian',
        time_zone: expect.any(String),
        polygon: { type: 'Polygon', coordinates: [SQUARE] },
        rules: [{ type: 'speed-limit', speed_kmh: 10 }],
      }),
    );
  });

  it('adds a point where the map is clicked, takes the last back, and moves one typed anew', async () => {
    await open();
    const click = handlers.get('click');
    expect(click).toBeDefined();
    for (const [lng, lat] of SQUARE) click?.({ lngLat: { lng, lat }, point: { x: 0, y: 0 } });
    expect(await screen.findByLabelText('Point 4 longitude')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Undo last point' }));
    await waitFor(() => expect(screen.queryByLabelText('Point 4 longitude')).toBeNull());
    fireEvent.change(screen.getByLabelText('Point 3 longitude'), { target: { value: '139.7005' } });
    fireEvent.click(screen.getByRole('button', { name: 'Close shape' }));
    // A closed shape takes no more points from clicks.
    click?.({ lngLat: { lng: 139.8, lat: 35.7 }, point: { x: 0, y: 0 } });
    nameIt('Gate');
    fireEvent.click(saveButton());
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0]?.[0].polygon.coordinates[0]).toEqual([
      [139.7, 35.6],
      [139.701, 35.6],
      [139.7005, 35.601],
    ]);
  });

  it('refuses an outline that crosses itself, and one of fewer than 3 points, with the server’s message', async () => {
    await open();
    nameIt('Bow tie');
    for (const [lng, lat] of [SQUARE[0], SQUARE[2], SQUARE[1], SQUARE[3]] as [number, number][])
      typePoint(lng, lat);
    fireEvent.click(saveButton());
    expect(await screen.findByText(i18n.t('validation:zonePolygonCrosses'))).toBeTruthy();
    for (const n of [4, 3]) fireEvent.click(screen.getByRole('button', { name: `Remove point ${n}` }));
    fireEvent.click(saveButton());
    expect(await screen.findByText(i18n.t('validation:zonePolygonPoints'))).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
  });

  it.each(['ja', 'zh', 'my'] as const)('says a crossing outline is refused in %s', async (lang) => {
    await open(lang);
    for (const [lng, lat] of [SQUARE[0], SQUARE[2], SQUARE[1], SQUARE[3]] as [number, number][])
      typePoint(lng, lat);
    fireEvent.click(saveButton());
    const text = i18n.t('validation:zonePolygonCrosses');
    expect(text).not.toBe(i18n.getFixedT('en', 'validation')('zonePolygonCrosses'));
    expect(await screen.findByText(text)).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
  });

  it('checks a rule’s value inside its rule: allowed hours need both ends', async () => {
    await open();
    nameIt('Night dock');
    for (const [lng, lat] of SQUARE) typePoint(lng, lat);
    fireEvent.change(screen.getByLabelText('Entry allowed from'), { target: { value: '22:00' } });
    fireEvent.change(screen.getByLabelText('Longest stay'), { target: { value: '0' } });
    fireEvent.click(saveButton());
    expect(await screen.findByText(i18n.t('validation:zoneHoursRequired'))).toBeTruthy();
    expect(await screen.findByText(i18n.t('validation:zoneDwell'))).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
  });

  it('puts the server’s refusals under the outline and the rule they concern', async () => {
    create.mockRejectedValue(
      new ApiError('Invalid input', 400, 400, {
        fields: [
          { field: 'polygon.coordinates', key: 'zonePolygonCrosses', message: 'Crosses, says the server.' },
          { field: 'rules.0.speed_kmh', key: 'zoneSpeed', message: 'Too fast, says the server.' },
          { field: 'name', key: 'zoneNameInUse', message: 'Taken, says the server.' },
        ],
      }),
    );
    await open();
    nameIt('Dock walkway');
    for (const [lng, lat] of SQUARE) typePoint(lng, lat);
    fireEvent.change(screen.getByLabelText('Speed limit'), { target: { value: '10' } });
    fireEvent.click(saveButton());
    const outline = (await screen.findByText('Crosses, says the server.')).closest('.ant-form-item');
    expect(outline && within(outline as HTMLElement).getByTestId('map')).toBeTruthy();
    const speed = screen.getByText('Too fast, says the server.').closest('.ant-form-item') as HTMLElement;
    expect(within(speed).getByLabelText('Speed limit')).toBeTruthy();
    expect(screen.getByText('Taken, says the server.')).toBeTruthy();
  });

  it('opens a stored zone closed, its points and rules filled in, and saves it without its company', async () => {
    fetchZone.mockResolvedValue({
      id: 'z-1',
      name: 'Night dock',
      kind: 'loading-dock',
      customer: { id: COMPANY, name: 'Harbor Logistics' },
      polygon: { type: 'Polygon', coordinates: [[...SQUARE, SQUARE[0] as [number, number]]] },
      rules: [{ type: 'no-entry' }, { type: 'hours', from: '22:00', to: '06:00' }],
      time_zone: 'Asia/Tokyo',
      updated_at: '2026-12-01T00:00:00.000Z',
    });
    update.mockReset().mockImplementation(async () => {
      throw new Error('not answered in this test');
    });
    await renderInShell(<ZoneFormPage />, { route: '/zones/:id/edit', path: '/zones/z-1/edit' });
    expect(await screen.findByLabelText('Point 4 longitude')).toBeTruthy();
    expect(screen.queryByLabelText('Point 5 longitude')).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Close shape' })).toHaveProperty('disabled', true),
    );
    // A click on the map of a closed outline adds nothing.
    handlers.get('click')?.({ lngLat: { lng: 139.8, lat: 35.7 }, point: { x: 0, y: 0 } });
    fireEvent.click(saveButton());
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith('z-1', {
        name: 'Night dock',
        kind: 'loading-dock',
        time_zone: 'Asia/Tokyo',
        polygon: { type: 'Polygon', coordinates: [SQUARE] },
        rules: [{ type: 'no-entry' }, { type: 'hours', from: '22:00', to: '06:00' }],
      }),
    );
  });
});
