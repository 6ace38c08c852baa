// An admin gives a customer a read-only role; a duplicate name in the same company is refused.

import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { RolesScreens } from '../pages/RolesScreens.ts';
import { expect, test } from '../pages/test.ts';
import { uniqueName } from '../pages/unique.ts';

test.use({ signedInAs: 'admin' });

test('admin creates a read-only role for a customer', async ({ page }) => {
  const roles = new RolesScreens(page);
  const name = uniqueName('Yard viewer');
  await new ConsoleShell(page).open('/roles');
  await expect(roles.role('Fleet manager', 'Harbor Logistics')).toBeVisible();

  await roles.openNew();
  await roles.pick('customer_id', 'Harbor Logistics');
  await roles.fill({ name: 'Fleet manager' });
  await roles.save();
  await expect(roles.fieldError('name')).toHaveText('This company already has a role with this name.');

  await roles.fill({ name, description: 'Sees vehicles and events' });
  await roles.grant('Vehicles', 'View');
  await roles.grant('Events', 'View');
  await roles.save();
  await roles.expectAt(/#\/roles$/);
  const row = roles.role(name, 'Harbor Logistics');
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').nth(3)).toHaveText('2');
});
