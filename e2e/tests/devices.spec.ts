// Support registers devices: digits-only ids, channel 1 to 4, a device id used once; finds them
// by search and by "with or without a vehicle"; a device with a registered vehicle is kept, one
// without is deleted.

import { ConsoleApi } from '../pages/ConsoleApi.ts';
import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { DevicesScreens } from '../pages/DevicesScreens.ts';
import { expect, test } from '../pages/test.ts';
import { uniqueDigits, uniqueName } from '../pages/unique.ts';

test.use({ signedInAs: 'support' });

test('support registers, finds and deletes devices by the spec rules', async ({ page }) => {
  test.setTimeout(120_000);
  const devices = new DevicesScreens(page);
  const vehicle = uniqueName('Forklift D');
  // The story's two device ids share a prefix no other story's have: the search finds both.
  const prefix = uniqueDigits('77', 9);
  const [fitted, spare] = [`${prefix}1`, `${prefix}2`];
  await new ConsoleShell(page).open('/devices');

  // Setup: the customer's vehicle (the vehicle screens belong to another story), through the API.
  const api = new ConsoleApi(page);
  await api.create('/vehicles', {
    customer_id: await api.companyId('Harbor Logistics'),
    name: vehicle,
    introduce_date: '2026-01-15',
  });

  const register = async (deviceId: string, type: string, channel: number, camera: string) => {
    await devices.pick('customer_id', 'Harbor Logistics');
    await devices.fill({ device_id: deviceId });
    await devices.pick('device_type', type);
    await devices.fill({ channel_number: channel, cameras_0_camera_id: camera });
    await devices.save();
  };
  await devices.openNew();
  await register('77A', 'DV426', 5, 'D1-CAM');
  await expect(devices.fieldError('device_id')).toHaveText('Enter digits only.');
  await expect(devices.fieldError('channel_number')).toHaveText('Enter a channel number from 1 to 4.');
  await devices.fill({ device_id: fitted, channel_number: 2 });
  await devices.searchAndPick('vehicle_id', vehicle, vehicle);
  await devices.save();
  await devices.expectAt(/#\/devices\/[0-9a-f-]+\/details$/);
  await expect(page.locator('.ant-descriptions').getByText(vehicle, { exact: true })).toBeVisible();

  await devices.go('/devices/new');
  await register(fitted, 'DV456', 1, 'D2-CAM');
  await expect(devices.fieldError('device_id')).toHaveText('Device ID already registered.');
  await devices.fill({ device_id: spare });
  await devices.save();
  await devices.expectAt(/#\/devices\/[0-9a-f-]+\/details$/);

  await devices.go('/devices');
  await devices.search(prefix);
  await expect(devices.rows()).toHaveCount(2);
  await devices.filterVehicle('Without a vehicle');
  await expect(devices.rows()).toHaveCount(1);
  await expect(devices.rows().first()).toContainText(spare);

  await devices.search(fitted);
  await devices.filterVehicle('With a vehicle');
  await devices.openDetails(fitted);
  await devices.delete();
  await expect(devices.shown('A device with a registered vehicle cannot be deleted.').first()).toBeVisible();
  await devices.expectAt(/details$/);

  await devices.go('/devices');
  await devices.search(spare);
  await devices.filterVehicle('Without a vehicle');
  await devices.openDetails(spare);
  await devices.delete();
  await devices.expectAt(/#\/devices$/);
});
