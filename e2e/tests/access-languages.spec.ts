// An administrator who works in English, Japanese, Chinese or Burmese gets the customer, user and
// notice forms in that language: saving them empty names each missing field beside it with its own
// message (spec §5); a taken STK user or e-mail, a username or password that breaks the rule and an
// 81-character title each say so; nothing is created. In Japanese the three forms then save, and
// the audit log reads the new notice under the form's labels and in the browser's own time.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { usualBrowser } from '../pages/browsers.ts';
import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { CustomersScreens } from '../pages/CustomersScreens.ts';
import { NoticesScreens } from '../pages/NoticesScreens.ts';
import { expect, test } from '../pages/test.ts';
import { UsersScreens } from '../pages/UsersScreens.ts';

// Tokyo, not the server's UTC: a time that is shown unconverted is caught.
const TIME_ZONE = 'Asia/Tokyo';

/** A JSON file of the project, by its path from the root. */
const readJson = <T>(path: string): T =>
  JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', path), 'utf8')) as T;
type Catalogue = Record<string, string>;
const catalogue = (lang: string, ns: 'validation' | 'errors') =>
  readJson<Catalogue>(`packages/contracts/locales/${lang}/${ns}.json`);

const languages = [
  { code: 'en', label: 'English' },
  { code: 'ja', label: '日本語' },
  { code: 'zh', label: '简体中文' },
  { code: 'my', label: 'မြန်မာ' },
] as const;

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

const help = (page: Page, field: string) => page.locator(`#${field}_help`);

/** Searches the list on show (its first search box) and answers its rows. */
async function search(page: Page, text: string) {
  const box = page.getByRole('searchbox').filter({ visible: true }).first();
  await box.fill(text);
  await box.press('Enter');
  return page.locator('tr.ant-table-row').filter({ visible: true });
}

async function expectRequired(page: Page, lang: string, fields: Record<string, string>) {
  for (const [field, key] of Object.entries(fields))
    await expect(help(page, field), `${lang} ${field}`).toHaveText(textOf(lang, 'validation', key));
}

// One signed-in page for the whole story (signing in per language would double its run time).
// Each language's round trips ~25 form actions: more than the default minute on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 150_000 });
let page: Page;
let shell: ConsoleShell;
test.beforeAll(async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    baseURL,
    storageState: usualBrowser(baseURL ?? ''),
    timezoneId: TIME_ZONE,
    locale: 'en-US',
    reducedMotion: 'reduce',
    viewport: { width: 1440, height: 900 },
  });
  page = await context.newPage();
  shell = new ConsoleShell(page);
  await shell.openAndSignIn('/customers', 'admin');
});
test.afterAll(async () => page?.context().close());

const submit = () => page.locator('button[type=submit]').filter({ visible: true });

for (const { code, label } of languages) {
  test(`in ${label}, the access forms name each missing field and each refusal`, async () => {
    const customers = new CustomersScreens(page);
    const users = new UsersScreens(page);
    await shell.switchLanguage(label);

    // The customer form: empty, then a taken STK user.
    await page.goto('/#/customers/new');
    await page.locator('#realm').fill('');
    await submit().click();
    await expectRequired(page, code, REQUIRED.customer);
    await customers.fill({ name: `Dockside ${code}`, stkUser: 'harbor', description: 'Container terminal' });
    await page.locator('#realm').fill('fleet');
    await submit().click();
    await expect(help(page, 'stk_user')).toHaveText(textOf(code, 'errors', 'stkUserInUse'));
    await expect(page).toHaveURL(/#\/customers\/new$/);

    // The user form: empty, then a username and a password that break the rule, then a taken e-mail.
    await page.goto('/#/users/new');
    await submit().click();
    await expectRequired(page, code, REQUIRED.user);
    await users.fill({
      first: 'Dana',
      last: 'Dock',
      username: 'Dock_Lead',
      email: 'operator@demo.fleetlens.example',
      password: 'password',
    });
    await users.pick('customer_id', 'Harbor Logistics');
    await submit().click();
    await expect(help(page, 'username')).toHaveText(textOf(code, 'validation', 'username'));
    await expect(help(page, 'password')).toHaveText(textOf(code, 'validation', 'strictPassword'));
    await page.locator('#username').fill(`docklead${code}`);
    await page.locator('#password').fill('Dock#Lead2026');
    await page.locator('#confirm').fill('Dock#Lead2026');
    await submit().click();
    await expect(help(page, 'email')).toHaveText(textOf(code, 'errors', 'emailInUse'));
    await expect(page).toHaveURL(/#\/users\/new$/);

    // The notice form: empty, then a title one character too long.
    await page.goto('/#/notifications/new');
    await submit().click();
    await expectRequired(page, code, REQUIRED.notice);
    await page.locator('#title').fill('x'.repeat(81));
    await expect(help(page, 'title')).toHaveText(textOf(code, 'validation', 'title'));
    await submit().click();
    await expect(page).toHaveURL(/#\/notifications\/new$/);
  });
}

test('in Japanese, the three forms save and the audit log reads the notice in local time', async () => {
  const customers = new CustomersScreens(page);
  const users = new UsersScreens(page);
  const notices = new NoticesScreens(page);
  await shell.switchLanguage('日本語');
  // Nothing the refused forms held was created.
  await page.goto('/#/customers');
  await expect(await search(page, 'Dockside')).toHaveCount(0);
  await expect(await search(page, 'Harbor')).not.toHaveCount(0);
  await page.goto('/#/users');
  await expect(await search(page, 'docklead')).toHaveCount(0);
  await expect(await search(page, 'operator')).not.toHaveCount(0);

  // In Japanese the three forms save.
  await page.goto('/#/customers/new');
  await customers.fill({ name: 'Kobe Port Cranes', stkUser: 'kobeport', description: '神戸港のクレーン' });
  await submit().click();
  await expect(page).toHaveURL(/#\/customers$/);
  await search(page, 'Kobe Port');
  await expect(customers.row('Kobe Port Cranes')).toContainText('kobeport');

  await page.goto('/#/users/new');
  await users.fill({
    first: '健',
    last: '森',
    username: 'kobelead',
    email: 'kobelead@kobe.example',
    password: 'Kobe#Lead2026',
  });
  await users.pick('customer_id', 'Kobe Port Cranes');
  await submit().click();
  await expect(page).toHaveURL(/#\/users$/);
  await search(page, 'kobelead');
  await expect(users.row('kobelead')).toContainText('Kobe Port Cranes');

  await page.goto('/#/notifications/new');
  const title = 'クレーン点検のお知らせ';
  await page.locator('#title').fill(title);
  await users.pick('destinations', 'Kobe Port Cranes');
  await page.keyboard.press('Escape');
  await page.locator('#description').fill('午前中は稼働を停止します。');
  await notices.setWindow('2026-01-10 09:30', '2030-01-10 18:00');
  await submit().click();
  await expect(page).toHaveURL(/#\/notifications\/listings$/);
  await expect(notices.row(title)).toBeVisible();

  // The audit log: the notice's fields under the form's labels, its times as typed in Tokyo.
  const labels = readJson<{ fields: Record<'title' | 'publish_date' | 'expire_date', string> }>(
    'apps/web/src/features/notifications/locales/ja.json',
  );
  await page.goto('/#/audit-log');
  const row = page.locator('tr.ant-table-row').filter({ visible: true }).filter({ hasText: title }).first();
  await row.locator('.ant-table-row-expand-icon').click();
  const changes = page.locator('tr.ant-table-expanded-row').filter({ visible: true }).first();
  const field = (name: string) =>
    changes.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
  await expect(field(labels.fields.title)).toContainText(title);
  await expect(field(labels.fields.publish_date)).toContainText('2026-01-10 09:30:00');
  await expect(field(labels.fields.expire_date)).toContainText('2030-01-10 18:00:00');
  // A column the form does not show keeps its own name; its time reads like the console's others.
  await expect(field('created_at')).toHaveText(/created_at\s*—\s*\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  await expect(changes.getByRole('cell', { name: 'publish_date', exact: true })).toHaveCount(0);

  await shell.switchLanguage('English');
});
