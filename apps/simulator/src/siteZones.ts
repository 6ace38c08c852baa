// The yard's safety zones, from the same numbers as its plan (sitePlan.ts): the demo seed gives
// them to the demo customer. The dock walkway is the lane in front of docks 2 and 3 where the dock
// crews cross on foot: vehicles at 6 km/h at most (the devices cap them), and none at lunch,
// 12:00 to 13:00 yard time, when the crews walk to the canteen; a vehicle that enters then is a
// zone breach, which the round-the-clock shifts make a few times a day.
import { DEMO_YARD, toLatLng, type Yard } from './yard.ts';

export interface SiteZone {
  name: string;
  kind: 'pedestrian' | 'speed' | 'no-go' | 'loading-dock';
  polygon: { type: 'Polygon'; coordinates: [number, number][][] };
  rules: (
    | { type: 'speed-limit'; speed_kmh: number }
    | { type: 'hours'; from: string; to: string }
    | { type: 'no-entry' }
  )[];
  time_zone: string;
}

/** The walkway's limit, km/h: walking pace and a little, as sites post in front of doors. */
export const DOCK_WALKWAY_KMH = 6;

export function yardZones(yard: Yard): SiteZone[] {
  const [, second = 0] = yard.lanes;
  const [, , third = 0, fourth = 0] = yard.aisles;
  // Around the second lane between the middle of the second and the third rack block: the
  // crossing at the third aisle is inside, where vehicles turn and stop.
  const west = (yard.aisles[1] ?? 0) + (third - (yard.aisles[1] ?? 0)) / 2;
  const east = third + (fourth - third) / 2;
  const ring = [
    { x: west, y: second - 5 },
    { x: east, y: second - 5 },
    { x: east, y: second + 5 },
    { x: west, y: second + 5 },
    { x: west, y: second - 5 },
  ].map((p) => {
    const { lng, lat } = toLatLng(yard, p);
    return [lng, lat] as [number, number];
  });
  return [
    {
      name: 'Dock walkway',
      kind: 'pedestrian',
      polygon: { type: 'Polygon', coordinates: [ring] },
      rules: [
        { type: 'speed-limit', speed_kmh: DOCK_WALKWAY_KMH },
        // Entering is allowed from 13:00 round to 12:00: not at lunch.
        { type: 'hours', from: '13:00', to: '12:00' },
      ],
      time_zone: 'Asia/Tokyo',
    },
  ];
}

/** The demo yard's zones: what the demo customer's zones list starts with. */
export const demoZones = (): SiteZone[] => yardZones(DEMO_YARD);
