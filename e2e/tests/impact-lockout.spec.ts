// A fleet manager sets a vehicle group's impact lock-out level; a device of a vehicle in the group
// reports an impact above it: the vehicle's page says it is locked since when and after which
// impact, the vehicle list marks it, and the manager unlocks it, the dialog refusing to do so
// without a reason. Setup through the API: kitting fits the vehicle, the manager files it in a
// new group.

import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { LockoutScreens } from '../pages/LockoutScreens.ts';
import { expect, test } from '../pages/test.ts';
import { uniqueName } from '../pages/unique.ts';

test.use({ signedInAs: 'manager' });

test('an impact above the group level locks the vehicle until a supervisor unlocks it with a reason', async ({
  page,
  apiAs,
  filmingVehicle,
}) => {
  test.setTimeout(120_000);
  // The impact reports no camera: the lock-out needs no video.
  const device = await filmingVehicle('Locked Reach', 1, 0);
  const { name, vehicleId } = device;
  const manager = await apiAs('manager');
  const group = uniqueName('Lock-out trucks');
  const { id: groupId } = await manager.create('/vehicle-groups', {
    customer_id: await manager.companyId('Harbor Logistics'),
    name: group,
  });
  await manager.changeVehicle(vehicleId, name, { group_id: groupId });

  const shell = new ConsoleShell(page);
  const lockout = new LockoutScreens(page);
  await shell.open('/vehicle-groups');
  await lockout.setGroupLevel(group, '2');

  await device.event('Impact', new Date(Date.now() - 5_000), { gx: 2.6 });
  await shell.open(`/vehicles/${vehicleId}/details`);
  await expect(lockout.vehicleLock()).toContainText('after an impact of 2.6 g (lock-out level 2 g)', {
    timeout: 20_000,
  });
  await expect(lockout.vehicleLock()).toContainText('Locked since');

  await shell.open('/vehicles');
  await lockout.search(name);
  await expect(lockout.listMark(name)).toHaveText('Locked');

  await shell.open(`/vehicles/${vehicleId}/details`);
  await lockout.unlock('');
  await expect(lockout.fieldError('reason')).toHaveText('Enter the reason for unlocking the vehicle.');
  await lockout.unlock('Mast and forks checked, driver unhurt');
  await expect(lockout.toast("Unlocked. The unlock is sent to the vehicle's device.")).toBeVisible();
  await expect(lockout.vehicleLock()).toHaveCount(0);
});
