// An admin publishes a notice, then moves its window into the past on the edit screen: the notice
// leaves the current list for the expired one (spec §4: expired after its expire_date).

import { ConsoleApi } from '../pages/ConsoleApi.ts';
import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { NoticesScreens } from '../pages/NoticesScreens.ts';
import { expect, test } from '../pages/test.ts';
import { uniqueName } from '../pages/unique.ts';

test.use({ signedInAs: 'admin' });

test('a notice moves to the expired list once its expiry date has passed', async ({ page }) => {
  const shell = new ConsoleShell(page);
  const notices = new NoticesScreens(page);
  const title = uniqueName('Yard B closed');
  await shell.open('/notifications/listings');
  // To a company of the story's own: the demo customer's users keep their unread count.
  const company = await new ConsoleApi(page).company('Yard Works');
  await notices.publish({
    title,
    type: 'Disruption',
    company: company.name,
    description: 'Use the east gate while Yard B is resurfaced.',
    from: NoticesScreens.inHours(-3),
  });

  await notices.openEdit(title);
  await notices.setWindow(NoticesScreens.inHours(-3), NoticesScreens.inHours(-1));
  await notices.save();
  await notices.expectAt(/#\/notifications\/listings$/);
  await expect(notices.mentioning(title)).toHaveCount(0);

  await shell.navigate('Notices', 'Expired notifications');
  await expect(notices.mentioning(title)).toBeVisible();
  await expect(notices.mentioning(title)).toContainText(company.name);
});
