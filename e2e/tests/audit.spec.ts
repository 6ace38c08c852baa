// An admin edits a customer and reads the change in the audit log: who, which company, and the
// field before and after. A support user has no audit log.

import { AuditScreens } from '../pages/AuditScreens.ts';
import { ConsoleApi } from '../pages/ConsoleApi.ts';
import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { CustomersScreens } from '../pages/CustomersScreens.ts';
import { expect, test } from '../pages/test.ts';

test.use({ signedInAs: 'admin' });

test('an admin reads a customer change in the audit log', async ({ page, browserOf }) => {
  const shell = new ConsoleShell(page);
  const customers = new CustomersScreens(page);
  const audit = new AuditScreens(page);
  await shell.open('/customers');
  // A company of the story's own: the demo customer stays as the other stories know it.
  const company = await new ConsoleApi(page).company('Audit Cranes', 'Harbor Logistics');
  await customers.search(company.name);
  await customers.followLink(
    customers.customer(company.name).getByRole('link', { name: 'Edit' }),
    /#\/customers\/[^/]+\/edit$/,
  );
  await customers.fill({ description: 'Harbor cranes, forklifts and yard tractors' });
  await customers.save();
  await customers.expectAt(/#\/customers$/);

  await shell.navigate('Users', 'Audit log');
  await audit.filterKind('Customer');
  const row = audit.change(company.name, 'Edited', 'admin');
  await expect(row).toBeVisible();
  const changes = await audit.openChanges(row);
  const description = changes.getByRole('row').filter({ hasText: 'description' });
  await expect(description).toContainText('Harbor cranes, forklifts and yard tractors');

  // Admins only: support staff are told they have no access, inside the console.
  const support = new ConsoleShell(await browserOf('support'));
  await support.go('/audit-log');
  await support.expectNoAccess();
});
