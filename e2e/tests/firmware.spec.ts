// Support uploads a firmware file, previews it for a vehicle group and updates the group at once.
// Two devices of the group update for real (the simulator's updater): one waits while its vehicle
// runs, installs once it stops and reports the new version; the other's download does not match
// its checksum and fails, which the rollout's status shows.
import { utcToLocal } from '@fleetlens/contracts';
import { FirmwareScreens, updatingGroup } from '../pages/FirmwareScreens.ts';
import { expect, test } from '../pages/test.ts';

test.use({ signedInAs: 'support' });
test.describe.configure({ timeout: 120_000 });

test('support uploads a firmware file, previews and schedules it for a group, and watches one device update and one fail', async ({
  page,
  apiAs,
  baseURL,
}) => {
  const admin = await apiAs('admin');
  const yard = await updatingGroup(admin, baseURL ?? '', 'Harbor Logistics', [
    { label: 'OTA reach', running: true, fault: undefined },
    { label: 'OTA counter', running: false, fault: 'corrupt-download' },
  ]);
  const [good, bad] = yard.devices as [(typeof yard.devices)[0], (typeof yard.devices)[0]];
  try {
    const firmware = new FirmwareScreens(page);
    await firmware.upload('dv426_upgrade_20261201.8701_fk_Rename', 'Brake-light fix');
    await expect(page.getByText('Uploaded', { exact: true })).toBeVisible();
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const tomorrow = utcToLocal(new Date(Date.now() + 24 * 3600_000), zone);
    await firmware.scheduleForGroup('Harbor Logistics', yard.group, tomorrow);
    for (const device of [good, bad])
      await expect(firmware.previewRow(device.deviceId)).toContainText('Will be updated');
    await firmware.clickButton('Schedule update');
    await firmware.expectAt(/updated-status$/);

    // The running vehicle's device downloads, then waits; the other's download fails its check.
    await expect(firmware.deviceRow(good.deviceId)).toContainText('Waiting for the vehicle to stop', {
      timeout: 30_000,
    });
    await expect(firmware.deviceRow(bad.deviceId)).toContainText('Checksum does not match', {
      timeout: 30_000,
    });
    await good.stop();
    await expect(firmware.deviceRow(good.deviceId)).toContainText('Updated', { timeout: 30_000 });
    await expect(firmware.deviceRow(good.deviceId)).toContainText('8701');
    await expect(page.getByText('1 succeeded, 1 failed')).toBeVisible({ timeout: 10_000 });
  } finally {
    for (const device of yard.devices) await device.leave();
  }
});
