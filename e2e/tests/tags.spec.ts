// The visited-tab bar: pages open as tabs once each; close others and close all keep the affixed
// Charts tab.

import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { expect, test } from '../pages/test.ts';

test.use({ signedInAs: 'admin' });

test('visited pages collect in the tab bar and close again', async ({ page }) => {
  const shell = new ConsoleShell(page);
  await shell.open('/');
  await shell.navigate('Users', 'Users');
  await shell.navigate('Users', 'Roles');
  await shell.navigate('Users', 'Users');
  expect(await shell.tagTitles()).toEqual(['Charts', 'Users', 'Roles']);

  await shell.tagAction('Roles', 'Close others');
  expect(await shell.tagTitles()).toEqual(['Charts', 'Roles']);

  await shell.navigate('Vehicles', 'Vehicles');
  await shell.tagAction('Vehicles', 'Close all');
  expect(await shell.tagTitles()).toEqual(['Charts']);
  await expect(shell.pageHeading()).toHaveText('Charts');
});

test('a tab closes with its × or its Delete key, and the previous page shows', async ({ page }) => {
  const shell = new ConsoleShell(page);
  await shell.open('/');
  await shell.navigate('Notices', 'Notifications');
  await shell.tags().getByRole('tab', { name: 'Notifications' }).getByTitle('Close Notifications').click();
  expect(await shell.tagTitles()).toEqual(['Charts']);
  await expect(shell.pageHeading()).toHaveText('Charts');

  await shell.navigate('Notices', 'Notifications');
  await shell.tags().getByRole('tab', { name: 'Notifications' }).press('Delete');
  expect(await shell.tagTitles()).toEqual(['Charts']);
  await expect(shell.pageHeading()).toHaveText('Charts');
});
