// The demo's maintenance on a fresh start: plans for the demo fleet, every vehicle under them,
// and exactly one vehicle inside its warning window once the evaluation has run, whatever the
// date; seeding again adds nothing. The simulated devices count their hour meters on from their
// last reading at every start (a meter that ran backwards would be kept aside, not applied).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/database.ts';
import { seedDemoFleet } from '../demo/fleet.ts';
import { seedDemo } from '../demo/seed.ts';
import { evaluateAll } from './evaluation.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemo(db, 'Demo#Pass2026');
  await seedDemoFleet(db);
});
afterAll(async () => db?.drop());

describe('the demo maintenance', () => {
  it('puts every demo vehicle under three plans, one of them inside its warning window', async () => {
    await seedDemoFleet(db);
    await evaluateAll(db, new Date());
    const rows = await db.query<{ item: string; vehicle: string; state: string }>(
      `SELECT i.name AS item, v.name AS vehicle, mv.state FROM maintenance_vehicles mv
         JOIN maintenances m ON m.id = mv.maintenance_id JOIN maintenance_items i ON i.id = m.item_id
         JOIN vehicles v ON v.id = mv.vehicle_id ORDER BY i.name, v.name`,
    );
    const vehicles = new Set(rows.map((r) => r.vehicle));
    expect(vehicles.size).toBeGreaterThan(1);
    expect(rows).toHaveLength(3 * vehicles.size);
    expect(rows.filter((r) => r.state !== 'ok')).toEqual([
      { item: 'Annual inspection', vehicle: [...vehicles].sort()[0], state: 'warning' },
    ]);
  });

  it('gives each simulated device its last hour meter reading to count on from', async () => {
    const first = await seedDemoFleet(db);
    expect(first.map((d) => d.hourMeter)).toEqual([2140, 1875, 3320, 2960, 4410, 1530]);
    await db.query(
      `INSERT INTO device_states (device_pk, customer_id, hour_meter, hour_meter_at)
       SELECT id, customer_id, 2151.25, now() FROM devices WHERE device_id = '9000000001'
       ON CONFLICT (device_pk, customer_id) DO UPDATE SET hour_meter = excluded.hour_meter, hour_meter_at = excluded.hour_meter_at`,
    );
    const again = await seedDemoFleet(db);
    expect(again.find((d) => d.deviceId === '9000000001')?.hourMeter).toBe(2151.25);
  });
});
