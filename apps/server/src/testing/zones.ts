// Zone bodies for the tests of zones and of what they send devices: a pedestrian zone with a
// 10 km/h limit over a test's own ring, each named anew (a company's zone names are unique).
import { randomUUID } from 'node:crypto';
import type { ZoneBody } from '@fleetlens/contracts';

/** The body of a zone of `customerId` over `ring` (closed: its last point is its first), `more` on top. */
export const zoneBodyOver =
  (ring: [number, number][], name: string) =>
  (customerId: string, more: Partial<ZoneBody> = {}): ZoneBody => ({
    customer_id: customerId,
    name: `${name} ${randomUUID().slice(0, 8)}`,
    kind: 'pedestrian',
    polygon: { type: 'Polygon', coordinates: [ring] },
    rules: [{ type: 'speed-limit', speed_kmh: 10 }],
    ...more,
  });
