// A customer's manager adds a colleague at the sub company; a weak password and a mistyped
// confirmation are caught; the new user signs in and sees only what a user without a role sees.
// Everyone edits their own profile from the user menu, which shows only the personal fields.

import { NEW_BROWSER } from '../pages/browsers.ts';
import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { expect, test } from '../pages/test.ts';
import { UsersScreens } from '../pages/UsersScreens.ts';

test('a manager adds a user who can then sign in', async ({ page, browser }) => {
  const shell = new ConsoleShell(page);
  const users = new UsersScreens(page);
  await shell.openAndSignIn('/users', 'manager');
  await expect(users.row('operator')).toBeVisible();

  await users.openNew();
  await users.fill({
    first: 'Yara',
    last: 'Lead',
    username: 'yardlead1',
    email: 'yara@harbor.example',
    password: 'weakpass',
  });
  await users.pick('customer_id', 'Harbor Logistics North Terminal');
  await users.save();
  await expect(page.locator('#password_help')).toContainText(/uppercase/);

  await users.fill({
    first: 'Yara',
    last: 'Lead',
    username: 'yardlead1',
    email: 'yara@harbor.example',
    password: 'Yard#Lead2026',
    confirm: 'Yard#Lead2025',
  });
  await users.save();
  await expect(page.locator('#confirm_help')).toHaveText('The passwords do not match.');

  await page.locator('#confirm').fill('Yard#Lead2026');
  await users.save();
  await expect(page).toHaveURL(/#\/users$/);
  await expect(users.row('yardlead1')).toContainText('Harbor Logistics North Terminal');

  const newcomer = new ConsoleShell(
    await (await browser.newContext({ storageState: NEW_BROWSER })).newPage(),
  );
  await newcomer.openAndSignIn('/', 'yardlead1', 'Yard#Lead2026');
  expect(await newcomer.sidebarEntries()).toEqual(['Charts', 'Notices']);
});

test('a representative user resets a colleague’s signed-in devices', async ({ page }) => {
  const shell = new ConsoleShell(page);
  const users = new UsersScreens(page);
  await shell.openAndSignIn('/users', 'manager');
  await users.row('operator').getByRole('link', { name: 'Devices' }).click();
  await expect(page).toHaveURL(/#\/users\/[0-9a-f-]+\/login-device$/);
  await page.getByRole('button', { name: 'Reset signed-in devices' }).click();
  await page.getByRole('button', { name: 'OK' }).click();
  const history = page.getByRole('row').filter({ hasText: 'Mina Manager' });
  await expect(history).toHaveCount(1);
});

test('a user edits their own profile from the user menu, which offers no access fields', async ({ page }) => {
  const shell = new ConsoleShell(page);
  const users = new UsersScreens(page);
  const openProfile = async () => {
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Edit profile' }).click();
    await expect(page).toHaveURL(/#\/users\/[0-9a-f-]+\/edit$/);
  };
  await shell.openAndSignIn('/', 'kitting');
  await openProfile();
  await expect(page.locator('#first_name')).toHaveValue('Kit');
  // Company, system role, role, download role and the representative flag are not offered.
  for (const field of ['customer_id', 'sys_role', 'role_id', 'download_role', 'manager'])
    await expect(page.locator(`#${field}`)).toHaveCount(0);
  await page.locator('#first_name').fill('Kitty');
  await users.save();
  await expect(page).not.toHaveURL(/\/edit$/);
  await openProfile();
  await expect(page.locator('#first_name')).toHaveValue('Kitty');
});
