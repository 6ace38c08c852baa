// A customer's manager adds a colleague at the sub company; a weak password and a mistyped
// confirmation are caught; the new user signs in and sees only what a user without a role sees.
// Everyone edits their own profile from the user menu, which shows only the personal fields.

import { NEW_BROWSER } from '../pages/browsers.ts';
import { ConsoleApi } from '../pages/ConsoleApi.ts';
import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { expect, test } from '../pages/test.ts';
import { UsersScreens } from '../pages/UsersScreens.ts';
import { uniqueId } from '../pages/unique.ts';

const SUB_COMPANY = 'Harbor Logistics North Terminal';

test.use({ signedInAs: 'manager' });

test('a manager adds a user who can then sign in', async ({ page, browser }) => {
  const users = new UsersScreens(page);
  const username = uniqueId('yardlead');
  await new ConsoleShell(page).open('/users');
  await expect(users.user('operator')).toBeVisible();

  await users.openNew();
  const person = { first_name: 'Yara', last_name: 'Lead', username, email: `${username}@harbor.example` };
  await users.fillUser({ ...person, password: 'weakpass' });
  await users.pick('customer_id', SUB_COMPANY);
  await users.save();
  await expect(users.fieldError('password')).toContainText(/uppercase/);

  await users.fillUser({ ...person, password: 'Yard#Lead2026', confirm: 'Yard#Lead2025' });
  await users.save();
  await expect(users.fieldError('confirm')).toHaveText('The passwords do not match.');

  await users.fill({ confirm: 'Yard#Lead2026' });
  await users.save();
  await users.expectAt(/#\/users$/);
  await users.search(username);
  await expect(users.user(username)).toContainText(SUB_COMPANY);

  const newcomer = new ConsoleShell(
    await (await browser.newContext({ storageState: NEW_BROWSER })).newPage(),
  );
  await newcomer.openAndSignIn('/', username, 'Yard#Lead2026');
  expect(await newcomer.sidebarEntries()).toEqual(['Charts', 'Notices']);
});

test('a representative user resets a colleague’s signed-in devices', async ({ page }) => {
  const users = new UsersScreens(page);
  await new ConsoleShell(page).open('/users');
  // A colleague of the story's own: the reset stays in the account's history.
  const { username } = await new ConsoleApi(page).user(SUB_COMPANY);
  await users.search(username);
  await users.openUserLink(username, 'Devices', /#\/users\/[0-9a-f-]+\/login-device$/);
  await users.clickButton('Reset signed-in devices');
  await users.clickButton('OK');
  await expect(users.mentioning('Mina Manager')).toHaveCount(1);
});

test('a user edits their own profile from the user menu, which offers no access fields', async ({
  page,
  browserOf,
}) => {
  await new ConsoleShell(page).open('/users');
  // A user of the story's own: the demo accounts keep their names.
  const { username } = await new ConsoleApi(page).user(SUB_COMPANY, { first_name: 'Kit' });
  const shell = new ConsoleShell(await browserOf());
  const profile = new UsersScreens(shell.page);
  await shell.openAndSignIn('/', username);
  await profile.openProfile();
  await expect(profile.input('first_name')).toHaveValue('Kit');
  // Company, system role, role, download role and the representative flag are not offered.
  for (const field of ['customer_id', 'sys_role', 'role_id', 'download_role', 'manager'])
    await expect(shell.page.locator(`#${field}`)).toHaveCount(0);
  await profile.fill({ first_name: 'Kitty' });
  await profile.save();
  await expect(shell.page).not.toHaveURL(/\/edit$/);
  await profile.openProfile();
  await expect(profile.input('first_name')).toHaveValue('Kitty');
});
