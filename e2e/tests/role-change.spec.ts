// Spec §4, a role change for a signed-in user: an admin gives the operator a download role while
// the operator works; the operator's console re-reads the profile at once, rebuilds its menu
// (managerial data appears) and closes the open tabs. Taking the role back removes it again.
import type { Page } from '@playwright/test';
import { usualBrowser } from '../pages/browsers.ts';
import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { expect, test } from '../pages/test.ts';
import { UsersScreens } from '../pages/UsersScreens.ts';

async function setDownloadRole(page: Page, users: UsersScreens, role: string) {
  await page.goto('/#/users');
  await users.row('operator').getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/#\/users\/[^/]+\/edit$/);
  await users.pick('download_role', role);
  await users.save();
  await expect(page).toHaveURL(/#\/users$/);
}

test('a role change reaches a signed-in user without a reload', async ({ browser, baseURL }) => {
  const open = async () =>
    (await browser.newContext({ storageState: usualBrowser(baseURL ?? '') })).newPage();
  const operatorPage = await open();
  const operator = new ConsoleShell(operatorPage);
  await operator.openAndSignIn('/notifications/listings', 'operator');
  await expect.poll(() => operator.sidebarEntries()).toEqual(['Charts', 'Notices']);
  await expect.poll(() => operator.tagTitles()).toContain('Notifications');

  const adminPage = await open();
  const admin = new ConsoleShell(adminPage);
  const users = new UsersScreens(adminPage);
  await admin.openAndSignIn('/users', 'admin');
  await setDownloadRole(adminPage, users, 'Request and download');

  await expect.poll(() => operator.sidebarEntries()).toEqual(['Charts', 'Managerial data', 'Notices']);
  // Every tab but the affixed ones was closed.
  await expect.poll(() => operator.tagTitles()).toEqual(['Charts']);

  await setDownloadRole(adminPage, users, 'Not allowed');
  await expect.poll(() => operator.sidebarEntries()).toEqual(['Charts', 'Notices']);
});
