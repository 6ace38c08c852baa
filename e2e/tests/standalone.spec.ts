// The two pages anyone can reach without signing in, word for word as the spec gives them, and
// an unknown address inside the console.

import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { StandalonePages } from '../pages/StandalonePages.ts';
import { expect, test } from '../pages/test.ts';

test('the 404 page says what the spec says and leads home', async ({ page }) => {
  const pages = new StandalonePages(page);
  await pages.openNotFound();
  for (const text of [
    'OOPS!',
    'The webmaster said that you can not enter this page...',
    'Please check that the URL you entered is correct, or click the button below to return to the homepage.',
  ])
    await expect(pages.shown(text, { exact: true })).toBeVisible();
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
  await expect(pages.shown('ログイン可能なデバイスの数を超えています。', { exact: true })).toBeVisible();
  await expect(
    pages.shown('この制限の解除が必要な場合は、管理者に連絡してください。', { exact: true }),
  ).toBeVisible();
});

test.describe(() => {
  test.use({ signedInAs: 'admin' });
  test('an unknown address inside the console shows the 404 page', async ({ page }) => {
    const shell = new ConsoleShell(page);
    await shell.open('/');
    await shell.go('/no/such/page');
    await shell.expectNotFound();
  });
});
