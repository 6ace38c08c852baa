// Kitting staff publish a notice to one customer; that customer's user, already signed in, sees
// the bell count rise without reloading, opens it (the count clears) and reads the notice.

import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { NoticesScreens } from '../pages/NoticesScreens.ts';
import { expect, test } from '../pages/test.ts';
import { uniqueName } from '../pages/unique.ts';

test.use({ signedInAs: 'kitting' });

test('a notice published to a customer reaches its signed-in user live', async ({
  page,
  browserOf,
  apiAs,
}) => {
  const kitting = new ConsoleShell(page);
  const notices = new NoticesScreens(page);
  const title = uniqueName('Crane firmware update');
  await kitting.open('/notifications/listings');
  // A company and a user of the story's own (support's work): their unread count is the story's alone.
  const api = await apiAs('support');
  const company = await api.company('Crane Terminal', 'Harbor Logistics');
  const reader = await api.user(company.name);

  const userPage = await browserOf();
  const user = new ConsoleShell(userPage);
  const userNotices = new NoticesScreens(userPage);
  await user.openAndSignIn('/virtualization', reader.username);
  // The notices to every company are unread too.
  await expect(userNotices.bell().locator('.ant-badge-count')).toBeVisible();
  const before = await userNotices.unread();

  await notices.publish({
    title,
    type: 'Maintenance',
    company: company.name,
    description: 'Devices restart between 01:00 and 01:30.',
  });

  // Pushed over the live channel: no reload on the user's side.
  await userNotices.expectUnread(before + 1);
  await userNotices.bell().click();
  await expect(userNotices.shown(`Unread notifications: ${before + 1}`)).toBeVisible();
  await userNotices.expectUnread(0);
  await userPage.getByRole('link', { name: 'See all notifications' }).click();
  await expect(userNotices.mentioning(title)).toBeVisible();
});
