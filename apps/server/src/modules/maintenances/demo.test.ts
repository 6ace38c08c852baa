// The demo's maintenance on a fresh start: plans for the demo fleet, every vehicle under them,
// and exactly one vehicle inside its warning window once the evaluation has run, whatever the
// date; seeding again adds nothing.
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
});
