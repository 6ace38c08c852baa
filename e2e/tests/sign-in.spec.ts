// A visitor follows a link into the console, signs in on the identity page and lands where the
// link pointed; a mistyped password gets a clear message, and repeated failures make this
// browser's address wait before it may try that name again.

import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { DEMO_PASSWORD } from '../pages/demo.ts';
import { SignInPage } from '../pages/SignInPage.ts';
import { expect, test } from '../pages/test.ts';

test('a deep link survives the sign-in', async ({ page }) => {
  const shell = new ConsoleShell(page);
  await shell.go('/vehicles');
  await shell.expectAt(/\/auth\/realms\/fleet\//);
  await shell.signInPage.signIn('support');
  await shell.expectReady();
  await shell.expectAt(/#\/vehicles$/);
  await expect(shell.pageHeading()).toHaveText('Vehicles');
  await expect(page).toHaveTitle('Vehicles - FleetLens v3');
});

test('opened at another address than its own, the console goes to its own and signs in there', async ({
  page,
  baseURL,
}) => {
  // PUBLIC_URL is http://localhost:<port>; the same server answers at 127.0.0.1, where the sign-in
  // could never finish (the realm returns only to PUBLIC_URL).
  const shell = new ConsoleShell(page);
  const own = new URL(baseURL as string);
  await page.goto(`http://127.0.0.1:${own.port}/#/vehicles`);
  await expect(page).toHaveURL(/\/auth\/realms\/fleet\//);
  expect(new URL(page.url()).host).toBe(own.host);
  await shell.signInPage.signIn('support');
  await shell.expectReady();
  await expect(page).toHaveURL(new RegExp(`^${own.origin}/#/vehicles$`));
});

test('a wrong password is refused with a message, and after the limit the address must wait', async ({
  page,
  apiAs,
}) => {
  // A user of the story's own: the wait holds the name back for every browser at this address.
  const { username } = await (await apiAs('support')).user('Harbor Logistics North Terminal');
  const signIn = new SignInPage(page);
  await signIn.go('/users');
  await signIn.signIn(username, 'not-the-password');
  await expect(signIn.alert()).toContainText(/invalid username or password/i);
  for (let attempt = 2; attempt <= 5; attempt += 1) {
    await signIn.signIn(username, `wrong-${attempt}`);
    await expect(signIn.alert()).toBeVisible();
  }
  // Now even the right password is refused from here until the wait ends.
  await signIn.signIn(username, DEMO_PASSWORD);
  await expect(signIn.alert()).toContainText(/too many sign-in attempts/i);
  await expect(page).toHaveURL(/\/auth\/realms\/fleet\//);
});

test('log out returns to the identity page without asking again', async ({ page }) => {
  const shell = new ConsoleShell(page);
  await shell.openAndSignIn('/notifications/listings', 'manager');
  await shell.logOut();
  await shell.go('/notifications/listings');
  await shell.signInPage.expectShown();
});

test('the sign-in page in Burmese, Japanese and Chinese draws its letters with fonts of their own', async ({
  page,
}) => {
  const signIn = new SignInPage(page);
  await signIn.go('/vehicles');
  await signIn.expectShown();
  await page.getByRole('link', { name: 'မြန်မာ' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'my');
  // The Myanmar font has loaded: a server's system fonts have no Myanmar glyphs.
  await signIn.expectFontLoaded(/Noto Sans Myanmar/);
  // The current language's link is bold: its face too, before the picture is taken.
  expect(
    await page.evaluate(() => document.fonts.load('700 13px "Noto Sans Myanmar"', 'မြန်မာ')),
  ).not.toHaveLength(0);
  await page.screenshot({ path: test.info().outputPath('sign-in-my.png') });
  // Nor Han letters or kana: the page brings the slices of the Noto faces its letters need.
  for (const [name, lang, family] of [
    ['日本語', 'ja', /Noto Sans JP/],
    ['简体中文', 'zh', /Noto Sans SC/],
  ] as const) {
    await page.getByRole('link', { name }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await signIn.expectFontLoaded(family);
    await page.screenshot({ path: test.info().outputPath(`sign-in-${lang}.png`) });
  }
});
