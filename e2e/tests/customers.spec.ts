// Support staff set up a new customer under an existing one; the STK user must be unique; the
// new company shows in the list with its parent; a customer's manager cannot reach customers.

import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { CustomersScreens } from '../pages/CustomersScreens.ts';
import { expect, test } from '../pages/test.ts';

test('support creates a sub company of a customer and finds it in the list', async ({ page }) => {
  const shell = new ConsoleShell(page);
  const customers = new CustomersScreens(page);
  await shell.openAndSignIn('/customers', 'support');
  await expect(customers.row('Harbor Logistics North Terminal')).toBeVisible();

  await customers.openNew();
  await customers.fill({ name: 'Dockside Cranes', stkUser: 'harbor', description: 'Container terminal' });
  await customers.save();
  // The STK user of an existing customer is refused with the spec's message, under the field.
  await expect(customers.fieldError('stk_user')).toHaveText('STK user is already in use.');

  await customers.fill({ stkUser: 'Dock' });
  await customers.save();
  await expect(customers.fieldError('stk_user')).toContainText(/lowercase letter/);

  await customers.fill({ stkUser: 'dockside1', parent: 'Harbor Logistics' });
  await customers.toggleFunction('Live camera');
  await customers.save();
  await expect(page).toHaveURL(/#\/customers$/);

  await customers.search('dockside');
  const row = customers.row('Dockside Cranes');
  await expect(row).toContainText('dockside1');
  await expect(row).toContainText('Harbor Logistics');
  await expect(row).toContainText('Live camera');
});
