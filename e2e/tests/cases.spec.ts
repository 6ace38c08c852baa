// A kitting user sets up a customer's vehicle: creates a case, registers the vehicle's device with
// two cameras (a repeated camera id is refused under the camera), adds the SIM and activates it;
// the activation is in progress until the carrier confirms it.

import { CasesScreens } from '../pages/CasesScreens.ts';
import { ConsoleApi } from '../pages/ConsoleApi.ts';
import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { expect, test } from '../pages/test.ts';

test('a kitting user registers a two-camera device for a vehicle and activates its SIM', async ({ page }) => {
  // A long story: sign-in, five screens and the carrier's few seconds.
  test.setTimeout(120_000);
  const shell = new ConsoleShell(page);
  const cases = new CasesScreens(page);
  await shell.openAndSignIn('/cases', 'kitting');

  // Setup: the customer's vehicle (the vehicle screens belong to another story), through the API.
  const api = new ConsoleApi(page);
  await api.create('/vehicles', {
    customer_id: await api.companyId('Harbor Logistics'),
    name: 'Forklift K-1',
    introduce_date: '2026-01-15',
  });

  await cases.openNew();
  await cases.fillCase({ caseNumber: 'K-E2E-001', customer: 'Harbor Logistics', devicesNeeded: 2 });
  await cases.save();
  await expect(page).toHaveURL(/#\/cases\/[0-9a-f-]+\/detail$/);

  await cases.registerDeviceFor('Forklift K-1');
  await cases.fillDevice({ deviceId: '880001', type: 'DV456', channel: 2, cameras: ['CAM-K1', 'CAM-K1'] });
  await cases.save();
  await expect(cases.fieldError('cameras_1_camera_id')).toHaveText('Camera id must be unique.');

  await cases.camera(1, 'CAM-K2');
  await cases.save();
  await expect(page).toHaveURL(/detail-device$/);
  await expect(page.getByText('880001')).toBeVisible();
  await expect(page.getByText('Cameras (2)')).toBeVisible();

  await page.getByRole('button', { name: /back/i }).filter({ visible: true }).click();
  await expect(cases.vehicleRow('Forklift K-1')).toContainText('880001');
  await cases.addSim({ phone: '+81 90 1111 2222', apn: 'iot.fleet', userId: 'fleet', password: 'Apn#2026' });
  await expect(cases.simStatus()).toHaveText('Waiting for activation');
  await expect(page.locator('#password')).toHaveValue('');

  await cases.simAction(/^activate$/i);
  await expect(cases.simStatus()).toContainText('Activation in progress');
  await expect(page.getByText('SIM in process of activation, please wait.')).toBeVisible();
  // The carrier confirms after a few seconds; the screen looks again by itself.
  await expect(cases.simStatus()).toHaveText('Active', { timeout: 30_000 });
});
