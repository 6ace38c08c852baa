// A kitting user sets up a customer's vehicle: creates a case, registers the vehicle's device with
// two cameras (a repeated camera id is refused under the camera), adds the SIM and activates it;
// the activation is in progress until the carrier confirms it.

import { CasesScreens } from '../pages/CasesScreens.ts';
import { ConsoleApi } from '../pages/ConsoleApi.ts';
import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { expect, test } from '../pages/test.ts';
import { uniqueDigits, uniqueName } from '../pages/unique.ts';

test.use({ signedInAs: 'kitting' });

test('a kitting user registers a two-camera device for a vehicle and activates its SIM', async ({ page }) => {
  // A long story: five screens and the carrier's few seconds.
  test.setTimeout(120_000);
  const shell = new ConsoleShell(page);
  const cases = new CasesScreens(page);
  const vehicle = uniqueName('Forklift K');
  const deviceId = uniqueDigits('88', 9);
  await shell.open('/cases');

  // Setup: the customer's vehicle (the vehicle screens belong to another story), through the API.
  const api = new ConsoleApi(page);
  await api.create('/vehicles', {
    customer_id: await api.companyId('Harbor Logistics'),
    name: vehicle,
    introduce_date: '2026-01-15',
  });

  await cases.openNew();
  await cases.fill({ case_number: uniqueName('K-E2E').replace(' ', '-'), devices_needed: 2 });
  await cases.pick('customer_id', 'Harbor Logistics');
  await cases.save();
  await cases.expectAt(/#\/cases\/[0-9a-f-]+\/detail$/);

  await cases.registerDeviceFor(vehicle);
  await cases.fill({ device_id: deviceId, channel_number: 2 });
  await cases.pick('device_type', 'DV456');
  await cases.cameras(['CAM-K1', 'CAM-K1']);
  await cases.save();
  await expect(cases.fieldError('cameras_1_camera_id')).toHaveText('Camera id must be unique.');

  await cases.fill({ cameras_1_camera_id: 'CAM-K2' });
  await cases.save();
  await cases.expectAt(/detail-device$/);
  await expect(cases.shown(deviceId)).toBeVisible();
  await expect(cases.shown('Cameras (2)')).toBeVisible();

  await cases.clickButton(/back/i);
  await expect(cases.vehicleRow(vehicle)).toContainText(deviceId);
  await cases.addSim({
    phone: `+81${uniqueDigits('90', 10)}`,
    apn: 'iot.fleet',
    user_id: 'fleet',
    password: 'Apn#2026',
  });
  await expect(cases.simStatus()).toHaveText('Waiting for activation');
  await expect(cases.input('password')).toHaveValue('');

  await cases.clickButton(/^activate$/i);
  await expect(cases.simStatus()).toContainText('Activation in progress');
  await expect(cases.shown('SIM in process of activation, please wait.')).toBeVisible();
  // The carrier confirms after a few seconds; the screen looks again by itself.
  await expect(cases.simStatus()).toHaveText('Active', { timeout: 30_000 });
});
