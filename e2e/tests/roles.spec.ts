// An admin gives a customer a read-only role; a duplicate name in the same company is refused.

import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { RolesScreens } from '../pages/RolesScreens.ts';
import { expect, test } from '../pages/test.ts';

test('admin creates a read-only role for a customer', async ({ page }) => {
  const shell = new ConsoleShell(page);
  const roles = new RolesScreens(page);
  await shell.openAndSignIn('/roles', 'admin');
  await expect(roles.row('Fleet manager', 'Harbor Logistics')).toBeVisible();

  await roles.openNew();
  await roles.fill({ company: 'Harbor Logistics', name: 'Fleet manager' });
  await roles.save();
  await expect(page.locator('#name_help')).toHaveText('This company already has a role with this name.');

  await roles.fill({ name: 'Yard viewer', description: 'Sees vehicles and events' });
  await roles.grant('Vehicles', 'View');
  await roles.grant('Events', 'View');
  await roles.save();
  await expect(page).toHaveURL(/#\/roles$/);
  const row = roles.row('Yard viewer', 'Harbor Logistics');
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').nth(3)).toHaveText('2');
});
