// The demo-data generator saves valid, linked records through the API's own functions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../apps/server/src/modules/demo/seed.ts';
import { createTestDatabase, type TestDatabase } from '../apps/server/src/testing/database.ts';
import { fillCustomer } from './fill-customer.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database, 'Demo#Pass2026');
});
afterAll(async () => database?.drop());

describe('fillCustomer', () => {
  it('fills a customer with vehicles, devices, operators, cards and groups', async () => {
    const [harbor] = await database.query<{ id: string }>(
      "SELECT id FROM customers WHERE stk_user = 'harbor'",
    );
    const counts = await fillCustomer(database, harbor?.id ?? '', { vehicles: 3, operators: 4 }, 't1');
    expect(counts).toEqual({ vehicles: 3, devices: 3, operators: 4, cards: 4, groups: 2 });
    const [row] = await database.query<{ v: number; d: number; o: number; r: number }>(
      `SELECT (SELECT count(*)::int FROM vehicles WHERE name LIKE 'V-t1-%') AS v,
              (SELECT count(*)::int FROM devices d JOIN vehicles v ON v.id = d.vehicle_id WHERE v.name LIKE 'V-t1-%') AS d,
              (SELECT count(*)::int FROM operators WHERE operator_code LIKE 'OP-t1-%') AS o,
              (SELECT count(*)::int FROM rfids WHERE rfid LIKE 'RF-t1-%') AS r`,
    );
    expect(row).toEqual({ v: 3, d: 3, o: 4, r: 4 });
  });
});
