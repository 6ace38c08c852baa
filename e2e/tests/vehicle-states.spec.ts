// Issue 5: a vehicle's running/stopping and online/offline state in the vehicle list, changing
// live while its device reports, the list filtered by state, and the vehicle's state history on
// its details page; the same badge on the dashboard map's vehicle list and popup, the vehicle map, and
// the device form's vehicle picker. Kitting sets up a vehicle of the demo customer with a device and its secret;
// the story then speaks MQTT as that device.
import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { MapScreens } from '../pages/MapScreens.ts';
import { expect, test } from '../pages/test.ts';
import { connectAsDevice, VehicleStates } from '../pages/VehicleStates.ts';
import { withVehicle } from '../pages/vehicleWithDevice.ts';

test.use({ signedInAs: 'manager' });

/** Kitting's setup: a vehicle of Harbor Logistics with a device that has a secret, uniquely named. */
const setUpVehicle = withVehicle('States Reach');

setUpVehicle(
  "a manager watches a vehicle's state change live and reads its state history",
  async ({ page, baseURL, vehicle: { name, deviceId, vehicleId, secret } }) => {
    test.setTimeout(150_000);
    const shell = new ConsoleShell(page);
    const states = new VehicleStates(page);

    await shell.open('/vehicles');
    await states.search(name);
    const row = states.vehicle(name);
    await expect(states.badge(row)).toHaveText('No report yet');

    // The device signs in and reports that it stands; then it drives. The row follows, no reload.
    const device = await connectAsDevice(baseURL ?? '', deviceId, secret);
    await device.status({ connection: 'online', motion: 'stopping' });
    await expect(states.badge(row)).toHaveAttribute('data-state', 'stopping');
    // Under a minute the time since the change reads in seconds (tens), so it visibly grows.
    await expect(states.badge(row)).toContainText(/Stopping · \d+ s/);
    await device.status({ motion: 'running' });
    await expect(states.badge(row)).toHaveAttribute('data-state', 'running');
    await expect(states.badge(row)).toContainText('Running');
    await page.screenshot({ path: test.info().outputPath('vehicle-states-list.png') });

    // It goes away: offline, and the list filtered to offline vehicles still holds it.
    await device.leave();
    await expect(states.badge(row)).toHaveAttribute('data-state', 'offline');
    await expect(states.badge(row)).toContainText('Offline');
    await states.filterByState('Offline');
    await expect(states.badge(states.vehicle(name))).toHaveAttribute('data-state', 'offline');
    await states.filterByState('Running');
    await expect(states.vehicle(name)).toHaveCount(0);

    // Its details: the state above the tabs, and today's history in order.
    await states.go(`/vehicles/${vehicleId}/details`);
    await expect(states.badge(page.getByTestId('vehicle-state').filter({ visible: true }))).toHaveAttribute(
      'data-state',
      'offline',
    );
    await states.openHistory();
    const history = states.historyTable();
    await expect(history.locator('tbody tr')).toHaveCount(4);
    const changes = await history.locator('tbody tr td:nth-child(2)').allTextContents();
    // The first report carries both: its motion has the device's time and its connection the
    // server's receive time, so either may come first by a few milliseconds.
    expect(changes.slice(0, 2).sort()).toEqual(['Connection: Online', 'Motion: Stopping']);
    expect(changes.slice(2)).toEqual(['Motion: Running', 'Connection: Offline']);
    await expect(history.locator('tbody tr td:nth-child(3)').first()).toHaveText(deviceId);
    await page.screenshot({ path: test.info().outputPath('vehicle-states-history.png') });
  },
);

setUpVehicle(
  '@mobile the vehicle list shows the state and the details its history',
  async ({ page, baseURL, vehicle: { name, deviceId, vehicleId, secret } }) => {
    test.setTimeout(150_000);
    const device = await connectAsDevice(baseURL ?? '', deviceId, secret);
    await device.status({ connection: 'online', motion: 'running' });
    const shell = new ConsoleShell(page);
    const states = new VehicleStates(page);

    await shell.open('/vehicles');
    await states.search(name);
    await expect(states.badge(states.vehicle(name))).toHaveAttribute('data-state', 'running');
    await page.screenshot({ path: test.info().outputPath('vehicle-states-list-mobile.png') });
    await device.leave();

    await states.go(`/vehicles/${vehicleId}/details?tab=states`);
    const cells = states.historyTable().locator('tbody tr td:nth-child(2)');
    await expect(cells).toHaveCount(3);
    const changes = await cells.allTextContents();
    // As in the story above: the first report's motion (device time) and connection (server time)
    // may come in either order.
    expect(changes.slice(0, 2).sort()).toEqual(['Connection: Online', 'Motion: Running']);
    expect(changes[2]).toBe('Connection: Offline');
    await page.screenshot({
      path: test.info().outputPath('vehicle-states-history-mobile.png'),
      fullPage: true,
    });
  },
);

setUpVehicle(
  "the dashboard map, the vehicle map and the device form's picker show a vehicle's state live",
  async ({ page, baseURL, browserOf, vehicle: { name, deviceId, devicePk, secret } }) => {
    // A map (WebGL in software) on a shared two-core machine takes its time.
    test.setTimeout(180_000);
    const device = await connectAsDevice(baseURL ?? '', deviceId, secret);
    await device.position(35.6172, 139.7761);
    await device.status({ connection: 'online', motion: 'running' });
    const shell = new ConsoleShell(page);
    const states = new VehicleStates(page);
    const maps = new MapScreens(page);

    // The dashboard's list shows the vehicle with its state; clicked, its popup shows the badge.
    await shell.open('/dashboard');
    await expect(maps.map()).toBeVisible();
    await maps.search(name);
    const option = maps.listItem(name);
    await expect(states.badge(option)).toHaveAttribute('data-state', 'running');
    await expect(states.badge(option)).toContainText('Running');
    await option.click();
    const popup = maps.popup();
    await expect(states.badge(popup)).toHaveAttribute('data-state', 'running');
    await expect(states.badge(popup)).toContainText(/Running · \d+ s/);

    // The vehicle stops: the open popup follows without a reload.
    await device.status({ motion: 'stopping' });
    await expect(states.badge(popup)).toHaveAttribute('data-state', 'stopping');
    await page.screenshot({ path: test.info().outputPath('vehicle-states-dashboard.png') });

    // Its vehicle map carries the state the server answers.
    await popup.getByRole('link', { name: 'Vehicle map' }).click();
    // A page of its own with a map to draw: as long as a first opening may take.
    await expect(states.badge(page.getByTestId('vehicle-map-state'))).toHaveAttribute(
      'data-state',
      'stopping',
      { timeout: 30_000 },
    );

    // Kitting's device form: the vehicle picker's option of the chosen vehicle with its state, live.
    const kitting = new ConsoleShell(await browserOf('kitting'));
    await kitting.open(`/devices/${devicePk}/edit`);
    const kittingStates = new VehicleStates(kitting.page);
    const picked = await kittingStates.pickerOption(kitting.input('vehicle_id'), name);
    await expect(kittingStates.badge(picked)).toHaveAttribute('data-state', 'stopping');
    await kitting.page.screenshot({ path: test.info().outputPath('vehicle-states-picker.png') });
    await device.leave();
    await expect(states.badge(picked)).toHaveAttribute('data-state', 'offline');
  },
);
