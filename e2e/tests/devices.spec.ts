// Support registers devices: digits-only ids, channel 1 to 4, a device id used once; finds them
// by search and by "with or without a vehicle"; a device with a registered vehicle is kept, one
// without is deleted.

import { ConsoleApi } from '../pages/ConsoleApi.ts';
import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { DevicesScreens } from '../pages/DevicesScreens.ts';
import { expect, test } from '../pages/test.ts';

test('support registers, finds and deletes devices by the spec rules', async ({ page }) => {
  test.setTimeout(120_000);
  const shell = new ConsoleShell(page);
  const devices = new DevicesScreens(page);
  await shell.openAndSignIn('/devices', 'support');

  // Setup: the customer's vehicle (the vehicle screens belong to another story), through the API.
  const api = new ConsoleApi(page);
  await api.create('/vehicles', {
    customer_id: await api.companyId('Harbor Logistics'),
    name: 'Forklift D-1',
    introduce_date: '2026-01-15',
  });

  await devices.openNew();
  await devices.fill({
    customer: 'Harbor Logistics',
    deviceId: '77A',
    type: 'DV426',
    channel: 5,
    camera: 'D1-CAM',
  });
  await devices.save();
  await expect(devices.fieldError('device_id')).toHaveText('Enter digits only.');
  await expect(devices.fieldError('channel_number')).toHaveText('Enter a channel number from 1 to 4.');
  await devices.fill({ deviceId: '770001', channel: 2, vehicle: 'Forklift D-1' });
  await devices.save();
  await expect(page).toHaveURL(/#\/devices\/[0-9a-f-]+\/details$/);
  await expect(page.locator('.ant-descriptions').getByText('Forklift D-1', { exact: true })).toBeVisible();

  await page.goto('/#/devices/new');
  await devices.fill({
    customer: 'Harbor Logistics',
    deviceId: '770001',
    type: 'DV456',
    channel: 1,
    camera: 'D2-CAM',
  });
  await devices.save();
  await expect(devices.fieldError('device_id')).toHaveText('Device ID already registered.');
  await devices.fill({ deviceId: '770002' });
  await devices.save();
  await expect(page).toHaveURL(/#\/devices\/[0-9a-f-]+\/details$/);

  await page.goto('/#/devices');
  await devices.search('7700');
  await expect(devices.rows()).toHaveCount(2);
  await devices.filterVehicle('Without a vehicle');
  await expect(devices.rows()).toHaveCount(1);
  await expect(devices.rows().first()).toContainText('770002');

  await devices.search('770001');
  await devices.filterVehicle('With a vehicle');
  await devices.openDetails('770001');
  await devices.delete();
  await expect(page.getByText('A device with a registered vehicle cannot be deleted.').first()).toBeVisible();
  await expect(page).toHaveURL(/details$/);

  await page.goto('/#/devices');
  await devices.search('770002');
  await devices.filterVehicle('Without a vehicle');
  await devices.openDetails('770002');
  await devices.delete();
  await expect(page).toHaveURL(/#\/devices$/);
});
