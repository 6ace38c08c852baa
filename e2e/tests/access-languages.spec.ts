// An administrator who works in English, Japanese, Chinese or Burmese gets the customer, user and
// notice forms in that language: saving them empty names each missing field beside it with its own
// message (spec §5); a taken STK user or e-mail, a username or password that breaks the rule and an
// 81-character title each say so; nothing is created. In Japanese the three forms then save, and
// the audit log reads the new notice under the form's labels and in the browser's own time.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { AuditScreens } from '../pages/AuditScreens.ts';
import type { BasePage } from '../pages/BasePage.ts';
import { ConsoleApi } from '../pages/ConsoleApi.ts';
import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { CustomersScreens } from '../pages/CustomersScreens.ts';
import { NoticesScreens } from '../pages/NoticesScreens.ts';
import { LANGUAGES } from '../pages/RegistryScreens.ts';
import { expect, test } from '../pages/test.ts';
import { UsersScreens } from '../pages/UsersScreens.ts';
import { uniqueId, uniqueName } from '../pages/unique.ts';

const TIME_ZONE = 'Asia/Tokyo';

/** A JSON file of the project, by its path from the root. */
const readJson = <T>(path: string): T =>
  JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', path), 'utf8')) as T;
type Catalogue = Record<string, string>;
const catalogue = (lang: string, ns: 'validation' | 'errors') =>
  readJson<Catalogue>(`packages/contracts/locales/${lang}/${ns}.json`);

/** Each form's required fields (form field id) and the message key that names each one. */
const REQUIRED = {
  customer: {
    name: 'customerNameRequired',
    stk_user: 'stkUserRequired',
    description: 'customerDescriptionRequired',
    realm: 'realmRequired',
  },
  user: {
    first_name: 'firstNameRequired',
    last_name: 'lastNameRequired',
    username: 'usernameRequired',
    email: 'emailRequired',
    password: 'passwordRequired',
    customer_id: 'companyRequired',
  },
  notice: {
    title: 'titleRequired',
    destinations: 'destination',
    description: 'descriptionRequired',
    publish_date: 'publishDateRequired',
    expire_date: 'expireDateRequired',
  },
} as const;

const english = catalogue('en', 'validation');

/** The text of a message in `lang`; outside English it must be a translation, not the fallback. */
function textOf(lang: string, ns: 'validation' | 'errors', key: string): string {
  const text = catalogue(lang, ns)[key];
  expect(text, `${lang} ${ns}.${key}`).toBeTruthy();
  if (lang !== 'en' && ns === 'validation') expect(text, `${lang} ${key} translated`).not.toBe(english[key]);
  return text ?? '';
}

// The admin's browser, in Tokyo time, not the server's UTC: a time shown unconverted is caught.
test.use({ signedInAs: 'admin', timezoneId: TIME_ZONE });
// Each language's round trips ~25 form actions: more than the default minute on a busy machine.
test.describe.configure({ timeout: 150_000 });

/** The admin's page at a form, in the language; answers its screens. */
async function open(page: Page, label: string, hashPath: string) {
  const shell = new ConsoleShell(page);
  await shell.open(hashPath);
  await shell.switchLanguage(label);
  return { shell, customers: new CustomersScreens(page), users: new UsersScreens(page) };
}

async function expectRequired(screen: BasePage, lang: string, fields: Record<string, string>) {
  for (const [field, key] of Object.entries(fields))
    await expect(screen.fieldError(field), `${lang} ${field}`).toHaveText(textOf(lang, 'validation', key));
}

/** Submits the form: refused beside `field` with the errors' `key` (a value in use); the form stays at `at`. */
async function expectTaken(screen: BasePage, lang: string, field: string, key: string, at: RegExp) {
  await screen.submit();
  await expect(screen.fieldError(field)).toHaveText(textOf(lang, 'errors', key));
  await screen.expectAt(at);
}

// Two languages of other scripts in the browser (Japanese saves the forms below, English is every
// other story's); the last story reads every language's text of the same refusals from the API.
for (const { code, label } of LANGUAGES.filter((l) => l.code === 'zh' || l.code === 'my')) {
  test(`in ${label}, the access forms name each missing field and each refusal`, async ({ page }) => {
    const { shell, customers, users } = await open(page, label, '/customers/new');
    const company = uniqueName(`Dockside ${code}`);
    const username = uniqueId(`docklead${code}`);

    // The customer form: empty, then a taken STK user.
    await customers.fill({ realm: '' });
    await customers.submit();
    await expectRequired(customers, code, REQUIRED.customer);
    await customers.fill({
      name: company,
      stk_user: 'harbor',
      description: 'Container terminal',
      realm: 'fleet',
    });
    await expectTaken(customers, code, 'stk_user', 'stkUserInUse', /#\/customers\/new$/);

    // The user form: empty, then a username and a password that break the rule, then a taken e-mail.
    await users.go('/users/new');
    await users.submit();
    await expectRequired(users, code, REQUIRED.user);
    await users.fillUser({
      first_name: 'Dana',
      last_name: 'Dock',
      username: 'Dock_Lead',
      email: 'operator@demo.fleetlens.example',
      password: 'password',
    });
    await users.pick('customer_id', 'Harbor Logistics');
    await users.submit();
    await expect(users.fieldError('username')).toHaveText(textOf(code, 'validation', 'username'));
    await expect(users.fieldError('password')).toHaveText(textOf(code, 'validation', 'strictPassword'));
    await users.fill({ username, password: 'Dock#Lead2026', confirm: 'Dock#Lead2026' });
    await expectTaken(users, code, 'email', 'emailInUse', /#\/users\/new$/);

    // The notice form: empty, then a title one character too long.
    await shell.go('/notifications/new');
    await shell.submit();
    await expectRequired(shell, code, REQUIRED.notice);
    await shell.fill({ title: 'x'.repeat(81) });
    await expect(shell.fieldError('title')).toHaveText(textOf(code, 'validation', 'title'));
    await shell.submit();
    await shell.expectAt(/#\/notifications\/new$/);

    // Nothing the refused forms held was created.
    await customers.go('/customers');
    await customers.search(company);
    await expect(customers.rows()).toHaveCount(0);
    await users.go('/users');
    await users.search(username);
    await expect(users.rows()).toHaveCount(0);
  });
}

test('in Japanese, the three forms save and the audit log reads the notice in local time', async ({
  page,
}) => {
  const { customers, users } = await open(page, '日本語', '/customers/new');
  const notices = new NoticesScreens(page);
  const audit = new AuditScreens(page);
  const company = uniqueName('Kobe Port Cranes');
  const username = uniqueId('kobelead');
  const stkUser = uniqueId('kobe');

  // In Japanese the three forms save.
  await customers.fill({ name: company, stk_user: stkUser, description: '神戸港のクレーン' });
  await customers.submit();
  await customers.expectAt(/#\/customers$/);
  await customers.search(company);
  await expect(customers.customer(company)).toContainText(stkUser);

  await users.go('/users/new');
  await users.fillUser({
    first_name: '健',
    last_name: '森',
    username,
    email: `${username}@kobe.example`,
    password: 'Kobe#Lead2026',
  });
  await users.pickByName('customer_id', company);
  await users.submit();
  await users.expectAt(/#\/users$/);
  await users.search(username);
  await expect(users.user(username)).toContainText(company);

  await notices.go('/notifications/new');
  const title = uniqueName('クレーン点検のお知らせ');
  await notices.fill({ title });
  await notices.pickByName('destinations', company);
  await page.keyboard.press('Escape');
  await notices.fill({ description: '午前中は稼働を停止します。' });
  // Published a month ago until three years ahead: shown among the current notices on any date.
  const from = NoticesScreens.inHours(-30 * 24);
  const to = NoticesScreens.inHours(3 * 365 * 24);
  await notices.setWindow(from, to);
  await notices.submit();
  await notices.expectAt(/#\/notifications\/listings$/);
  await expect(notices.mentioning(title)).toBeVisible();

  // The audit log: the notice's fields under the form's labels, its times as typed in Tokyo.
  const labels = readJson<{ fields: Record<'title' | 'publish_date' | 'expire_date', string> }>(
    'apps/web/src/features/notifications/locales/ja.json',
  );
  await audit.go('/audit-log');
  const changes = await audit.openChanges(audit.change(title));
  await expect(audit.field(changes, labels.fields.title)).toContainText(title);
  await expect(audit.field(changes, labels.fields.publish_date)).toContainText(`${from}:00`);
  await expect(audit.field(changes, labels.fields.expire_date)).toContainText(`${to}:00`);
  // A column the form does not show keeps its own name; its time reads like the console's others.
  await expect(audit.field(changes, 'created_at')).toHaveText(
    /created_at\s*—\s*\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
  );
  await expect(changes.getByRole('cell', { name: 'publish_date', exact: true })).toHaveCount(0);
});

test('every language has its own text for each missing field, and the API says each refusal in it', async ({
  page,
}) => {
  // The forms name a missing field from the catalogue the web and the server share: each
  // language's text exists and is not the English one.
  for (const { code } of LANGUAGES)
    for (const fields of Object.values(REQUIRED))
      for (const key of Object.values(fields)) textOf(code, 'validation', key);

  await new ConsoleShell(page).open('/notifications/listings');
  const api = new ConsoleApi(page);
  const company = await api.companyId('Harbor Logistics');
  for (const { code } of LANGUAGES) {
    const customer = await api.refusal('POST', '/customers', code, {
      name: uniqueName(`Dockside ${code}`),
      stk_user: 'harbor',
      description: 'Container terminal',
      realm: 'fleet',
      parent_id: null,
    });
    expect(customer.fields.stk_user, code).toBe(textOf(code, 'errors', 'stkUserInUse'));
    const rules = await api.refusal('POST', '/users', code, {
      first_name: 'Dana',
      last_name: 'Dock',
      username: 'Dock_Lead',
      email: `${uniqueId('dock')}@dock.example`,
      password: 'password',
      customer_id: company,
      sys_role: 'user',
    });
    expect(rules.fields.username, code).toBe(textOf(code, 'validation', 'username'));
    expect(rules.fields.password, code).toBe(textOf(code, 'validation', 'strictPassword'));
    const taken = await api.refusal('POST', '/users', code, {
      first_name: 'Dana',
      last_name: 'Dock',
      username: uniqueId(`docklead${code}`),
      email: 'operator@demo.fleetlens.example',
      password: 'Dock#Lead2026',
      customer_id: company,
      sys_role: 'user',
    });
    expect(taken.fields.email, code).toBe(textOf(code, 'errors', 'emailInUse'));
    const notice = await api.refusal('POST', '/notifications', code, {
      title: 'x'.repeat(81),
      destinations: [company],
      description: 'Cranes stop in the morning.',
      publish_date: '2026-01-10T00:30:00Z',
      expire_date: '2030-01-10T09:00:00Z',
    });
    expect(notice.fields.title, code).toBe(textOf(code, 'validation', 'title'));
  }
});
