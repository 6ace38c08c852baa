// The demo fleet's past weeks: written once, in a few seconds, with their figures computed, so
// the dashboard and the driving scores have numbers at the first start; a restart adds nothing.
import { drivingScore, HARSH_EVENT_TYPES } from '@fleetlens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/database.ts';
import { figureTotals } from '../drive-summary/figures-read.repository.ts';
import { seedDemoFleet, seedDemoFleetHistory } from './fleet.ts';
import { dayHistory, HISTORY_DAYS, historyDays } from './history.ts';
import { seedDemo } from './seed.ts';

let db: TestDatabase;
const NOW = Date.parse('2026-11-26T06:00:00Z');
let firstMs = 0;
let written = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemo(db, 'demo-password');
  await seedDemoFleet(db);
  const began = performance.now();
  written = await seedDemoFleetHistory(db, NOW);
  firstMs = performance.now() - began;
}, 120_000);
afterAll(async () => db?.drop());

const count = async (sql: string) => Number((await db.query<{ n: number }>(sql))[0]?.n ?? 0);

describe("the demo fleet's history", () => {
  it('holds five weeks of shifts of every demo vehicle, and prints how long writing them took', async () => {
    // Every day but Sundays.
    expect(written).toBe(6 * (HISTORY_DAYS - 5));
    console.log(`demo history: ${written} vehicle days in ${Math.round(firstMs)} ms`);
    // How long it takes is printed, not bounded: a time limit in a test fails by load (about 7 s
    // on PGlite on a quiet two-core machine).
    expect(await count('SELECT count(DISTINCT vehicle_id)::int AS n FROM device_positions')).toBe(6);
    expect(await count('SELECT count(*)::int AS n FROM device_events')).toBeGreaterThan(20);
    expect(await count('SELECT count(*)::int AS n FROM operator_sign_ons')).toBeGreaterThan(100);
    expect(await count('SELECT count(*)::int AS n FROM device_state_changes')).toBeGreaterThan(100);
  });

  it('has its figures computed: vehicles, operators, the fleet', async () => {
    // (A sign-off marks the hours up to the clock's now, past this test's NOW.)
    expect(
      await count(
        `SELECT count(*)::int AS n FROM figures_dirty_hours WHERE hour < '${new Date(NOW).toISOString()}'`,
      ),
    ).toBe(0);
    // Sundays off: about six days a week.
    expect(await count('SELECT count(*)::int AS n FROM fleet_day_figures')).toBeGreaterThanOrEqual(28);
    expect(await count('SELECT count(DISTINCT operator_id)::int AS n FROM operator_day_figures')).toBe(4);
    const [fleet] = await db.query<{ hours: number; km: number }>(
      'SELECT sum(operating_seconds) / 3600 AS hours, sum(distance_m) / 1000 AS km FROM fleet_month_figures',
    );
    // Six vehicles, 30 working days, most of eight hours driving.
    expect(Number(fleet?.hours)).toBeGreaterThan(400);
    expect(Number(fleet?.km)).toBeGreaterThan(1000);
  });

  it('gives every demo operator a driving score of the last weeks', async () => {
    const [customer] = await db.query<{ id: string }>("SELECT id FROM customers WHERE stk_user = 'harbor'");
    const operators = await db.query<{ id: string }>('SELECT id FROM operators WHERE customer_id = $1', [
      customer?.id,
    ]);
    const from = new Date(historyDays(NOW)[0] ?? NOW);
    const totals = await figureTotals(
      db,
      'operator',
      customer?.id ?? '',
      operators.map((o) => o.id),
      from,
      new Date(Math.floor(NOW / 3_600_000) * 3_600_000),
      HARSH_EVENT_TYPES,
    );
    const scores = [...totals.values()].map(
      (t) => drivingScore({ driving_seconds: t.operating_seconds, events: t.events }).score,
    );
    expect(scores).toHaveLength(4);
    for (const score of scores) expect(score).toBeGreaterThan(0);
  });

  it('is left alone at a restart, and a day away is added', async () => {
    expect(await seedDemoFleetHistory(db, NOW)).toBe(0);
    // 2026-11-26 is a Thursday.
    expect(await seedDemoFleetHistory(db, NOW + 86_400_000)).toBe(6);
  });

  it('is the same every time it is generated', () => {
    const [day] = historyDays(NOW);
    const operators = [{ id: 'o', card: 'c' }];
    expect(dayHistory(1, day ?? 0, operators)).toEqual(dayHistory(1, day ?? 0, operators));
  });
});
