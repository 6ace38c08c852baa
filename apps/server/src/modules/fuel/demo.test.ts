import { addDays, localDateOf } from '@fleetlens/contracts';
import { describe, expect, it } from 'vitest';
import { startHarness } from '../../testing/harness.ts';
import { perFile } from '../../testing/perFile.ts';
import { FUEL_DEMO_DAYS, seedDemoFuel } from './demo.ts';

const h = perFile(startHarness);
const TOKYO = 540;

describe('the demo fuel log', () => {
  it('gives every vehicle three weeks up to yesterday, once, with one unusual day the report explains', async () => {
    const harbor = await h.companyId('harbor');
    const names = ['Demo fuel A', 'Demo fuel B', 'Demo fuel C'];
    for (const name of names) await h.addVehicle(harbor, name);
    const vehicles = await h.database.query<{ id: string; name: string }>(
      'SELECT id, name FROM vehicles WHERE customer_id = $1 ORDER BY name, id',
      [harbor],
    );
    const now = Date.now();
    expect(await seedDemoFuel(h.database, harbor, TOKYO, now)).toBe(vehicles.length * FUEL_DEMO_DAYS);
    expect(await seedDemoFuel(h.database, harbor, TOKYO, now)).toBe(0);

    const yesterday = addDays(localDateOf(now, TOKYO), -1);
    const start = addDays(yesterday, 1 - FUEL_DEMO_DAYS);
    const report = await h.as('manager').get(`/fuel/report?kind=details&start=${start}&end=${yesterday}`);
    expect(report.status).toBe(200);
    const rows = report.body.data.rows as { consumption_l: number; received_l: number }[];
    expect(rows).toHaveLength(vehicles.length * FUEL_DEMO_DAYS);
    expect(rows.every((r) => r.consumption_l >= 0)).toBe(true);
    expect(rows.some((r) => r.received_l > 0)).toBe(true);
    const [anomaly, ...others] = report.body.data.anomalies;
    expect(others).toEqual([]);
    expect(anomaly).toMatchObject({ vehicle_name: vehicles[0]?.name, day: yesterday });
    expect(anomaly.deviation).toBeLessThan(-0.3);
    expect(anomaly.deviation).toBeGreaterThan(-0.45);
  });
});
