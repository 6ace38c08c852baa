// Support staff set up a new customer under an existing one; the STK user must be unique; the
// new company shows in the list with its parent; a customer's manager cannot reach customers.

import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { CustomersScreens } from '../pages/CustomersScreens.ts';
import { expect, test } from '../pages/test.ts';
import { uniqueId, uniqueName } from '../pages/unique.ts';

test.use({ signedInAs: 'support' });

test('support creates a sub company of a customer and finds it in the list', async ({ page }) => {
  const customers = new CustomersScreens(page);
  const name = uniqueName('Dockside Cranes');
  const stkUser = uniqueId('dock');
  await new ConsoleShell(page).open('/customers');
  await expect(customers.customer('Harbor Logistics North Terminal')).toBeVisible();

  await customers.openNew();
  await customers.fill({ name, stk_user: 'harbor', description: 'Container terminal' });
  await customers.save();
  // The STK user of an existing customer is refused with the spec's message, under the field.
  await expect(customers.fieldError('stk_user')).toHaveText('STK user is already in use.');

  await customers.fill({ stk_user: 'Dock' });
  await customers.save();
  await expect(customers.fieldError('stk_user')).toContainText(/lowercase letter/);

  await customers.fill({ stk_user: stkUser });
  await customers.pick('parent_id', 'Harbor Logistics');
  await customers.toggleFunction('Live camera');
  await customers.save();
  await customers.expectAt(/#\/customers$/);

  await customers.search(name);
  const row = customers.customer(name);
  await expect(row).toContainText(stkUser);
  await expect(row).toContainText('Harbor Logistics');
  await expect(row).toContainText('Live camera');
});
