import { eventMapCellDegrees } from '@fleetlens/contracts';
import { describe, expect, it } from 'vitest';
import { boxOf } from './api';
import { eventMapFeatures, extentOf, shortCount } from './layers';

describe('the box the event map asks for', () => {
  it('snaps the view outward to the grid of its zoom, so a small pan asks nothing new', () => {
    const cell = eventMapCellDegrees(10);
    const a = boxOf({ west: 139.701, south: 35.601, east: 139.9, north: 35.7, zoom: 10.4 });
    const b = boxOf({ west: 139.702, south: 35.602, east: 139.901, north: 35.701, zoom: 10.6 });
    expect(a).toEqual(b);
    expect(a.zoom).toBe(10);
    expect(a.west).toBeLessThanOrEqual(139.701);
    expect(a.west).toBeGreaterThan(139.701 - cell);
  });

  it('reads a view across the 180th meridian as a west east of east, and a wider one as the world', () => {
    const across = boxOf({ west: 170, south: -10, east: 190, north: 10, zoom: 5 });
    expect(across.west).toBeGreaterThan(across.east);
    // 190° is -170°, snapped outward to the 2.8125° grid of zoom 5.
    expect(across.east).toBe(-168.75);
    expect(boxOf({ west: -300, south: -80, east: 300, north: 80, zoom: 0.5 })).toMatchObject({
      west: -180,
      east: 180,
    });
  });
});

describe('the event map features', () => {
  const answer = {
    total: 1203,
    cell: 1,
    truncated: false,
    clusters: [
      { lat: 1, lng: 2, count: 1200, type: 'Impact' as const, west: 1.5, south: 0.5, east: 2.5, north: 1.5 },
    ],
    events: [
      { id: 'e1', type: 'Impact' as const, time: '2026-11-20T05:00:00.000Z', lat: 5, lng: 6, vehicle: null },
    ],
  };

  it('draws clusters with their short count and box, events with their id, weighed for the heat view', () => {
    const { features } = eventMapFeatures(answer);
    expect(features.map((f) => f.properties)).toEqual([
      { kind: 'cluster', count: 1200, label: '1.2k', weight: 1200, box: '[1.5,0.5,2.5,1.5]' },
      { kind: 'event', id: 'e1', weight: 1 },
    ]);
    expect([shortCount(999), shortCount(35_400)]).toEqual(['999', '35k']);
  });

  it('fits to everything answered, and to nothing when nothing was', () => {
    expect(extentOf(answer)).toEqual([1.5, 0.5, 6, 5]);
    expect(extentOf({ ...answer, clusters: [], events: [] })).toBeUndefined();
  });
});
