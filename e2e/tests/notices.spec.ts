// Kitting staff publish a notice to one customer; that customer's manager, already signed in,
// sees the bell count rise without reloading, opens it (the count clears) and reads the notice.

import { usualBrowser } from '../pages/browsers.ts';
import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { NoticesScreens } from '../pages/NoticesScreens.ts';
import { expect, test } from '../pages/test.ts';

test('a notice published to a customer reaches its signed-in manager live', async ({ browser, baseURL }) => {
  const open = async () =>
    (await browser.newContext({ storageState: usualBrowser(baseURL ?? '') })).newPage();
  const managerPage = await open();
  const manager = new ConsoleShell(managerPage);
  const managerNotices = new NoticesScreens(managerPage);
  await manager.openAndSignIn('/virtualization', 'manager');
  await managerNotices.expectUnread(2);

  const kittingPage = await open();
  const kitting = new ConsoleShell(kittingPage);
  const notices = new NoticesScreens(kittingPage);
  await kitting.openAndSignIn('/notifications/listings', 'kitting');
  await notices.openNew();
  await notices.fill({
    title: 'Crane firmware update tonight',
    type: 'Maintenance',
    company: 'Harbor Logistics',
    description: 'Devices restart between 01:00 and 01:30.',
    from: NoticesScreens.inHours(-1),
    to: NoticesScreens.inHours(24),
  });
  await notices.save();
  await expect(kittingPage).toHaveURL(/#\/notifications\/listings$/);
  await expect(notices.row('Crane firmware update tonight')).toContainText('Harbor Logistics');

  // Pushed over the live channel: no reload on the manager's side.
  await managerNotices.expectUnread(3);
  await managerNotices.bell().click();
  await expect(managerPage.getByText('Unread notifications: 3')).toBeVisible();
  await managerNotices.expectUnread(0);
  await managerPage.getByRole('link', { name: 'See all notifications' }).click();
  await expect(managerNotices.row('Crane firmware update tonight')).toBeVisible();
});
