// A fleet clerk (the manager) enters a week of a vehicle's fuel log by keyboard alone: each empty
// hour meter takes the day before's, every figure is checked as typed, and the week is saved at
// once. A CSV file of the next days with three bad lines is refused, every bad line named by its
// number and reason, and none of its good lines saved. The report's details then explain the
// week's last day (3.9 L/h against the median of the days before), and its listings, 3 months
// and summary read the same litres per working hour; the summary exports as CSV.

import { FuelScreens } from '../pages/FuelScreens.ts';
import { expect, test } from '../pages/test.ts';
import { uniqueName } from '../pages/unique.ts';

test.use({ signedInAs: 'manager' });

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The Monday five weeks back, and its seven days: a week of the past, on any date. */
const now = Date.now();
const monday = now - ((new Date(now).getUTCDay() + 6) % 7) * DAY_MS - 35 * DAY_MS;
const days = Array.from({ length: 7 }, (_, i) => iso(monday + i * DAY_MS));

test('a week of fuel by keyboard, a CSV with bad lines refused, the unusual day explained', async ({
  page,
  apiAs,
}) => {
  const kitting = await apiAs('kitting');
  const name = uniqueName('Fuel loader');
  const { id: vehicleId } = await kitting.create('/vehicles', {
    customer_id: await kitting.companyId('Harbor Logistics'),
    name,
    introduce_date: '2026-01-15',
  });
  const fuel = new FuelScreens(page);
  await fuel.openEntry(vehicleId, days[0] ?? '');

  // 8 h a day at 6 L/h with two fills, then a day of 10 h on 39 L.
  await fuel.typeWeek(days, [
    [0, 1000, 100],
    [0, 1008, 52],
    [60, 1016, 64],
    [0, 1024, 16],
    [100, 1032, 68],
    [0, 1040, 20],
    [100, 1050, 81],
  ]);
  // A slip, seen as typed: the meter back below the day before's.
  await fuel.cell(days[3] ?? '', 'hour_meter').fill('1010');
  await expect(
    fuel.grid().getByText(`The hour meter cannot run backwards: it read 1,016 on ${days[2]}.`),
  ).toBeVisible();
  await expect(fuel.button('Save the week')).toBeDisabled();
  await fuel.cell(days[3] ?? '', 'hour_meter').fill('1024');
  await fuel.clickButton('Save the week');
  await expect(page.getByText('Results saved: 7')).toBeVisible();

  const next = (n: number) => iso(monday + (7 + n) * DAY_MS);
  await fuel.checkCsv(
    'fuel-week-2.csv',
    [
      'vehicle,date,received_l,hour_meter,remaining_l',
      `${name},${next(0)},0,1058,40`,
      `${name},${next(1)},0,1055,30`,
      `No such loader,${next(2)},0,1060,30`,
      `${name},${next(3)},lots,1070,20`,
    ].join('\n'),
  );
  await expect(fuel.csvRefusals()).toHaveText([
    `Line 3 · hour_meter: The hour meter cannot run backwards: it read 1058 on ${next(0)}.`,
    'Line 4 · vehicle: No vehicle of this name that you may see.',
    'Line 5 · received_l: Enter a number.',
  ]);
  await expect(fuel.button('Save the file')).toBeDisabled();

  await fuel.openReport('details', days[0] ?? '', next(6), vehicleId);
  await expect(fuel.anomalies()).toHaveText([
    `${name}, ${days[6]}: 3.9 L/h against a 90-day median of 6, -35%`,
  ]);
  await expect(fuel.chart()).toBeVisible();
  // Nothing of the refused file was saved: the report ends with the week typed.
  await expect(fuel.reportRow(days[6] ?? '')).toContainText('3.9 L/h against a 90-day median of 6');
  await expect(fuel.reportRow(next(0))).toHaveCount(0);

  // The other kinds: 279 L over 50 working hours in each (a ratio of sums: 5.58 L/h).
  await fuel.chooseKind('Listings');
  // The details' rows stay until the listings arrive: one line for the vehicle.
  await expect(fuel.reportRow(name)).toHaveCount(1);
  await expect(fuel.reportRow(name)).toContainText('5.58');
  await fuel.chooseKind('3 months');
  await expect(page.getByText(/^The three months from /)).toBeVisible();
  await expect(fuel.reportRow(name).first()).toBeVisible();
  await fuel.chooseKind('Summary');
  await expect(fuel.reportRow('Whole fleet')).toContainText('5.58');
  const download = page.waitForEvent('download');
  await fuel.clickButton('Export CSV');
  expect((await download).suggestedFilename()).toBe(`fuel-report-summary-${days[0]}-${next(6)}.csv`);
});
