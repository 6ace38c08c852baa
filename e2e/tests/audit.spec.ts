// An admin edits a customer and reads the change in the audit log: who, which company, and the
// field before and after. A support user has no audit log.

import { AuditScreens } from '../pages/AuditScreens.ts';
import { NEW_BROWSER } from '../pages/browsers.ts';
import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { CustomersScreens } from '../pages/CustomersScreens.ts';
import { expect, test } from '../pages/test.ts';

test('an admin reads a customer change in the audit log', async ({ page, browser }) => {
  const shell = new ConsoleShell(page);
  const customers = new CustomersScreens(page);
  const audit = new AuditScreens(page);
  await shell.openAndSignIn('/customers', 'admin');
  await customers.row('Harbor Logistics').getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/#\/customers\/[^/]+\/edit$/);
  await customers.fill({ description: 'Harbor cranes, forklifts and yard tractors' });
  await customers.save();
  await expect(page).toHaveURL(/#\/customers$/);

  await shell.navigate('Users', 'Audit log');
  await audit.filterKind('Customer');
  const row = audit.row('Harbor Logistics', 'Edited', 'admin');
  await expect(row).toBeVisible();
  const changes = await audit.openChanges(row);
  const description = changes.getByRole('row').filter({ hasText: 'description' });
  await expect(description).toContainText('Harbor cranes, forklifts and yard tractors');

  // Admins only: support staff are told they have no access, inside the console.
  const supportPage = await (await browser.newContext({ storageState: NEW_BROWSER })).newPage();
  const supportShell = new ConsoleShell(supportPage);
  await supportShell.openAndSignIn('/audit-log', 'support');
  await expect(supportShell.pageHeading()).toHaveText('No access');
});
