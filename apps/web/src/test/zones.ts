// The zones the map and zone tests draw: a square on Harbor's quay and a zone around it.
import type { Zone } from '@fleetlens/contracts';

/** A square from the quay's corner to (east, north), its ring closed. */
export const quaySquare = (east = 139.701, north = 35.601): Zone['polygon'] => ({
  type: 'Polygon',
  coordinates: [
    [
      [139.7, 35.6],
      [east, 35.6],
      [east, north],
      [139.7, 35.6],
    ],
  ],
});

/** A pedestrian zone of Harbor's over the quay square, with no rules; `over` sets what a test reads. */
export const aZone = (over: Partial<Zone> = {}): Zone => ({
  id: 'z-1',
  customer: { id: 'c1', name: 'Harbor' },
  name: 'Dock walkway',
  kind: 'pedestrian',
  polygon: quaySquare(),
  rules: [],
  time_zone: 'UTC',
  updated_at: '2026-12-07T00:00:00.000Z',
  ...over,
});
