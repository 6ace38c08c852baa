// Support staff read a user's sign-ins: every attempt, the failed ones, and those since the last
// device reset (spec §7: login history, error history, after-reset history).

import { ConsoleApi } from '../pages/ConsoleApi.ts';
import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { SignInPage } from '../pages/SignInPage.ts';
import { expect, test } from '../pages/test.ts';
import { UsersScreens } from '../pages/UsersScreens.ts';

test.use({ signedInAs: 'support' });

test("support reads a user's sign-ins, failed sign-ins and those since the last reset", async ({
  page,
  browserOf,
}) => {
  const shell = new ConsoleShell(page);
  const users = new UsersScreens(page);
  await shell.open('/users');
  // A user of the story's own: a wrong password counts against the account it names.
  const { username } = await new ConsoleApi(page).user('Harbor Logistics');

  // Someone tries the account with a wrong password first.
  const signIn = new SignInPage(await browserOf());
  await signIn.go('/');
  await signIn.signIn(username, 'Not#The2026Password');
  await expect(signIn.alert()).toBeVisible();

  await users.search(username);
  await users.openUserLink(username, 'Sign-ins', /#\/users\/[0-9a-f-]+\/login-history$/);
  await expect(shell.pageHeading()).toHaveText('Login history');
  const tab = page.getByRole('tabpanel').filter({ visible: true });
  await expect(tab.getByRole('row').filter({ hasText: 'Wrong password' })).toBeVisible();

  await users.tab('Failed sign-ins').click();
  await expect(tab.getByRole('row').filter({ hasText: 'Failed' }).first()).toBeVisible();
  await expect(tab.getByRole('row').filter({ hasText: 'Succeeded' })).toHaveCount(0);

  await users.tab('Since the last reset').click();
  await expect(tab.getByText(/never been reset/)).toBeVisible();
});
