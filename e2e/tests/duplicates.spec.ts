// In each of the four languages, the spec's duplicate messages come back from the server
// translated and stand under the field they concern: "STK user is already in use" on the
// customer form, "Email already registered" on the user form.

import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { expect, test } from '../pages/test.ts';

const languages = [
  { label: 'English', stk: 'STK user is already in use.', email: 'Email already registered.' },
  {
    label: '日本語',
    stk: 'STKユーザーは既に使用されています。',
    email: 'このメールアドレスは既に登録されています。',
  },
  { label: '简体中文', stk: 'STK 用户已被使用。', email: '该电子邮件已注册。' },
  { label: 'မြန်မာ', stk: 'STK အသုံးပြုသူကို အသုံးပြုပြီးဖြစ်သည်။', email: 'ဤအီးမေးလ်ကို မှတ်ပုံတင်ပြီး ဖြစ်သည်။' },
];

test('duplicate STK user and e-mail are shown under their fields in all four languages', async ({ page }) => {
  const shell = new ConsoleShell(page);
  await shell.openAndSignIn('/users', 'support');
  const operatorEdit = await page
    .getByRole('row')
    .filter({ has: page.locator('td:first-child').getByText('operator', { exact: true }) })
    .getByRole('link')
    .first()
    .getAttribute('href');
  expect(operatorEdit).toMatch(/\/users\/[^/]+\/edit$/);
  const submit = page.locator('button[type=submit]').filter({ visible: true });

  for (const language of languages) {
    await shell.switchLanguage(language.label);

    await page.goto('/#/customers/new');
    await page.locator('#name').fill('Dockside Cranes');
    await page.locator('#stk_user').fill('harbor');
    await page.locator('#description').fill('Container terminal');
    await submit.click();
    await expect(page.locator('#stk_user_help')).toHaveText(language.stk);

    await page.goto(`/${operatorEdit}`);
    await expect(page.locator('#email')).toHaveValue('operator@demo.fleetlens.example');
    await page.locator('#email').fill('manager@demo.fleetlens.example');
    await submit.click();
    await expect(page.locator('#email_help')).toHaveText(language.email);
  }
  await shell.switchLanguage('English');
});
