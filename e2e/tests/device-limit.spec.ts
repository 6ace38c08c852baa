// Each browser gets a DEVICE_ID of its own; a user signed in on more browsers than the limit
// (3 by default) is logged out and sees the 403 page, while a known browser stays signed in. The
// refused user is not stranded: signing in again from the 403 page signs their other browsers out.

import { NEW_BROWSER } from '../pages/browsers.ts';
import { ConsoleApi } from '../pages/ConsoleApi.ts';
import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { expect, test } from '../pages/test.ts';

test.use({ signedInAs: 'support' });

test('a user over the device limit lands on the 403 page', async ({ page, browser, browserOf }) => {
  // Five browsers sign in one after another: on two cores shared with another story (the live
  // camera's encoders, say) that passed 60 s in CI.
  test.setTimeout(120_000);
  const limit = 3;
  // A user of the story's own: freeing their browsers leaves a reset in their history, which
  // other stories must not find in a demo account's.
  await new ConsoleShell(page).open('/notifications/listings');
  const { username } = await new ConsoleApi(page).user('Harbor Logistics');
  // The user's usual browser first: it is known from now on.
  const usual = new ConsoleShell(await browserOf());
  await usual.openAndSignIn('/notifications/listings', username);

  let refusedAt = 0;
  let refusedShell: ConsoleShell | undefined;
  for (let n = 1; n <= limit; n += 1) {
    const context = await browser.newContext({ storageState: NEW_BROWSER });
    const shell = new ConsoleShell(await context.newPage());
    await shell.go('/notifications/listings');
    await shell.signInPage.signIn(username);
    const refused = shell.shown(/devices allowed to log in/i);
    await expect(shell.pageHeading().or(refused)).toBeVisible({ timeout: 30_000 });
    if (await refused.isVisible()) {
      refusedAt = n;
      refusedShell = shell;
      await shell.expectAt(/#\/403$/);
      await expect(shell.page.getByRole('link', { name: /log in again/i })).toBeVisible();
      break;
    }
  }
  // The usual browser and limit - 1 new ones fill the places; the next new one is refused.
  expect(refusedAt).toBe(limit);

  // The usual browser is still known and stays signed in.
  await usual.page.reload();
  await usual.expectReady();

  // From the 403 page the refused user signs in again and frees their other browsers.
  if (!refusedShell) throw new Error('no browser was refused');
  await refusedShell.clickButton(/sign in and sign out my other browsers/i);
  await expect(refusedShell.shown(/your other browsers are signed out/i)).toBeVisible();
  await refusedShell.signInPage.signIn(username);
  await refusedShell.expectReady();
});
