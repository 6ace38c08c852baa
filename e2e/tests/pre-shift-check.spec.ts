// An operator signs on to a straddle carrier with their RFID card, scans the vehicle's check code
// on a phone, and fails a critical item of the checklist: the phone says the vehicle is locked, the
// manager sees it locked after the failed check on the vehicle's page and the check in the list,
// and unlocks it with a reason. Setup through the API: kitting fits the vehicle, the manager makes
// the checklist and the operator with their card (a type the demo fleet has none of: its types
// have the demo's checklists, one per type).

import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { LockoutScreens } from '../pages/LockoutScreens.ts';
import { PhoneCheckPage, PreShiftScreens } from '../pages/PreShiftScreens.ts';
import { expect, test } from '../pages/test.ts';
import { uniqueDigits, uniqueId } from '../pages/unique.ts';

test.use({ signedInAs: 'manager' });

/** A phone-sized browser with touch, signed in to nothing: the operator is no console user. */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-US' };

test('an operator fails a critical item on their phone: the vehicle stays locked until the manager unlocks it', async ({
  page,
  browser,
  apiAs,
  filmingVehicle,
}) => {
  test.setTimeout(120_000);
  // The device reports no camera: a check needs no video.
  const device = await filmingVehicle('Checked Carrier', 1, 0);
  const { name, vehicleId } = device;
  const manager = await apiAs('manager');
  await manager.changeVehicle(vehicleId, name, { vehicle_type: 'straddle_carrier' });
  await manager.create('/pre-shift-templates', {
    customer_id: await manager.companyId('Harbor Logistics'),
    vehicle_type: 'straddle_carrier',
    items: [
      { text: 'Brakes hold on the ramp', critical: true },
      { text: 'Horn sounds', critical: false },
    ],
  });
  const code = uniqueId('OP');
  const card = uniqueDigits('04', 12);
  await manager.operatorWithCard('Harbor Logistics', { code, lastName: 'Checker', card });

  const context = await browser.newContext(PHONE);
  try {
    await device.signOn(card);
    const shell = new ConsoleShell(page);
    const screens = new PreShiftScreens(page);
    await shell.open(`/vehicles/${vehicleId}/details`);
    const link = await screens.checkLink();

    const phone = new PhoneCheckPage(await context.newPage());
    await expect(async () => {
      await phone.page.goto(link);
      await expect(phone.signedOn()).toHaveText('Signed on: Aung Checker', { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await phone.answer('Brakes hold on the ramp', false, 'Pedal sinks to the floor');
    await phone.answer('Horn sounds', true);
    await phone.send(code);
    await expect(phone.result()).toContainText('The vehicle is locked');

    await shell.open(`/pre-shift-checks?vehicle_id=${vehicleId}`);
    const row = screens.checkRow(name);
    await expect(row).toContainText('Failed a critical item');
    await expect(row).toContainText('Brakes hold on the ramp (Pedal sinks to the floor)');

    const lockout = new LockoutScreens(page);
    await shell.open(`/vehicles/${vehicleId}/details`);
    await expect(lockout.vehicleLock()).toContainText(
      'after a failed pre-shift check: Brakes hold on the ramp',
    );

    await lockout.unlock('Brake fluid topped up, brakes tested');
    await expect(lockout.toast("Unlocked. The unlock is sent to the vehicle's device.")).toBeVisible();
    await expect(lockout.vehicleLock()).toHaveCount(0);
  } finally {
    await context.close();
  }
});
