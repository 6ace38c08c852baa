// The sliding window of unusualReadings against the plain reading of its rule: for each reading of
// the period, the median of the vehicle's readings of the FUEL_MEDIAN_DAYS before it, sorted anew.
import {
  addDays,
  FUEL_ANOMALY_SHARE,
  FUEL_MEDIAN_DAYS,
  FUEL_MEDIAN_MIN_READINGS,
} from '@fleetlens/contracts';
import { describe, expect, it } from 'vitest';
import { unusualReadings } from './report.service.ts';

type Rate = { vehicle_id: string; name: string; day: string; l_per_h: number };

function plainly(rates: Rate[], start: string) {
  const found: { vehicle_id: string; day: string; median: number }[] = [];
  for (const [i, r] of rates.entries()) {
    if (r.day < start) continue;
    const before = rates
      .slice(0, i)
      .filter((b) => b.vehicle_id === r.vehicle_id && b.day >= addDays(r.day, -FUEL_MEDIAN_DAYS))
      .map((b) => b.l_per_h)
      .sort((a, b) => a - b);
    if (before.length < FUEL_MEDIAN_MIN_READINGS) continue;
    const mid = before.length >> 1;
    const m =
      before.length % 2
        ? (before[mid] as number)
        : ((before[mid - 1] as number) + (before[mid] as number)) / 2;
    if (m > 0 && Math.abs((r.l_per_h - m) / m) >= FUEL_ANOMALY_SHARE)
      found.push({ vehicle_id: r.vehicle_id, day: r.day, median: Math.round(m * 100) / 100 });
  }
  return found;
}

describe('unusual readings', () => {
  it('find what the plain rule finds, over gaps longer than the window and repeated figures', () => {
    const rates: Rate[] = [];
    let seed = 7;
    const next = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    for (const vehicle of ['a', 'b', 'c'])
      for (let day = '2026-01-01', n = 0; n < 200; n++) {
        // Days apart now and then by more than the window; figures often repeated, some far off.
        day = addDays(day, next() < 0.05 ? FUEL_MEDIAN_DAYS + 5 : 1 + Math.floor(next() * 3));
        const odd = next() < 0.1;
        rates.push({
          vehicle_id: vehicle,
          name: vehicle,
          day,
          l_per_h: odd ? 1 + next() * 10 : 4 + Math.round(next() * 4) / 2,
        });
      }
    const start = rates[40]?.day as string;
    const expected = plainly(rates, start);
    expect(expected.length).toBeGreaterThan(10);
    expect(
      unusualReadings(rates, start).map((a) => ({ vehicle_id: a.vehicle_id, day: a.day, median: a.median })),
    ).toEqual(expected);
  });
});
