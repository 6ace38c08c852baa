// A fleet manager reads a vehicle's drive summary for a day it drove. Kitting staff set the
// vehicle and its device up (through the API) and the device reports that day over MQTT with its
// own credentials, as a real device does (docs/device-protocol.md): two short trips with a stop
// each, and two harsh events. The manager opens the summary from the vehicle's details, chooses
// the day, and reads the same figures in the charts' table: 50 s of operating time, 0.56 km,
// 2 stops, 2 harsh events.

import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { DriveSummaryScreens } from '../pages/DriveSummaryScreens.ts';
import { expect, test } from '../pages/test.ts';
import { connectAsDevice } from '../pages/VehicleStates.ts';

test.use({ signedInAs: 'manager' });

const pad = (n: number) => String(n).padStart(2, '0');
/** Yesterday in the machine's (and the browser's) time zone. */
const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000);
const day = `${yesterday.getFullYear()}-${pad(yesterday.getMonth() + 1)}-${pad(yesterday.getDate())}`;
const at = (hh: number, mm: number, ss: number) =>
  new Date(yesterday.getFullYear(), yesterday.getMonth(), yesterday.getDate(), hh, mm, ss).toISOString();

/** Reports the day over MQTT: each message is acknowledged only once it is stored. */
async function reportTheDay(baseURL: string, deviceId: string, secret: string) {
  const device = await connectAsDevice(baseURL, deviceId, secret);
  // [hour, minute, second, latitude, km/h]: each step climbs 0.001° of latitude (111.2 m).
  const path: [number, number, number, number, number][] = [
    [9, 0, 0, 35.6, 0],
    [9, 0, 10, 35.601, 10],
    [9, 0, 20, 35.602, 10],
    [9, 0, 30, 35.603, 0],
    [9, 1, 0, 35.603, 0],
    [10, 0, 0, 35.604, 10],
    [10, 0, 10, 35.605, 10],
    [10, 0, 20, 35.606, 0],
  ];
  for (const [i, [hh, mm, ss, lat, speed]] of path.entries())
    await device.send('positions', {
      id: `sum-p-${i}`,
      time: at(hh, mm, ss),
      lat,
      lng: 139.77,
      speed,
      direction: 0,
    });
  const harsh = {
    lat: 35.6,
    lng: 139.77,
    speed: 10,
    direction: 0,
    gx: 0.5,
    gy: 0,
    gz: 1,
    roll: 0,
    pitch: 0,
    yaw: 0,
    cameras: 0,
  };
  await device.send('events', { id: 'sum-e-1', time: at(9, 0, 5), type: 'SuddenAcceleration', ...harsh });
  await device.send('events', { id: 'sum-e-2', time: at(10, 0, 15), type: 'Impact', ...harsh });
  await device.leave();
}

test("a manager reads a vehicle's drive summary of a day it drove", async ({ page, baseURL, apiAs }) => {
  test.setTimeout(120_000);
  const summary = new DriveSummaryScreens(page);

  // Setup by kitting staff: the vehicle, its device and the device's secret.
  const { name, deviceId, vehicleId, secret } = await (await apiAs('kitting')).fitVehicle(
    'Harbor Logistics',
    'Summary Reach',
  );
  await reportTheDay(baseURL ?? '', deviceId, secret);

  // The manager finds the vehicle and opens its drive summary: today, by hour, nothing yet.
  await new ConsoleShell(page).open(`/vehicles/${vehicleId}/details`);
  await summary.openFromVehicleDetails();
  await expect(summary.title()).toHaveText(`Drive summary of vehicle ${name}`);
  await expect(summary.empty()).toContainText('No driving and no harsh events in this period.');

  await summary.choosePeriod(day, day);
  await summary.expectAt(/interval=hour/);
  await expect(summary.totals()).toContainText('0:00:50');
  await expect(summary.totals()).toContainText('0.56');
  for (const chart of ['operating', 'distance', 'events'] as const)
    await expect(summary.chart(chart).locator('canvas')).toBeVisible();

  // By hour: the 9 o'clock trip (30 s, 3 steps, a stop, a sudden acceleration) and the 10 o'clock one.
  await expect(summary.columnHeaders()).toContainText([
    'Hour',
    'Operating time',
    'Distance (km)',
    'Stops',
    'Harsh events',
  ]);
  /** The hour's row: its label (MM-DD HH:00) then its figures. */
  const expectHour = async (hour: string, figures: string[]) => {
    const label = `${day.slice(5)} ${hour}`;
    await expect(summary.interval(label).locator('td')).toHaveText([label, ...figures]);
  };
  await expectHour('09:00', ['0:00:30', '0.33', '1', '1', '0', '1']);
  await expectHour('10:00', ['0:00:20', '0.22', '1', '1', '1', '0']);
  await expect(summary.totalRow().locator('td')).toHaveText(['Total', '0:00:50', '0.56', '2', '2', '1', '1']);

  // By day: the whole day in one row.
  await summary.chooseInterval('Day');
  await summary.expectAt(/interval=day/);
  await expect(summary.interval(day).locator('td')).toHaveText([day, '0:00:50', '0.56', '2', '2', '1', '1']);
});
