// The two pages anyone can reach without signing in, word for word as the spec gives them, and
// an unknown address inside the console.

import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { StandalonePages } from '../pages/StandalonePages.ts';
import { expect, test } from '../pages/test.ts';

test('the 404 page says what the spec says and leads home', async ({ page }) => {
  const pages = new StandalonePages(page);
  await pages.openNotFound();
  await expect(pages.text('OOPS!')).toBeVisible();
  await expect(pages.text('The webmaster said that you can not enter this page...')).toBeVisible();
  await expect(
    pages.text(
      'Please check that the URL you entered is correct, or click the button below to return to the homepage.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to home' })).toBeVisible();
  await expect(page).not.toHaveURL(/\/auth\/realms\//);
});

test('the 403 page explains the device limit, in Japanese too', async ({ page }) => {
  const pages = new StandalonePages(page);
  await pages.openForbidden();
  await expect(page.getByText(/number of devices allowed to log in has been exceeded/i)).toBeVisible();
  await expect(page.getByRole('link', { name: /log in again/i })).toBeVisible();
  await page.evaluate(() => localStorage.setItem('language', 'ja'));
  await page.reload();
  await expect(pages.text('ログイン可能なデバイスの数を超えています。')).toBeVisible();
  await expect(pages.text('この制限の解除が必要な場合は、管理者に連絡してください。')).toBeVisible();
});

test('an unknown address inside the console shows the 404 page', async ({ page }) => {
  const shell = new ConsoleShell(page);
  await shell.openAndSignIn('/', 'admin');
  await page.goto('/#/no/such/page');
  await expect(page).toHaveURL(/#\/404$/);
  await expect(page.getByText('OOPS!')).toBeVisible();
});
