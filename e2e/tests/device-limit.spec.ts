// Each browser gets a DEVICE_ID of its own; a user signed in on more browsers than the limit
// (3 by default) is logged out and sees the 403 page, while a known browser stays signed in.
import { expect, test } from '@playwright/test';
import { ConsoleShell } from '../pages/ConsoleShell.ts';

test('a user over the device limit lands on the 403 page', async ({ browser }) => {
  const limit = 3;
  const opened: ConsoleShell[] = [];
  let refusedAt = 0;
  // Earlier stories may already have used this account from a browser or two, so sign in from
  // new browsers until the limit bites; it must bite by the (limit + 1)th new browser at the latest.
  for (let n = 1; n <= limit + 1; n += 1) {
    const context = await browser.newContext();
    const shell = new ConsoleShell(await context.newPage());
    await shell.page.goto('/#/notifications/listings');
    await shell.signInPage.signIn('kitting');
    await expect(shell.pageHeading().or(shell.page.getByText(/devices allowed to log in/i))).toBeVisible({
      timeout: 30_000,
    });
    if (await shell.page.getByText(/devices allowed to log in/i).isVisible()) {
      refusedAt = n;
      await expect(shell.page).toHaveURL(/#\/403$/);
      break;
    }
    opened.push(shell);
  }
  expect(refusedAt).toBeGreaterThan(0);
  // A browser that was let in before is still known and stays in.
  const known = opened[0];
  if (known) {
    await known.page.reload();
    await known.expectReady();
  }
});
