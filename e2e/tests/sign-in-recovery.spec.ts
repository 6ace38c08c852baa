// A sign-in check that fails (the server answers 500, or refuses this browser's DEVICE_ID) must not
// send the user round in a loop: the console goes to #/login while the realm's session still
// stands, and without asking for the sign-in form the identity page would send them straight back
// into the same failure.

import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { expect, test } from '../pages/test.ts';

test('a failed sign-in check shows the sign-in form again instead of the same failure round and round', async ({
  page,
}) => {
  const shell = new ConsoleShell(page);
  // The server's failure is the only stand-in: it answers 500 to /users/my until the form is back.
  let failures = 0;
  await page.route('**/api/v1/users/my', (route) => {
    failures += 1;
    return route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ code: 50000, message: 'Something went wrong', data: null }),
    });
  });
  await shell.go('/vehicles');
  await shell.signInPage.signIn('support');
  // Back at the identity page, with its form: not signed in again behind the user's back.
  await shell.signInPage.expectShown();
  expect(failures).toBe(1);
  await page.unroute('**/api/v1/users/my');
  await shell.signInPage.signIn('support');
  await shell.expectReady();
  await shell.expectAt(/#\/vehicles$/);
});

test('a browser whose DEVICE_ID the server would refuse gets a new one and signs in', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    storageState: {
      cookies: [],
      origins: [{ origin: baseURL ?? '', localStorage: [{ name: 'DEVICE_ID', value: 'short' }] }],
    },
  });
  const shell = new ConsoleShell(await context.newPage());
  await shell.openAndSignIn('/notifications/listings', 'sales');
  const id = await shell.page.evaluate(() => localStorage.getItem('DEVICE_ID'));
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  await context.close();
});
