import { pointInRing } from '@fleetlens/contracts';
import { describe, expect, it } from 'vitest';
import { seededRandom } from './random.ts';
import { demoZones, type SiteZone } from './siteZones.ts';
import { CRUISE, VehicleModel, type ZoneLimit } from './vehicle.ts';
import { DEMO_YARD, intersections, routeBetween, toLatLng, toPoint } from './yard.ts';

describe('the yard', () => {
  it('routes along a lane, then along an aisle', () => {
    expect(routeBetween({ x: 0, y: 0 }, { x: 70, y: 90 })).toEqual([
      { x: 70, y: 0 },
      { x: 70, y: 90 },
    ]);
    expect(routeBetween({ x: 35, y: 45 }, { x: 35, y: 0 })).toEqual([{ x: 35, y: 0 }]);
  });

  it('places the yard around its origin', () => {
    const far = toLatLng(DEMO_YARD, { x: 175, y: 135 });
    expect(far.lat - DEMO_YARD.origin.lat).toBeCloseTo(135 / 111_320, 6);
    expect(far.lng).toBeGreaterThan(DEMO_YARD.origin.lng);
  });
});

describe('a forklift in the yard', () => {
  it('stays on the lanes and aisles, keeps to its speed, stops to load and sets off again', () => {
    const model = new VehicleModel(DEMO_YARD, seededRandom(7), intersections(DEMO_YARD)[0]);
    let stops = 0;
    let wasRunning = false;
    let maxSpeed = 0;
    for (let i = 0; i < 3600; i += 1) {
      const m = model.step(1);
      const onAisle = DEMO_YARD.aisles.some((x) => Math.abs(m.position.x - x) < 1e-6);
      const onLane = DEMO_YARD.lanes.some((y) => Math.abs(m.position.y - y) < 1e-6);
      expect(onAisle || onLane).toBe(true);
      maxSpeed = Math.max(maxSpeed, m.speed);
      if (wasRunning && !m.running) {
        stops += 1;
        expect(m.speed).toBe(0);
      }
      wasRunning = m.running;
    }
    expect(maxSpeed).toBeLessThanOrEqual(CRUISE + 1e-9);
    expect(maxSpeed).toBeGreaterThan(CRUISE * 0.9);
    expect(stops).toBeGreaterThan(10);
  });

  it('feels braking as negative gx and a quiet ride as about 1 g vertical', () => {
    const model = new VehicleModel(DEMO_YARD, seededRandom(3), intersections(DEMO_YARD)[0]);
    const samples = Array.from({ length: 600 }, () => model.step(1));
    expect(samples.some((m) => m.gx < -0.1)).toBe(true);
    const calm = samples.filter((m) => Math.abs(m.gz - 1) < 0.05);
    expect(calm.length).toBeGreaterThan(550);
  });

  it('has its first abrupt moment within its first minute of driving, then a few a shift', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const model = new VehicleModel(DEMO_YARD, seededRandom(seed), intersections(DEMO_YARD)[0]);
      const jolts: number[] = [];
      for (let second = 0; second < 1800; second += 1) {
        const m = model.step(1);
        if (Math.abs(m.gx) > 0.35 || Math.abs(m.gy) > 0.35 || Math.abs(m.gz - 1) > 0.5) jolts.push(second);
      }
      expect(jolts[0]).toBeLessThan(60);
      // Half an hour in the yard: the first, and then the shift model's rate (a few a shift), not
      // one every few minutes.
      expect(jolts.length).toBeGreaterThanOrEqual(1);
      expect(jolts.length).toBeLessThanOrEqual(4);
    }
  });
});

describe('a forklift locked after an impact', () => {
  it('creeps at most at the locked speed, and drives as before once unlocked', () => {
    const model = new VehicleModel(DEMO_YARD, seededRandom(11), intersections(DEMO_YARD)[0]);
    model.speedCap = 5 / 3.6;
    let locked = 0;
    for (let i = 0; i < 1800; i += 1) locked = Math.max(locked, model.step(1).speed);
    expect(locked).toBeGreaterThan(0);
    expect(locked).toBeLessThanOrEqual(5 / 3.6 + 1e-9);
    model.speedCap = undefined;
    let free = 0;
    for (let i = 0; i < 1800; i += 1) free = Math.max(free, model.step(1).speed);
    expect(free).toBeGreaterThan(5 / 3.6);
  });
});

describe('a forklift in a speed-limit zone', () => {
  // The demo's dock walkway as a zone-speed-limits command gives it: longitude/latitude turned into
  // the yard's metres, as the device does.
  const walkway = demoZones()[0] as SiteZone;
  const limitKmh = (walkway.rules.find((r) => r.type === 'speed-limit') as { speed_kmh: number }).speed_kmh;
  const zone: ZoneLimit = {
    limit: limitKmh / 3.6,
    ring: (walkway.polygon.coordinates[0] ?? []).map(([lng, lat]) => {
      const { x, y } = toPoint(DEMO_YARD, lat, lng);
      return [x, y] as const;
    }),
  };

  it("turns latitude and longitude back into the yard's metres", () => {
    const p = toPoint(
      DEMO_YARD,
      toLatLng(DEMO_YARD, { x: 70, y: 45 }).lat,
      toLatLng(DEMO_YARD, { x: 70, y: 45 }).lng,
    );
    expect(p.x).toBeCloseTo(70, 1);
    expect(p.y).toBeCloseTo(45, 1);
  });

  it('keeps under the limit inside, slowing down before it enters, and drives as before outside', () => {
    let inside = 0;
    let fastestInside = 0;
    let fastestOutside = 0;
    for (const seed of [7, 8, 9]) {
      const model = new VehicleModel(DEMO_YARD, seededRandom(seed), intersections(DEMO_YARD)[0]);
      model.zoneLimits = [zone];
      for (let i = 0; i < 3600; i += 1) {
        const m = model.step(1);
        if (pointInRing(m.position.x, m.position.y, zone.ring)) {
          inside += 1;
          fastestInside = Math.max(fastestInside, m.speed);
        } else fastestOutside = Math.max(fastestOutside, m.speed);
      }
    }
    expect(inside).toBeGreaterThan(10);
    // As the device reports it: km/h to one decimal, never above the limit.
    expect(Math.round(fastestInside * 36) / 10).toBeLessThanOrEqual(limitKmh);
    expect(fastestInside).toBeGreaterThan(0);
    expect(fastestOutside).toBeGreaterThan(CRUISE * 0.9);
  });

  it("keeps to the lower of a zone's limit and a lock's", () => {
    const model = new VehicleModel(DEMO_YARD, seededRandom(7), intersections(DEMO_YARD)[0]);
    model.zoneLimits = [zone];
    model.speedCap = 3 / 3.6;
    let fastest = 0;
    for (let i = 0; i < 1800; i += 1) fastest = Math.max(fastest, model.step(1).speed);
    expect(fastest).toBeLessThanOrEqual(3 / 3.6 + 1e-9);
  });
});
