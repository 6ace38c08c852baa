import { describe, expect, it } from 'vitest';
import { startHarness } from '../../testing/harness.ts';
import { perFile } from '../../testing/perFile.ts';
import { INSERT_DEVICE_SQL } from '../../testing/rows.ts';
import { settleFigures } from '../drive-summary/figures.repository.ts';

const h = perFile(startHarness);
const TOKYO = 540;

/** A vehicle that drives `minutes` at 10 km/h from 09:00 Tokyo on `day`, with `events` sudden accelerations. */
async function driven(label: string, day: string, minutes: number, events: number) {
  const customer = await h.companyId('harbor');
  const vehicle = await h.addVehicle(customer, `Score Gap ${label}`);
  const [device] = await h.database.query<{ id: string }>(INSERT_DEVICE_SQL, [
    customer,
    `5009${label.padStart(5, '0')}`,
    vehicle,
  ]);
  await h.database.query(
    `INSERT INTO device_positions (device_pk, message_id, customer_id, vehicle_id, time, lat, lng, speed, direction)
     SELECT $1, 'gap-p-' || $4 || '-' || m, $2, $3, ($5 || 'T09:00:00+09:00')::timestamptz + make_interval(mins => m),
            35.6 + m * 0.0005, 139.77, 10, 0
       FROM generate_series(0, $6::int) m`,
    [device?.id, customer, vehicle, label, day, minutes],
  );
  for (let i = 0; i < events; i++)
    await h.database.query(
      `INSERT INTO device_events (device_pk, message_id, customer_id, vehicle_id, time, type, lat, lng, speed,
         direction, gx, gy, gz, roll, pitch, yaw, cameras)
       VALUES ($1, $2, $3, $4, ($5 || 'T09:10:00+09:00')::timestamptz + make_interval(secs => $6), 'SuddenAcceleration',
               35.6, 139.77, 10, 0, 0.5, 0, 1, 0, 0, 0, 0)`,
      [device?.id, `gap-e-${label}-${i}`, customer, vehicle, day, i],
    );
  return vehicle;
}

describe('the score trend', () => {
  it('leaves a day no vehicle was scored on a gap, and pools only the scored ones', async () => {
    // Two fixed past days of a range: the chart reads them the same on any date and time zone.
    const [first, second] = ['2026-10-06', '2026-10-07'];
    // First day: two vehicles of 40 minutes each, one with three harsh events. Together they drove
    // 80 minutes, but neither drove the hour a score needs: no score, not 100 − 10 × 9 / 1.33.
    const a = await driven('1', first, 40, 3);
    const b = await driven('2', first, 40, 0);
    // Second day: one vehicle of 65 minutes without events, another of 40 with three: the day's
    // score is the first one's alone (100), the unscored one's events not pooled in.
    const c = await driven('3', second, 65, 0);
    const d = await driven('4', second, 40, 3);
    while ((await settleFigures(h.database)) > 0);
    const manager = h.as('manager');
    const created = await manager.post('/charts', {
      name: 'Score gaps',
      template: 'scoreTrend',
      period: 'range',
      range_start: first,
      range_end: second,
      vehicle_ids: [a, b, c, d],
    });
    expect(created.status).toBe(201);
    for (const timesetting of [TOKYO, TOKYO + 30]) {
      const data = (await manager.get(`/charts/${created.body.data.id}/data?timesetting=${timesetting}`)).body
        .data;
      expect(data.series[0].values, `timesetting ${timesetting}`).toEqual([null, 100]);
    }
  });
});
