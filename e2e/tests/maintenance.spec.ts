// The manager keeps a vehicle serviced: a kind of maintenance, a plan every 100 operating hours
// with a warning 10 hours before (a warning as long as its cycle is refused first) and one in each
// other cycle unit (elapsed hours, days, months, years), the vehicle put under the first and seen
// OK, then its maintenance recorded and kept in its history.

import { ConsoleApi } from '../pages/ConsoleApi.ts';
import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { MaintenanceScreens } from '../pages/MaintenanceScreens.ts';
import { expect, test } from '../pages/test.ts';
import { uniqueName } from '../pages/unique.ts';

test.use({ signedInAs: 'manager' });

test('manager plans a maintenance, assigns a vehicle and records its execution', async ({ page }) => {
  // Four screens and five saves: about 45 s on two cores shared with other stories.
  test.setTimeout(120_000);
  const screens = new MaintenanceScreens(page);
  const api = new ConsoleApi(page);
  const item = uniqueName('Mast chain oiling');
  const vehicle = uniqueName('Maintained truck');

  await new ConsoleShell(page).open('/maintenances/masters');
  await api.create('/vehicles', {
    customer_id: await api.companyId('Harbor Logistics'),
    name: vehicle,
    introduce_date: '2026-01-15',
  });
  await screens.createItem('Harbor Logistics', item);
  await expect(screens.rowWith(item)).toBeVisible();

  await new ConsoleShell(page).open('/maintenances');
  await screens.openForm('New', /#\/maintenances\/new$/);
  await screens.fillPlan({ company: 'Harbor Logistics', item, cycle: 100, warning: 100 });
  await screens.save();
  await expect(screens.fieldError('warning_time')).toHaveText(
    'Warning time must be less than the maintenance cycle value.',
  );
  await screens.fill({ warning_time: 10 });
  await screens.save();
  await screens.expectAt(/#\/maintenances$/);

  // The same kind of maintenance planned in each other cycle unit; a year warned a month before.
  for (const plan of [
    { unit: 'Elapsed hours', cycle: 720, warningUnit: 'Elapsed hours', warning: 24, reads: '720 hours' },
    { unit: 'Days', cycle: 30, warningUnit: 'Days', warning: 7, reads: '30 days' },
    { unit: 'Months', cycle: 6, warningUnit: 'Months', warning: 1, reads: '6 months' },
    { unit: 'Years', cycle: 1, warningUnit: 'Months', warning: 1, reads: '1 year' },
  ]) {
    await screens.openForm('New', /#\/maintenances\/new$/);
    await screens.fillPlan({ company: 'Harbor Logistics', item, ...plan });
    await screens.save();
    await screens.expectAt(/#\/maintenances$/);
    await expect(screens.planRow(item, plan.reads)).toBeVisible();
  }

  await screens.planRow(item, '100 operating hours').getByRole('link', { name: 'Vehicles' }).click();
  await screens.openForm('Add vehicle', /#\/maintenances\/[^/]+\/vehicles\/new$/);
  await screens.pickByName('vehicle_id', vehicle);
  await screens.fill({ comment: 'Left chain squeaks' });
  await screens.save();
  await screens.expectAt(/#\/maintenances\/[^/]+\/vehicles$/);
  await expect(screens.state(vehicle)).toHaveText('OK');

  await screens.rowWith(vehicle).getByRole('link', { name: 'State' }).click();
  await screens.clickButton('Record maintenance');
  await screens.expectAt(/\/execute$/);
  await screens.fill({ comment: 'Chains oiled' });
  await screens.clickButton('Record maintenance');
  await screens.expectAt(/\/confirm$/);
  await expect(screens.rowWith('Chains oiled')).toBeVisible();
});
