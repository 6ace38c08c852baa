// Issue 14: the live console. The manager opens the dashboard, finds a vehicle in the list by its
// name, follows it on the demo yard's site plan — the map's centre moves with it as its device
// reports — and filters the list and the map by a state chip. Then the console at a phone's width
// (the list in a bottom sheet) and in Japanese. The vehicle is kitting's, its device spoken by
// the story over MQTT, so its positions are known.
import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { MapScreens } from '../pages/MapScreens.ts';
import { expect, test } from '../pages/test.ts';
import { connectAsDevice } from '../pages/VehicleStates.ts';
import { withVehicle } from '../pages/vehicleWithDevice.ts';

test.use({ signedInAs: 'manager' });

const withTruck = withVehicle('Console Reach');
/** Two points on the demo yard's aisles (apps/simulator/src/yard.ts), [lat, lng]. */
const FIRST = [35.6169, 139.7759] as const;
const SECOND = [35.6177, 139.7766] as const;
/** About 10 m: the camera eases to the vehicle and stops there. */
const NEAR = 0.0001;
const off = ([lng, lat]: [number, number], [plat, plng]: readonly [number, number]) =>
  Math.max(Math.abs(lng - plng), Math.abs(lat - plat));

withTruck(
  'the manager finds a vehicle by name, follows it on the site plan and filters by state',
  async ({ page, baseURL, vehicle: { name, deviceId, secret } }) => {
    test.setTimeout(90_000);
    const device = await connectAsDevice(baseURL ?? '', deviceId, secret);
    await device.position(...FIRST);
    await device.status({ connection: 'online', motion: 'running' });
    const shell = new ConsoleShell(page);
    const maps = new MapScreens(page);
    await shell.open('/dashboard');
    await expect(maps.map()).toBeVisible();

    await maps.search(name.slice(0, -2));
    await expect(maps.listItem(name)).toBeVisible();
    await maps.listItem(name).click();
    await expect(page.getByTestId('following')).toContainText(name);
    await expect(maps.popup()).toContainText(name);
    await expect.poll(async () => off(await maps.centre(), FIRST), { timeout: 15_000 }).toBeLessThan(NEAR);

    // It drives on: the camera keeps it in the middle, no click needed.
    await device.position(...SECOND);
    await expect.poll(async () => off(await maps.centre(), SECOND), { timeout: 15_000 }).toBeLessThan(NEAR);
    await page.screenshot({ path: test.info().outputPath('live-console-desktop.png') });

    // The state chips filter the list (and the map): a running vehicle is not among the stopping.
    await maps.search('');
    await maps.stateChip('Stopping').click();
    await expect(maps.listItem(name)).toHaveCount(0);
    await maps.stateChip('Stopping').click();
    await maps.stateChip('Running').click();
    await expect(maps.listItem(name)).toBeVisible();
    await device.leave();
  },
);

test('the live console at a phone width keeps its list in a bottom sheet, in Japanese too', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const shell = new ConsoleShell(page);
  const maps = new MapScreens(page);
  await shell.open('/dashboard');
  await expect(maps.map()).toBeVisible();
  await page.getByRole('button', { name: /Vehicles \(\d+ of \d+\)/ }).click();
  await expect(maps.listItem('FL-01 Counterbalance')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('live-console-mobile.png') });
  await maps.listItem('FL-01 Counterbalance').click();
  await expect(page.getByTestId('following')).toContainText('FL-01 Counterbalance');
  await page.screenshot({ path: test.info().outputPath('live-console-mobile-following.png') });

  await page.setViewportSize({ width: 1280, height: 800 });
  await shell.switchLanguage('日本語');
  await expect(maps.counts()).toContainText('稼働中');
  await page.screenshot({ path: test.info().outputPath('live-console-ja.png') });
});
