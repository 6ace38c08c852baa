// The medians the write path keeps (median_l_per_h) against the plain reading of the rule: for
// each reading of the period, the median of the vehicle's readings of the FUEL_MEDIAN_DAYS before
// it, sorted anew; over gaps longer than the window, repeated figures, short readings that are not
// judged, and a correction in the middle that must move the medians after it.
import {
  addDays,
  FUEL_ANOMALY_MIN_HOURS,
  FUEL_ANOMALY_SHARE,
  FUEL_MEDIAN_DAYS,
  FUEL_MEDIAN_MIN_READINGS,
  FUEL_PERIOD_MAX_DAYS,
} from '@fleetlens/contracts';
import { describe, expect, it } from 'vitest';
import { startHarness } from '../../testing/harness.ts';
import { perFile } from '../../testing/perFile.ts';
import { type NewVersion, writeVersions } from './repository.ts';

const h = perFile(startHarness);
type Reading = { vehicle_id: string; day: string; hours: number; litres: number };

function plainly(readings: Reading[], start: string) {
  const rate = (r: Reading) => r.litres / r.hours;
  const found: { vehicle_id: string; day: string; median: number }[] = [];
  for (const [i, r] of readings.entries()) {
    if (r.day < start || r.hours < FUEL_ANOMALY_MIN_HOURS) continue;
    const before = readings
      .slice(0, i)
      .filter(
        (b) =>
          b.vehicle_id === r.vehicle_id &&
          b.hours >= FUEL_ANOMALY_MIN_HOURS &&
          b.day >= addDays(r.day, -FUEL_MEDIAN_DAYS),
      )
      .map(rate)
      .sort((a, b) => a - b);
    if (before.length < FUEL_MEDIAN_MIN_READINGS) continue;
    const mid = before.length >> 1;
    const m =
      before.length % 2
        ? (before[mid] as number)
        : ((before[mid - 1] as number) + (before[mid] as number)) / 2;
    if (m > 0 && Math.abs((rate(r) - m) / m) >= FUEL_ANOMALY_SHARE)
      found.push({ vehicle_id: r.vehicle_id, day: r.day, median: Math.round(m * 100) / 100 });
  }
  return found;
}

describe('unusual readings', () => {
  it('are judged against the medians the write path keeps, as the plain rule judges them', async () => {
    const harbor = await h.companyId('harbor');
    let seed = 7;
    const next = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    const readings: Reading[] = [];
    const entries: NewVersion[] = [];
    for (const name of ['Median A', 'Median B']) {
      const vehicle_id = await h.addVehicle(harbor, name);
      let meter = 100;
      let day = '2026-01-01';
      // The first reading is the one the next is measured from: no figures of its own.
      entries.push({
        customer_id: harbor,
        vehicle_id,
        day,
        received_l: 0,
        hour_meter: meter,
        remaining_l: 100,
      });
      for (let n = 0; n < 110; n++) {
        // Days apart now and then by more than the window; figures often repeated, some far off.
        day = addDays(day, next() < 0.04 ? FUEL_MEDIAN_DAYS + 5 : 1 + Math.floor(next() * 2));
        const hours = next() < 0.1 ? 0.5 : 2 + Math.floor(next() * 3);
        const rate = next() < 0.1 ? 1 + Math.round(next() * 100) / 10 : 4 + Math.round(next() * 4) / 2;
        const litres = Math.round(rate * hours * 100) / 100;
        meter += hours;
        readings.push({ vehicle_id, day, hours, litres });
        // The tank is topped up to 100 L each day: what was received is what was used.
        entries.push({
          customer_id: harbor,
          vehicle_id,
          day,
          received_l: litres,
          hour_meter: meter,
          remaining_l: 100,
        });
      }
    }
    await h.database.transaction((tx) =>
      writeVersions(tx, entries, { userId: null, name: 'Test', reason: '', source: 'entry' }),
    );
    // A correction in the middle: its rate changes, and with it the medians of the 90 days after.
    const corrected = readings[50] as Reading;
    corrected.litres = Math.round(corrected.hours * 30 * 100) / 100;
    const entry = entries.find(
      (e) => e.vehicle_id === corrected.vehicle_id && e.day === corrected.day,
    ) as NewVersion;
    await h.database.transaction((tx) =>
      writeVersions(tx, [{ ...entry, received_l: corrected.litres }], {
        userId: null,
        name: 'Test',
        reason: 'Misread',
        source: 'entry',
      }),
    );

    const start = readings[30]?.day as string;
    // The longest period a report takes.
    const end = addDays(start, FUEL_PERIOD_MAX_DAYS - 1);
    const expected = plainly(readings, start).filter((a) => a.day <= end);
    expect(expected.length).toBeGreaterThan(5);
    expect(
      expected.some((a) => a.day > corrected.day && a.day <= addDays(corrected.day, FUEL_MEDIAN_DAYS)),
    ).toBe(true);
    const res = await h.as('manager').get(`/fuel/report?kind=listings&start=${start}&end=${end}`);
    expect(res.status).toBe(200);
    const found = (res.body.data.anomalies as { vehicle_id: string; day: string; median: number }[]).map(
      ({ vehicle_id, day, median }) => ({ vehicle_id, day, median }),
    );
    const order = (a: { vehicle_id: string; day: string }, b: { vehicle_id: string; day: string }) =>
      a.vehicle_id.localeCompare(b.vehicle_id) || a.day.localeCompare(b.day);
    expect(found.sort(order)).toEqual(expected.sort(order));
  });
});
