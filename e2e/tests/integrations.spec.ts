// An integrator's start: the manager creates a service account reading vehicles, copies
// its secret from the dialog, a program signs in with the client-credentials grant and reads
// vehicles; revoked in the list, the same token is refused at once.

import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { IntegrationsScreens } from '../pages/IntegrationsScreens.ts';
import { expect, test } from '../pages/test.ts';
import { uniqueName } from '../pages/unique.ts';

test.use({ signedInAs: 'manager' });

test('a manager creates a service account, a program reads vehicles with it, and revoking stops it', async ({
  page,
}) => {
  const screens = new IntegrationsScreens(page);
  const name = uniqueName('Yard ERP');
  await new ConsoleShell(page).open('/service-accounts');

  await screens.openNew();
  await screens.pick('customer_id', 'Harbor Logistics');
  await screens.fill({ name });
  await screens.grant('Vehicles', 'View');
  await screens.save();
  const { clientId, secret } = await screens.takeCredentials();
  expect(clientId).toMatch(/^svc-/);
  await screens.expectAt(/#\/service-accounts$/);
  await expect(screens.account(name)).toContainText(clientId);

  const token = await screens.clientCredentialsToken(clientId, secret);
  const read = await screens.vehiclesWith(token);
  expect(read.status).toBe(200);
  expect(read.total).toBeGreaterThan(0);

  await screens.rowAction(name, 'Revoke');
  await screens.confirm();
  await expect(screens.account(name)).toHaveCount(0);
  expect((await screens.vehiclesWith(token)).status).toBe(401);
});
