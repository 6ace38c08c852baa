// An admin publishes a notice, then moves its window into the past on the edit screen: the notice
// leaves the current list for the expired one (spec §4: expired after its expire_date).

import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { NoticesScreens } from '../pages/NoticesScreens.ts';
import { expect, test } from '../pages/test.ts';

test('a notice moves to the expired list once its expiry date has passed', async ({ page }) => {
  const shell = new ConsoleShell(page);
  const notices = new NoticesScreens(page);
  const title = 'Yard B closed for resurfacing';
  await shell.openAndSignIn('/notifications/listings', 'admin');
  await notices.openNew();
  await notices.fill({
    title,
    type: 'Disruption',
    company: 'Harbor Logistics',
    description: 'Use the east gate while Yard B is resurfaced.',
    from: NoticesScreens.inHours(-3),
    to: NoticesScreens.inHours(24),
  });
  await notices.save();
  await expect(page).toHaveURL(/#\/notifications\/listings$/);
  await expect(notices.row(title)).toBeVisible();

  await notices.openEdit(title);
  await notices.setWindow(NoticesScreens.inHours(-3), NoticesScreens.inHours(-1));
  await notices.save();
  await expect(page).toHaveURL(/#\/notifications\/listings$/);
  await expect(notices.row(title)).toHaveCount(0);

  await shell.navigate('Notices', 'Expired notifications');
  await expect(notices.row(title)).toBeVisible();
  await expect(notices.row(title)).toContainText('Harbor Logistics');
});
