// The zone rules on positions, each instant given: a square yard near Tokyo, entered and left.
import type { ZoneRule } from '@fleetlens/contracts';
import { describe, expect, it } from 'vitest';
import {
  compileZone,
  evaluateFix,
  type Fix,
  indexZones,
  newDeviceStays,
  STAY_GAP_MS,
  withinHours,
} from './evaluate.ts';

const SQUARE = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [139.7, 35.6],
      [139.71, 35.6],
      [139.71, 35.61],
      [139.7, 35.61],
      [139.7, 35.6],
    ],
  ] as [number, number][][],
};
// An L: the notch (139.705.., 35.605..) is inside its box but outside the polygon.
const L_SHAPE = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [139.8, 35.6],
      [139.81, 35.6],
      [139.81, 35.605],
      [139.805, 35.605],
      [139.805, 35.61],
      [139.8, 35.61],
    ],
  ] as [number, number][][],
};

const zone = (rules: ZoneRule[], time_zone = 'UTC', polygon = SQUARE) =>
  compileZone({ id: 'z1', name: 'Yard', polygon, rules, time_zone });

// Noon UTC of a fixed day: the instants are given, never read from a clock.
const T0 = Date.UTC(2026, 2, 10, 12, 0, 0);
const at = (minutes: number, inside = true, speed = 5): Fix => ({
  time: T0 + minutes * 60_000,
  lng: inside ? 139.705 : 139.69,
  lat: 35.605,
  speed,
  direction: 90,
});

const run = (zones: ReturnType<typeof zone>[], fixes: Fix[]) => {
  const device = newDeviceStays();
  const set = indexZones(zones);
  return fixes.flatMap((fix) => evaluateFix(set, device, fix));
};

describe('which zones a point is in', () => {
  it('finds the point inside the polygon, not beside it nor in the notch of a concave one', () => {
    const square = zone([]);
    const l = compileZone({ id: 'l', name: 'L', polygon: L_SHAPE, rules: [], time_zone: 'UTC' });
    const set = indexZones([square, l]);
    expect(set.at(139.705, 35.605).map((z) => z.id)).toEqual(['z1']);
    expect(set.at(139.69, 35.605)).toEqual([]);
    expect(set.at(139.802, 35.608).map((z) => z.id)).toEqual(['l']);
    expect(set.at(139.808, 35.608)).toEqual([]);
    // A zone over many cells (a whole site) is found too.
    const site = compileZone({
      id: 'site',
      name: 'Site',
      polygon: {
        type: 'Polygon',
        coordinates: [
          [
            [139, 35],
            [140, 35],
            [140, 36],
            [139, 36],
          ],
        ],
      },
      rules: [],
      time_zone: 'UTC',
    });
    expect(
      indexZones([site, square])
        .at(139.705, 35.605)
        .map((z) => z.id)
        .sort(),
    ).toEqual(['site', 'z1']);
  });
});

describe('the rules', () => {
  it('speed limit: one breach per stay, at the first position over the limit', () => {
    const z = zone([{ type: 'speed-limit', speed_kmh: 10 }]);
    const breaches = run([z], [at(0, false, 20), at(1, true, 8), at(2, true, 14), at(3, true, 18)]);
    expect(breaches.map((b) => [b.fix.time, b.details])).toEqual([
      [at(2).time, { zone_id: 'z1', zone_name: 'Yard', rule: 'speed-limit', limit: '10', measured: '14' }],
    ]);
    // Left and entered again: a new stay may break it again.
    const again = run([z], [at(0, true, 14), at(1, false, 30), at(2, true, 15)]);
    expect(again.map((b) => b.details.measured)).toEqual(['14', '15']);
  });

  it('no entry: a breach on entering, none while staying, another on entering again', () => {
    const z = zone([{ type: 'no-entry' }]);
    const breaches = run([z], [at(0, false), at(1), at(2), at(3), at(4, false), at(5)]);
    expect(breaches.map((b) => [b.fix.time, b.details.rule, b.details.measured])).toEqual([
      [at(1).time, 'no-entry', null],
      [at(5).time, 'no-entry', null],
    ]);
    expect(breaches[0]?.enteredAt).toBe(at(1).time);
  });

  it('dwell: a breach at the first position more than N minutes after entering, once', () => {
    const z = zone([{ type: 'dwell', minutes: 5 }]);
    const breaches = run([z], [at(0), at(3), at(5), at(5.5), at(7), at(9)]);
    expect(breaches.map((b) => [b.fix.time, b.details.limit, b.details.measured])).toEqual([
      [at(5.5).time, '5', '5'],
    ]);
  });

  it('a silence longer than the gap ends the stay: the next position is an entry', () => {
    const z = zone([{ type: 'no-entry' }]);
    const gap = STAY_GAP_MS / 60_000 + 1;
    expect(run([z], [at(0), at(gap)]).map((b) => b.fix.time)).toEqual([at(0).time, at(gap).time]);
  });

  it('a late position (older than one taken) is skipped', () => {
    const z = zone([{ type: 'no-entry' }]);
    expect(run([z], [at(2, false), at(1), at(3, false)])).toEqual([]);
  });

  it("outside hours: entering outside the allowed hours of the zone's time zone", () => {
    // 08:00–18:00 in Tokyo (UTC+9): noon UTC is 21:00 there, outside; 01:00 UTC is 10:00, inside.
    const tokyo = zone([{ type: 'hours', from: '08:00', to: '18:00' }], 'Asia/Tokyo');
    expect(run([tokyo], [at(0)]).map((b) => b.details)).toEqual([
      { zone_id: 'z1', zone_name: 'Yard', rule: 'hours', limit: '08:00-18:00', measured: '21:00' },
    ]);
    expect(run([tokyo], [at(-11 * 60)])).toEqual([]);
    // The same hours in UTC: noon is inside.
    expect(run([zone([{ type: 'hours', from: '08:00', to: '18:00' }])], [at(0)])).toEqual([]);
    // Only entering counts: a stay begun inside the hours runs on past them without a breach.
    const utc = zone([{ type: 'hours', from: '08:00', to: '12:05' }]);
    expect(run([utc], [at(0), at(4), at(8)])).toEqual([]);
  });

  it('allowed hours over midnight', () => {
    expect(withinHours(23 * 60, '22:00', '06:00')).toBe(true);
    expect(withinHours(5 * 60 + 59, '22:00', '06:00')).toBe(true);
    expect(withinHours(6 * 60, '22:00', '06:00')).toBe(false);
    expect(withinHours(12 * 60, '22:00', '06:00')).toBe(false);
  });

  it('several rules of one zone each break once in the same stay', () => {
    const z = zone([
      { type: 'no-entry' },
      { type: 'speed-limit', speed_kmh: 10 },
      { type: 'dwell', minutes: 2 },
    ]);
    const breaches = run([z], [at(0, true, 12), at(1, true, 14), at(3, true, 3), at(4, true, 20)]);
    expect(breaches.map((b) => [b.fix.time, b.details.rule])).toEqual([
      [at(0).time, 'no-entry'],
      [at(0).time, 'speed-limit'],
      [at(3).time, 'dwell'],
    ]);
  });
});
