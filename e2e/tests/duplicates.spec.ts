// In each of the four languages, the spec's duplicate messages come back from the server
// translated and stand under the field they concern: "STK user is already in use" on the
// customer form, "Email already registered" on the user form.

import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { expect, test } from '../pages/test.ts';
import { UsersScreens } from '../pages/UsersScreens.ts';

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

test.use({ signedInAs: 'support' });

test('duplicate STK user and e-mail are shown under their fields in all four languages', async ({ page }) => {
  const shell = new ConsoleShell(page);
  const users = new UsersScreens(page);
  await shell.open('/users');
  const operatorEdit = await users.user('operator').getByRole('link').first().getAttribute('href');
  expect(operatorEdit).toMatch(/\/users\/[^/]+\/edit$/);

  for (const language of languages) {
    await shell.switchLanguage(language.label);

    // Refused, so nothing is made: a name and a taken STK user.
    await shell.go('/customers/new');
    await shell.fill({ name: 'Dockside Cranes', stk_user: 'harbor', description: 'Container terminal' });
    await shell.submit();
    await expect(shell.fieldError('stk_user')).toHaveText(language.stk);

    await page.goto(`/${operatorEdit}`);
    await expect(shell.input('email')).toHaveValue('operator@demo.fleetlens.example');
    await shell.fill({ email: 'manager@demo.fleetlens.example' });
    await shell.submit();
    await expect(shell.fieldError('email')).toHaveText(language.email);
  }
});
