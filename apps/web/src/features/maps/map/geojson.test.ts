import { describe, expect, it } from 'vitest';
import { testVehicle } from '../testVehicles';
import { applyLive, boundsOf, shadeOf, trackFeatures, vehicleFeatures } from './geojson';
import { gridLines, gridStep } from './offlineStyle';
import { vehicleIconSvg } from './vehicleImages';

const vehicle = testVehicle;

describe('vehicle GeoJSON', () => {
  it('makes one point per placed vehicle, with its icon and state colour', () => {
    const fc = vehicleFeatures([vehicle(), vehicle({ vehicle_id: 'v2', lat: null, lng: null })]);
    expect(fc.features).toHaveLength(1);
    expect(fc.features[0]).toMatchObject({
      id: 'v1',
      geometry: { type: 'Point', coordinates: [139.7, 35.6] },
    });
    // Only what the layers draw: every property travels to the map's worker on each live move.
    expect(fc.features[0]?.properties).toEqual({
      vehicle_id: 'v1',
      name: 'Reach 1',
      image: 'vehicle-reach_stacker-b',
      shade: 'running',
      direction: 180,
    });
  });

  it('labels a vehicle in maintenance mode with the mark under its name, and no other', () => {
    const fc = vehicleFeatures(
      [vehicle({ maintenance_mode: true }), vehicle({ vehicle_id: 'v2', name: 'Reach 2' })],
      'Maintenance',
    );
    expect(fc.features.map((f) => f.properties.name)).toEqual(['Reach 1\nMaintenance', 'Reach 2']);
  });

  it('shades by state: running, stopping, offline, never reported', () => {
    expect(shadeOf(vehicle())).toBe('running');
    expect(shadeOf(vehicle({ motion: 'stopping' }))).toBe('stopping');
    expect(shadeOf(vehicle({ motion: null }))).toBe('stopping');
    expect(shadeOf(vehicle({ online: false }))).toBe('offline');
    expect(shadeOf(vehicle({ online: false, position_at: null }))).toBe('unknown');
  });

  it('moves vehicles by live positions (by vehicle or by device id) and never back in time', () => {
    const list = [vehicle(), vehicle({ vehicle_id: 'v2', device: { id: 'd2', device_id: '1002' } })];
    const next = applyLive(
      list,
      [
        {
          device_id: '1001',
          vehicle_id: 'v1',
          time: '2026-05-01T08:00:05.000Z',
          lat: 35.61,
          lng: 139.71,
          speed: 7,
          direction: 90,
        },
        {
          device_id: '1002',
          vehicle_id: null,
          time: '2026-05-01T08:00:05.000Z',
          lat: 1,
          lng: 2,
          speed: 0,
          direction: 0,
        },
        {
          device_id: '1001',
          vehicle_id: 'v1',
          time: '2026-05-01T07:00:00.000Z',
          lat: 0,
          lng: 0,
          speed: 0,
          direction: 0,
        },
        {
          device_id: '9999',
          vehicle_id: 'other',
          time: '2026-05-01T09:00:00.000Z',
          lat: 0,
          lng: 0,
          speed: 0,
          direction: 0,
        },
      ],
      [
        {
          device_id: '1002',
          vehicle_id: 'v2',
          online: false,
          connection_changed_at: '2026-05-01T08:00:06.000Z',
          motion: 'stopping',
          motion_changed_at: '2026-05-01T07:59:00.000Z',
          updated_at: '2026-05-01T08:00:06.000Z',
        },
      ],
    );
    expect(next[0]).toMatchObject({
      lat: 35.61,
      lng: 139.71,
      speed: 7,
      direction: 90,
      position_at: '2026-05-01T08:00:05.000Z',
    });
    expect(next[1]).toMatchObject({ lat: 1, lng: 2, online: false, motion: 'stopping' });
    // The state the popup's badge shows follows the push, with the times of its changes.
    expect(next[1]?.state).toEqual({
      online: false,
      connection_changed_at: '2026-05-01T08:00:06.000Z',
      motion: 'stopping',
      motion_changed_at: '2026-05-01T07:59:00.000Z',
    });
    expect(next[0]?.state).toBe(list[0]?.state);
    expect(next).toHaveLength(2);
    expect(list[0]?.lat).toBe(35.6);
  });

  it('keeps finding vehicles second after second, and orders times written with an offset', () => {
    const move = (time: string, lat: number) => ({
      device_id: '1002',
      vehicle_id: null,
      time,
      lat,
      lng: 139.7,
      speed: 5,
      direction: 0,
    });
    const list = [
      vehicle({ position_at: '2026-05-01T17:00:00+09:00' }),
      vehicle({ vehicle_id: 'v2', device: { id: 'd2', device_id: '1002' } }),
    ];
    // 08:00:05Z is after 17:00+09:00 (08:00Z), though not as text.
    const first = applyLive(list, [{ ...move('2026-05-01T08:00:05.000Z', 35.7), device_id: '1001' }], []);
    expect(first[0]?.lat).toBe(35.7);
    const second = applyLive(first, [move('2026-05-01T08:00:06.000Z', 35.8)], []);
    const third = applyLive(second, [move('2026-05-01T08:00:07.000Z', 35.9)], []);
    expect(third.map((v) => v.lat)).toEqual([35.7, 35.9]);
    expect(applyLive(third, [move('2026-05-01T08:00:06.500Z', 1)], [])[1]?.lat).toBe(35.9);
  });

  it('draws a track as a line with its start and end', () => {
    const fc = trackFeatures([
      [1, 139.0, 35.0, 0, 0],
      [2, 139.1, 35.1, 0, 0],
    ]);
    expect(fc.features.map((f) => f.geometry.type)).toEqual(['LineString', 'Point', 'Point']);
    expect(fc.features[0]?.geometry.coordinates).toEqual([
      [139.0, 35.0],
      [139.1, 35.1],
    ]);
    expect(fc.features.slice(1).map((f) => f.properties)).toEqual([{ end: 'start' }, { end: 'end' }]);
    expect(trackFeatures([]).features).toEqual([]);
  });

  it('bounds coordinates', () => {
    expect(
      boundsOf([
        [1, 5],
        [3, 2],
        [2, 9],
      ]),
    ).toEqual([
      [1, 2],
      [3, 9],
    ]);
    expect(boundsOf([])).toBeUndefined();
  });
});

describe('the offline style', () => {
  it('draws a grid of at most about 40 lines each way, finer as the view narrows', () => {
    const yard = { west: 139.77, south: 35.615, east: 139.78, north: 35.62 };
    expect(gridStep(yard)).toBe(0.0005);
    const lines = gridLines(yard).features;
    expect(lines.length).toBeLessThanOrEqual(2 * 42);
    expect(lines.some((l) => l.properties.major)).toBe(true);
    expect(gridStep({ west: -180, south: -85, east: 180, north: 85 })).toBe(10);
  });
});

describe('vehicle-type icons', () => {
  it("renders the vehicles feature's icon as a standalone SVG with an explicit colour", () => {
    const svg = vehicleIconSvg('reach_stacker', 'b');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('viewBox="0 0 48 32"');
    expect(svg).not.toContain('currentColor');
  });
});
