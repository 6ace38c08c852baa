// Support staff read a user's sign-ins: every attempt, the failed ones, and those since the last
// device reset (spec §7: login history, error history, after-reset history).

import { NEW_BROWSER } from '../pages/browsers.ts';
import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { SignInPage } from '../pages/SignInPage.ts';
import { expect, test } from '../pages/test.ts';
import { UsersScreens } from '../pages/UsersScreens.ts';

test("support reads a user's sign-ins, failed sign-ins and those since the last reset", async ({
  page,
  browser,
}) => {
  // Someone tries the kitting account with a wrong password first.
  const stranger = await (await browser.newContext({ storageState: NEW_BROWSER })).newPage();
  await stranger.goto('/');
  const signIn = new SignInPage(stranger);
  await signIn.signIn('kitting', 'Not#The2026Password');
  await expect(signIn.alert()).toBeVisible();

  const shell = new ConsoleShell(page);
  const users = new UsersScreens(page);
  await shell.openAndSignIn('/users', 'support');
  await users.row('kitting').getByRole('link', { name: 'Sign-ins' }).click();
  await expect(shell.pageHeading()).toHaveText('Login history');
  const visible = page.getByRole('tabpanel').filter({ visible: true });
  await expect(visible.getByRole('row').filter({ hasText: 'Wrong password' })).toBeVisible();

  await page.getByRole('tab', { name: 'Failed sign-ins' }).click();
  await expect(visible.getByRole('row').filter({ hasText: 'Failed' }).first()).toBeVisible();
  await expect(visible.getByRole('row').filter({ hasText: 'Succeeded' })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Since the last reset' }).click();
  await expect(visible.getByText(/never been reset/)).toBeVisible();
});
