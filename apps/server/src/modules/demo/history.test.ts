// The demo fleet's past: from five weeks ago up to the start, today's hours included, written once
// with their figures computed, on the live simulator's shift model (shift.ts): the roster's
// operators one vehicle at a time, harsh events at the model's rate per driving hour. A restart
// adds only the time it was away. The past week holds a lock-out after an impact, released with a
// reason, and the pre-shift checks of the operators signed on at each shift's start, one of them
// failed on a critical item and its vehicle locked until released. Any date and time zone: the
// clock is this test's NOW.
import {
  checkListQuerySchema,
  drivingScore,
  HARSH_EVENT_TYPES,
  TACHOGRAPH_DEFAULT_LIMITS,
  type ZoneBreach,
} from '@fleetlens/contracts';
import { HARSH_PER_DRIVING_HOUR } from '@fleetlens/simulator/shift';
import { DOCK_WALKWAY_KMH, demoZones } from '@fleetlens/simulator/site-zones';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVERY_CUSTOMER, type Scoped } from '../../platform/access.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/database.ts';
import { figureTotals } from '../drive-summary/figures-read.repository.ts';
import { DEMO_CHECK_UNLOCK_REASON, DEMO_UNLOCK_REASON } from '../lockouts/public.ts';
import { DEMO_CHECK_DAYS, DEMO_MISSED_VEHICLE, demoChecklist } from '../pre-shift-checks/public.ts';
import { listChecks, uncheckedSince } from '../pre-shift-checks/repository.ts';
import { startOfDay } from '../pre-shift-checks/service.ts';
import { dayFigures, segmentsOf } from '../tachograph/day.ts';
import { seedDemoFleet, seedDemoFleetHistory } from './fleet.ts';
import { historyBetween, historyStart, SAMPLE_S } from './history.ts';
import { seedDemo } from './seed.ts';

let db: TestDatabase;
// A whole minute a little before the clock's now (sign-offs mark hours up to the real now).
const NOW = Math.floor(Date.now() / 60_000) * 60_000 - 3_600_000;
let firstMs = 0;
let written = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemo(db, 'demo-password');
  await seedDemoFleet(db);
  const began = performance.now();
  written = await seedDemoFleetHistory(db, NOW);
  firstMs = performance.now() - began;
}, 180_000);
afterAll(async () => db?.drop());

const count = async (sql: string, params: unknown[] = []) =>
  Number((await db.query<{ n: number }>(sql, params))[0]?.n ?? 0);
const iso = (ms: number) => new Date(ms).toISOString();
/** The walkway's bounding box (a rectangle): west, east, south, north. */
const walkwayBox = () => {
  const ring = demoZones()[0]?.polygon.coordinates[0] ?? [];
  const lngs = ring.map(([lng]) => lng);
  const lats = ring.map(([, lat]) => lat);
  return [Math.min(...lngs), Math.max(...lngs), Math.min(...lats), Math.max(...lats)];
};

describe("the demo fleet's history", () => {
  it('runs from five weeks ago up to the start, today included, and prints how long writing it took', async () => {
    const perVehicle = (NOW - historyStart(NOW)) / (SAMPLE_S * 1000);
    console.log(`demo history: ${written} positions in ${Math.round(firstMs)} ms`);
    expect(written).toBeGreaterThan(6 * perVehicle * 0.99);
    // A position at each arrival and departure besides: at most one more per sample time.
    expect(written).toBeLessThanOrEqual(2 * 6 * perVehicle);
    expect(await count('SELECT count(DISTINCT vehicle_id)::int AS n FROM device_positions')).toBe(6);
    // The hour before the start is there: today does not begin at the start.
    expect(
      await count('SELECT count(*)::int AS n FROM device_positions WHERE time > $1 AND time <= $2', [
        iso(NOW - 3_600_000),
        iso(NOW),
      ]),
    ).toBeGreaterThanOrEqual(6 * (3600 / SAMPLE_S - 1));
    expect(await count('SELECT count(*)::int AS n FROM device_positions WHERE time > $1', [iso(NOW)])).toBe(
      0,
    );
  });

  it('signs each operator on to one vehicle at a time', async () => {
    // Each sign-on's span runs to the vehicle's next sign-on or sign-off; no two of a card overlap.
    const overlaps = await count(
      `WITH spans AS (
         SELECT s.rfid, s.vehicle_id, s.time AS since,
                lead(s.time) OVER (PARTITION BY s.vehicle_id ORDER BY s.time, s.action DESC) AS until, s.action
           FROM operator_sign_ons s)
       SELECT count(*)::int AS n FROM spans a JOIN spans b
           ON a.rfid = b.rfid AND a.vehicle_id <> b.vehicle_id AND a.action = 'sign-on' AND b.action = 'sign-on'
          AND a.since < coalesce(b.until, 'infinity') AND b.since < coalesce(a.until, 'infinity')`,
    );
    expect(overlaps).toBe(0);
    expect(await count('SELECT count(DISTINCT rfid)::int AS n FROM operator_sign_ons')).toBe(4);
  });

  it("raises harsh events at the live model's rate per driving hour", async () => {
    const [fleet] = await db.query<{ hours: number; events: number }>(
      `SELECT sum(operating_seconds) / 3600.0 AS hours,
              (SELECT count(*) FROM device_events WHERE type <> 'ZoneBreach') AS events FROM fleet_month_figures`,
    );
    const rate = Number(fleet?.events) / Number(fleet?.hours);
    console.log(`demo history: ${fleet?.events} events in ${Math.round(Number(fleet?.hours))} driving hours`);
    // One operator of four drives three times as hard: between the usual rate and twice it.
    expect(rate).toBeGreaterThan(HARSH_PER_DRIVING_HOUR * 0.8);
    expect(rate).toBeLessThan(HARSH_PER_DRIVING_HOUR * 2);
  });

  it('has its figures computed, and gives every demo operator a driving score', async () => {
    expect(
      await count('SELECT count(*)::int AS n FROM figures_dirty_hours WHERE hour < $1', [
        iso(Math.floor(NOW / 3_600_000) * 3_600_000 - 3_600_000),
      ]),
    ).toBe(0);
    const [customer] = await db.query<{ id: string }>("SELECT id FROM customers WHERE stk_user = 'harbor'");
    const operators = await db.query<{ id: string }>('SELECT id FROM operators WHERE customer_id = $1', [
      customer?.id,
    ]);
    const totals = await figureTotals(
      db,
      'operator',
      customer?.id ?? '',
      operators.map((o) => o.id),
      new Date(historyStart(NOW)),
      new Date(Math.floor(NOW / 3_600_000) * 3_600_000),
      HARSH_EVENT_TYPES,
    );
    const scores = [...totals.values()].map(
      (t) => drivingScore({ driving_seconds: t.operating_seconds, events: t.events }).score,
    );
    expect(scores).toHaveLength(4);
    for (const score of scores) expect(score).toBeGreaterThan(0);
  });

  it('has the dock walkway entered at lunch as zone breaches in the events, never above its limit', async () => {
    const zones = await db.query<{ id: string; name: string }>('SELECT id, name FROM zones');
    expect(zones.map((z) => z.name)).toEqual(['Dock walkway']);
    const breaches = await db.query<{
      details: ZoneBreach;
      vehicle_id: string | null;
      operator_id: string | null;
    }>("SELECT details, vehicle_id, operator_id FROM device_events WHERE type = 'ZoneBreach'");
    // Five weeks of round-the-clock shifts cross the walkway at lunch some times a week.
    console.log(`demo history: ${breaches.length} zone breaches`);
    expect(breaches.length).toBeGreaterThan(5);
    for (const { details, vehicle_id } of breaches) {
      expect(details).toMatchObject({
        zone_id: zones[0]?.id,
        zone_name: 'Dock walkway',
        rule: 'hours',
        limit: '13:00-12:00',
      });
      expect(details.measured?.startsWith('12:')).toBe(true);
      expect(vehicle_id).not.toBeNull();
    }
    expect(breaches.some((b) => b.operator_id !== null)).toBe(true);
    // The devices cap the speed in the walkway: no position there above it, no speed breach.
    expect(
      await count(
        `SELECT count(*)::int AS n FROM device_positions
          WHERE speed > $1 AND lng BETWEEN $2 AND $3 AND lat BETWEEN $4 AND $5`,
        [DOCK_WALKWAY_KMH, ...walkwayBox()],
      ),
    ).toBe(0);
  });

  it('holds a vehicle locked after one of the past week’s impacts, and released by the manager with a reason', async () => {
    const locks = await db.query<{
      vehicle_id: string;
      event_vehicle: string;
      event_type: string;
      event_time: Date;
      impact_g: number;
      level_g: number;
      locked_at: Date;
      unlocked_at: Date | null;
      unlocked_by_name: string | null;
      unlock_reason: string | null;
    }>(
      `SELECT l.vehicle_id, e.vehicle_id AS event_vehicle, e.type AS event_type, e.time AS event_time,
              l.impact_g, l.level_g, l.locked_at, l.unlocked_at, l.unlocked_by_name, l.unlock_reason
         FROM vehicle_lockouts l JOIN device_events e ON e.id = l.event_id`,
    );
    expect(locks).toHaveLength(1);
    const [lock] = locks;
    expect(lock).toMatchObject({
      event_type: 'Impact',
      unlocked_by_name: 'manager',
      unlock_reason: DEMO_UNLOCK_REASON,
    });
    expect(lock?.vehicle_id).toBe(lock?.event_vehicle);
    expect(lock?.impact_g).toBeGreaterThanOrEqual(lock?.level_g ?? 99);
    const time = (d: Date | null | undefined) => new Date(d ?? 0).getTime();
    expect(time(lock?.event_time)).toBeGreaterThan(NOW - 7 * 86_400_000);
    expect(time(lock?.locked_at)).toBeGreaterThan(time(lock?.event_time));
    expect(time(lock?.unlocked_at)).toBeGreaterThan(time(lock?.locked_at));
    expect(time(lock?.unlocked_at)).toBeLessThan(NOW);
    // Seeded once: a restart adds no second lock (the other is the failed check's, below).
    await seedDemoFleetHistory(db, NOW);
    expect(await count("SELECT count(*)::int AS n FROM vehicle_lockouts WHERE cause = 'impact'")).toBe(1);
    expect(await count('SELECT count(*)::int AS n FROM vehicle_lockouts')).toBe(2);
  });

  describe("the week's pre-shift checks", () => {
    const WEEK_MS = DEMO_CHECK_DAYS * 86_400_000;
    const customerIdOf = async (stkUser: string) =>
      (await db.query<{ id: string }>('SELECT id FROM customers WHERE stk_user = $1', [stkUser]))[0]?.id ??
      '';
    const scopeOf = (customerIds: string[] | null): Scoped => ({ ...EVERY_CUSTOMER, customerIds });
    const page = checkListQuerySchema.parse({ perPage: 200 });

    it('gives each demo vehicle type a forklift checklist with critical items', async () => {
      const harbor = await customerIdOf('harbor');
      const templates = await db.query<{ customer_id: string; vehicle_type: string; items: unknown }>(
        'SELECT customer_id, vehicle_type, items FROM pre_shift_templates ORDER BY vehicle_type',
      );
      expect(templates.map((t) => t.vehicle_type)).toEqual([
        'counter',
        'reach',
        'reach_stacker',
        'towing_tractor',
      ]);
      for (const t of templates) {
        expect(t.customer_id).toBe(harbor);
        expect(t.items).toEqual(demoChecklist(t.vehicle_type as 'counter'));
      }
      const items = demoChecklist('counter');
      expect(items.filter((i) => i.critical).length).toBeGreaterThanOrEqual(3);
      expect(items.some((i) => !i.critical)).toBe(true);
    });

    it("holds a week of checks up to the clock, each by the operator signed on at its vehicle's shift start", async () => {
      const harbor = await customerIdOf('harbor');
      const { list, total } = await listChecks(db, scopeOf([harbor]), page);
      // Four operators on the roster, three shifts a day: one check each a shift, but the last
      // day's of the vehicle whose operators skipped them.
      const shifts = WEEK_MS / (8 * 3_600_000);
      expect(total).toBeGreaterThanOrEqual(4 * (shifts - 1) - 3);
      expect(total).toBeLessThanOrEqual(4 * (shifts + 1));
      for (const check of list) {
        const at = new Date(check.done_at).getTime();
        expect(at).toBeGreaterThan(NOW - WEEK_MS);
        expect(at).toBeLessThanOrEqual(NOW);
        expect(check.customer.id).toBe(harbor);
        expect(check.operator.name).not.toBe('');
      }
      // A sign-on of that operator to that vehicle in the quarter hour before (the shift's start).
      expect(
        await count(
          `SELECT count(*)::int AS n FROM pre_shift_checks k
            WHERE NOT EXISTS (SELECT 1 FROM operator_sign_ons s
                               WHERE s.vehicle_id = k.vehicle_id AND s.operator_id = k.operator_id
                                 AND s.customer_id = k.customer_id AND s.action = 'sign-on'
                                 AND s.time BETWEEN k.done_at - interval '15 minutes' AND k.done_at)`,
        ),
      ).toBe(0);
    });

    it('mostly passes; a few fail an item that is not critical, with a note', async () => {
      const harbor = await customerIdOf('harbor');
      const { list } = await listChecks(db, scopeOf([harbor]), page);
      const minor = list.filter((c) => !c.passed && !c.critical_failed);
      expect(list.filter((c) => c.passed).length).toBeGreaterThan(list.length * 0.8);
      expect(minor.length).toBeGreaterThanOrEqual(3);
      for (const check of minor)
        for (const item of check.items.filter((i) => !i.passed)) {
          expect(item.critical).toBe(false);
          expect(item.note).not.toBe('');
        }
    });

    it('holds one failed critical check whose lock the manager released, clear of the impact’s lock', async () => {
      const harbor = await customerIdOf('harbor');
      const { list } = await listChecks(db, scopeOf([harbor]), { ...page, result: 'critical' });
      expect(list).toHaveLength(1);
      const [check] = list;
      expect(check?.items.filter((i) => !i.passed).map((i) => i.critical)).toEqual([true]);
      const locks = await db.query<{ vehicle_id: string; locked_at: Date; unlocked_at: Date | null }>(
        'SELECT vehicle_id, locked_at, unlocked_at FROM vehicle_lockouts ORDER BY locked_at',
      );
      const [lock] = await db.query<{
        vehicle_id: string;
        locked_at: Date;
        unlocked_at: Date | null;
        unlocked_by_name: string | null;
        unlock_reason: string | null;
      }>("SELECT * FROM vehicle_lockouts WHERE cause = 'check' AND check_id = $1", [check?.id]);
      expect(lock).toMatchObject({
        vehicle_id: check?.vehicle.id,
        unlocked_by_name: 'manager',
        unlock_reason: DEMO_CHECK_UNLOCK_REASON,
      });
      const time = (d: Date | string | null | undefined) => new Date(d ?? 0).getTime();
      expect(time(lock?.locked_at)).toBeGreaterThan(time(check?.done_at));
      expect(time(lock?.unlocked_at)).toBeLessThan(NOW);
      // No lock is left open, and no vehicle is locked twice at once.
      expect(locks.every((l) => l.unlocked_at !== null)).toBe(true);
      const [first, second] = locks;
      if (first?.vehicle_id === second?.vehicle_id)
        expect(time(second?.locked_at)).toBeGreaterThan(time(first?.unlocked_at));
    });

    it("is the demo customer's only: another customer's scope sees none of it", async () => {
      const sub = await customerIdOf('harbor-north');
      const provider = await customerIdOf('fleetlens');
      for (const scope of [scopeOf([sub]), scopeOf([provider])])
        expect((await listChecks(db, scope, page)).total).toBe(0);
      expect((await listChecks(db, scopeOf(null), page)).total).toBe(
        await count('SELECT count(*)::int AS n FROM pre_shift_checks'),
      );
    });

    it("shows the vehicle whose checks were skipped on the dashboard's card, in any viewer's time zone", async () => {
      const harbor = await customerIdOf('harbor');
      const [skipped] = await db.query<{ vehicle_id: string }>(
        "SELECT vehicle_id FROM devices WHERE device_id = '9000000001'",
      );
      expect(DEMO_MISSED_VEHICLE).toBe(0); // the fleet's first: device 9000000001
      for (const zone of ['UTC', 'Asia/Tokyo', 'Europe/Berlin', 'America/Los_Angeles', 'Asia/Kolkata']) {
        const { start } = startOfDay(new Date(NOW), zone);
        // A day under two hours old may have been a break with the engine off so far.
        if (NOW - start.getTime() < 2 * 3_600_000) continue;
        const unchecked = await uncheckedSince(db, scopeOf([harbor]), start);
        expect(
          unchecked.map((v) => v.id),
          zone,
        ).toContain(skipped?.vehicle_id);
        expect(unchecked.every((v) => v.customer_id === harbor)).toBe(true);
      }
    });

    it('adds no check at a restart on the same clock', async () => {
      const before = await count('SELECT count(*)::int AS n FROM pre_shift_checks');
      await seedDemoFleetHistory(db, NOW);
      expect(await count('SELECT count(*)::int AS n FROM pre_shift_checks')).toBe(before);
    });
  });

  it('adds only the time it was away at a restart', async () => {
    expect(await seedDemoFleetHistory(db, NOW)).toBe(0);
    const checks = await count('SELECT count(*)::int AS n FROM pre_shift_checks');
    const day = await seedDemoFleetHistory(db, NOW + 86_400_000);
    expect(day).toBeGreaterThan(6 * (86_400 / SAMPLE_S) * 0.99);
    expect(day).toBeLessThanOrEqual(2 * 6 * (86_400 / SAMPLE_S));
    // The day's checks: four operators, three shifts (one vehicle's skipped); the critical failure stays the one.
    const added = (await count('SELECT count(*)::int AS n FROM pre_shift_checks')) - checks;
    expect(added).toBeGreaterThanOrEqual(4 * 2);
    expect(added).toBeLessThanOrEqual(4 * 4);
    expect(await count('SELECT count(*)::int AS n FROM pre_shift_checks WHERE critical_failed')).toBe(1);
    expect(await count('SELECT count(*)::int AS n FROM vehicle_lockouts')).toBe(2);
  });

  it('reads as a working day on the tachograph: driving, idle at the loading stops, rest at the breaks', () => {
    const operators = [{ id: 'o', card: 'c' }];
    const from = historyStart(NOW);
    const to = from + 86_400_000;
    for (const vehicle of [0, 3]) {
      const day = historyBetween(vehicle, 6, from, to, operators);
      const part = {
        samples: day.positions.map((p) => ({ time: p.time, speed: p.speed })),
        motions: day.states
          .filter((s) => s.kind === 'motion')
          .map((s) => ({ time: s.time, running: s.state === 'running' })),
      };
      const { totals } = dayFigures([part], segmentsOf([part]), from, to, TACHOGRAPH_DEFAULT_LIMITS);
      const share = (seconds: number) => seconds / 86_400;
      expect(share(totals.driving_s)).toBeGreaterThan(0.3);
      expect(share(totals.driving_s)).toBeLessThan(0.85);
      expect(share(totals.idle_s)).toBeGreaterThan(0.05);
      // Three shifts' breaks of at least 45 minutes, and the waits, with the engine off.
      expect(totals.rest_s).toBeGreaterThan(3 * TACHOGRAPH_DEFAULT_LIMITS.min_break_minutes * 60);
      expect(totals.longest_continuous_driving_s).toBeLessThan(6 * 3600);
    }
  });

  it('is the same every time it is generated', () => {
    const operators = [{ id: 'o', card: 'c' }];
    const from = historyStart(NOW);
    expect(historyBetween(1, 6, from, from + 86_400_000, operators)).toEqual(
      historyBetween(1, 6, from, from + 86_400_000, operators),
    );
  });
});
