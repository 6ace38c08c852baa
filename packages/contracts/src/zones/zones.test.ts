// The zone's polygon as the schema judges it: fewer than 3 distinct points, a ring that crosses or
// touches itself, coordinates out of range, a rule without its value.
import { describe, expect, it } from 'vitest';
import { DEVICE_MESSAGE_EXAMPLES } from '../device-link/examples.ts';
import { deviceCommandSchema, SPEED_LIMIT_ZONES_MAX } from '../device-link/messages.ts';
import { pointInRing, ringCrossesItself, segmentsMeet } from './geometry.ts';
import { zoneBodySchema } from './zones.ts';

const SQUARE: [number, number][] = [
  [0, 0],
  [1, 0],
  [1, 1],
  [0, 1],
];
const BOWTIE: [number, number][] = [
  [0, 0],
  [1, 1],
  [1, 0],
  [0, 1],
];
const body = (ring: [number, number][], rules: object[] = []) => ({
  customer_id: '5b4a3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d',
  name: 'Dock 1',
  kind: 'loading-dock',
  polygon: { type: 'Polygon', coordinates: [ring] },
  rules,
});
const keys = (input: unknown) => {
  const result = zoneBodySchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')} ${i.message}`);
};

describe('geometry', () => {
  it('tells crossing segments, touching ones and apart ones', () => {
    expect(segmentsMeet([0, 0], [1, 1], [0, 1], [1, 0])).toBe(true);
    expect(segmentsMeet([0, 0], [1, 0], [1, 0], [2, 1])).toBe(true);
    expect(segmentsMeet([0, 0], [1, 0], [0, 1], [1, 1])).toBe(false);
    expect(segmentsMeet([0, 0], [2, 0], [1, 0], [3, 0])).toBe(true);
    expect(segmentsMeet([0, 0], [1, 0], [2, 0], [3, 0])).toBe(false);
  });

  it('finds a ring that crosses or touches itself', () => {
    expect(ringCrossesItself(SQUARE)).toBe(false);
    expect(ringCrossesItself([...SQUARE, [0, 0]])).toBe(false);
    expect(ringCrossesItself(BOWTIE)).toBe(true);
    // A spike that folds back along its own edge.
    expect(
      ringCrossesItself([
        [0, 0],
        [2, 0],
        [1, 0],
        [1, 1],
      ]),
    ).toBe(true);
    // A point that touches another edge.
    expect(
      ringCrossesItself([
        [0, 0],
        [2, 0],
        [2, 2],
        [1, 0],
        [0, 2],
      ]),
    ).toBe(true);
  });

  it('puts a point inside or outside a ring', () => {
    expect(pointInRing(0.5, 0.5, SQUARE)).toBe(true);
    expect(pointInRing(1.5, 0.5, SQUARE)).toBe(false);
    expect(pointInRing(0.5, -0.1, SQUARE)).toBe(false);
  });
});

describe('the zone body', () => {
  it('takes a square, open or closed, with rules that carry their values', () => {
    expect(keys(body(SQUARE, [{ type: 'speed-limit', speed_kmh: 8 }, { type: 'no-entry' }]))).toEqual([]);
    expect(keys(body([...SQUARE, [0, 0]], [{ type: 'hours', from: '22:00', to: '06:00' }]))).toEqual([]);
  });

  it('refuses a ring that crosses itself, and one of fewer than 3 distinct points', () => {
    expect(keys(body(BOWTIE))).toEqual(['polygon.coordinates validation.zonePolygonCrosses']);
    expect(
      keys(
        body([
          [0, 0],
          [1, 1],
          [0, 0],
          [1, 1],
        ]),
      ),
    ).toEqual(['polygon.coordinates validation.zonePolygonPoints']);
  });

  it('refuses coordinates out of range', () => {
    expect(
      keys(
        body([
          [0, 0],
          [181, 0],
          [1, 1],
        ]),
      ),
    ).toEqual(['polygon.coordinates.0.1 validation.zoneCoordinates']);
    expect(
      keys(
        body([
          [0, 0],
          [1, -91],
          [1, 1],
        ]),
      ),
    ).toEqual(['polygon.coordinates.0.1 validation.zoneCoordinates']);
  });

  it('refuses a rule without its value, and a rule given twice', () => {
    expect(keys(body(SQUARE, [{ type: 'speed-limit' }]))).toEqual([
      'rules.0.speed_kmh validation.zoneSpeedRequired',
    ]);
    expect(keys(body(SQUARE, [{ type: 'dwell' }]))).toEqual(['rules.0.minutes validation.zoneDwellRequired']);
    expect(keys(body(SQUARE, [{ type: 'hours', from: '08:00' }]))).toEqual([
      'rules.0.to validation.zoneHoursRequired',
    ]);
    expect(keys(body(SQUARE, [{ type: 'no-entry' }, { type: 'no-entry' }]))).toEqual([
      'rules validation.zoneRuleTwice',
    ]);
  });
});

describe('the zone-speed-limits command', () => {
  const example = DEVICE_MESSAGE_EXAMPLES.commands.find(
    (c) => (c as { type: string }).type === 'zone-speed-limits',
  ) as { zones: object[] };

  it('carries the zones with their ring and limit, and at most its cap of them', () => {
    expect(deviceCommandSchema.parse(example)).toEqual(example);
    const zone = example.zones[0];
    const many = { ...example, zones: Array.from({ length: SPEED_LIMIT_ZONES_MAX + 1 }, () => zone) };
    expect(deviceCommandSchema.safeParse(many).success).toBe(false);
    expect(deviceCommandSchema.safeParse({ ...example, zones: [] }).success).toBe(true);
    expect(deviceCommandSchema.safeParse({ ...example, zones: [{ ...zone, limit_kmh: 0 }] }).success).toBe(
      false,
    );
  });
});
