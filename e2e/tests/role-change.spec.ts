// Spec §4, a role change for a signed-in user: an admin gives a user a download role while the
// user works; the user's console re-reads the profile at once, rebuilds its menu (managerial data
// appears) and closes the open tabs. Taking the role back removes it again.
import { ConsoleApi } from '../pages/ConsoleApi.ts';
import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { expect, test } from '../pages/test.ts';
import { UsersScreens } from '../pages/UsersScreens.ts';

test.use({ signedInAs: 'admin' });

test('a role change reaches a signed-in user without a reload', async ({ page, browserOf }) => {
  const users = new UsersScreens(page);
  await new ConsoleShell(page).open('/users');
  // A user of the story's own, as the demo operator is: no role, no downloads.
  const { username } = await new ConsoleApi(page).user('Harbor Logistics North Terminal');
  const setDownloadRole = async (role: string) => {
    await users.go('/users');
    await users.search(username);
    await users.openUserLink(username, 'Edit', /#\/users\/[^/]+\/edit$/);
    await users.pick('download_role', role);
    await users.save();
    await users.expectAt(/#\/users$/);
  };

  const operator = new ConsoleShell(await browserOf());
  await operator.openAndSignIn('/notifications/listings', username);
  await expect.poll(() => operator.sidebarEntries()).toEqual(['Charts', 'Notices']);
  await expect.poll(() => operator.tagTitles()).toContain('Notifications');

  await setDownloadRole('Request and download');
  await expect.poll(() => operator.sidebarEntries()).toEqual(['Charts', 'Managerial data', 'Notices']);
  // Every tab but the affixed ones was closed.
  await expect.poll(() => operator.tagTitles()).toEqual(['Charts']);

  await setDownloadRole('Not allowed');
  await expect.poll(() => operator.sidebarEntries()).toEqual(['Charts', 'Notices']);
});
