import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { BasePage } from './BasePage.ts';
import { ConsoleApi } from './ConsoleApi.ts';
import { ConsoleShell } from './ConsoleShell.ts';
import { test } from './test.ts';

/** The console's languages and how the language menu names them. */
export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'ja', label: '日本語' },
  { code: 'zh', label: '简体中文' },
  { code: 'my', label: 'မြန်မာ' },
] as const;
export type Language = (typeof LANGUAGES)[number];
export type LanguageCode = Language['code'];
/** A language by its code. */
export const languageOf = (code: LanguageCode): Language =>
  LANGUAGES.find((l) => l.code === code) as Language;
/** What a story expects the console to say, by name, in each language. */
export type SaidIn<Name extends string> = Record<LanguageCode, Record<Name, string>>;

type Catalogue = { [key: string]: string | Catalogue };

/**
 * The registry screens of any feature, in any of the four languages. Buttons and links are found
 * by the names the web app's own catalogues give them (src/features/<feature>/locales), so one
 * story runs in every language; what a story asserts (the server's rule messages) it spells out
 * itself. Form fields are found by their ids (the API's field names); visited pages stay
 * mounted, hidden, so every lookup keeps to what is visible.
 */
export class RegistryScreens extends BasePage {
  readonly language: LanguageCode;

  /** The web feature whose catalogue names the screens' buttons ("vehicles", "rfids"). */
  readonly feature: string;

  constructor(page: Page, language: LanguageCode, feature = 'shell') {
    super(page);
    this.language = language;
    this.feature = feature;
  }

  /** Makes the file's stories support's work, of several screens and saves each, on a busy machine. */
  static supportStories() {
    test.use({ signedInAs: 'support' });
    test.describe.configure({ timeout: 300_000 });
  }

  /**
   * Opens a registry story: the console at `hashPath` (the page is signed in as its role), switched
   * to the story's language; buttons named by `feature`'s catalogue.
   */
  static async open(
    page: Page,
    language: Language,
    feature: string,
    hashPath: string,
  ): Promise<RegistryScreens> {
    const shell = new ConsoleShell(page);
    await shell.open(hashPath);
    await shell.switchLanguage(language.label);
    return new RegistryScreens(page, language.code, feature);
  }

  /**
   * The registry's rules as the server says them, in every language: `ask` makes the API refuse
   * each rule once in the language given and answers what it said, by rule. The screens show
   * these texts as they come (beside the field, or as the refusal's toast): a story in one
   * language proves that, this proves every language's text, at the cost of a few requests.
   */
  static async rulesSaid<Name extends string>(
    page: Page,
    rules: SaidIn<Name>,
    ask: (api: ConsoleApi, language: LanguageCode) => Promise<Record<Name, string>>,
  ) {
    await new ConsoleShell(page).open('/notifications/listings');
    const api = new ConsoleApi(page);
    for (const { code } of LANGUAGES) {
      const said: Record<string, string> = await ask(api, code);
      expect(said, code).toEqual(rules[code]);
    }
  }

  /** A text of the story's feature, in its language. */
  say(key: string): string {
    return this.text(this.feature, key);
  }

  /** Saves the form on show, or the open dialog's. */
  async saveForm(inDialog = false) {
    if (inDialog) await this.clickInDialog(this.say('actions.save'));
    else await this.click(this.say('actions.save'));
  }

  /**
   * Saves the form with `field` at a value another record holds: refused beside the field with
   * `refusal`, nothing saved; then with `fresh` values it saves.
   */
  async refusedThenSaved(field: string, refusal: string, fresh: Record<string, string>, inDialog = false) {
    await this.saveForm(inDialog);
    await expect(this.fieldError(field)).toHaveText(refusal);
    await this.fill(fresh);
    await this.saveForm(inDialog);
  }

  /** The list's search box finds the record, and it alone. */
  async findAlone(text: string) {
    await this.search(text);
    await expect(this.rows()).toHaveCount(1);
  }

  /** Edits a row's record with `fields` and saves it. */
  async editRow(row: string, fields: Record<string, string>, inDialog = false) {
    await this.rowAction(row, this.say('actions.edit'));
    await this.fill(fields);
    await this.saveForm(inDialog);
  }

  /**
   * A group of `company` made in the group screen's dialog (the button `newKey` names opens it): `${name}-0`, a
   * name another group holds, is refused with `refusal`; `${name}-1` saves, the search finds it
   * alone (typed with a small first letter), and its description changes to `description`.
   */
  async groupInDialog(newKey: string, company: string, name: string, refusal: string, description: string) {
    const fresh = `${name}-1`;
    await this.click(this.say(newKey));
    await this.pickByName('customer_id', company);
    await this.fill({ name: `${name}-0` });
    await this.refusedThenSaved('name', refusal, { name: fresh }, true);
    await expect(this.dialog()).toHaveCount(0);
    await this.findAlone(fresh.charAt(0).toLowerCase() + fresh.slice(1));
    await this.editRow(fresh, { description }, true);
    await expect(this.row(fresh)).toContainText(description);
  }

  /**
   * A record of `company` in the group `group`, made on its new page (`newPath`, "/drivers/new")
   * with `fields`: its `taken.field`, which another record holds, is refused with
   * `taken.refusal`; with `taken.fresh` it saves, and the list shows again.
   */
  async memberOnPage(
    newPath: string,
    company: string,
    group: string,
    fields: Record<string, string>,
    taken: { field: string; refusal: string; fresh: Record<string, string> },
  ) {
    await this.go(newPath);
    await this.pick('customer_id', company);
    await this.fill(fields);
    await this.pickByName('group_id', group);
    await this.refusedThenSaved(taken.field, taken.refusal, taken.fresh);
    await this.expectAt(new RegExp(`#${newPath.replace(/\/new$/, '')}$`));
  }

  /**
   * Deletes a row's record from its list (found with the search box): it is gone, or, where the
   * server refuses, it stays and the `refusal` shows.
   */
  async deleteRow(hashPath: string, row: string, refusal?: string) {
    await this.go(hashPath);
    await this.search(row);
    await this.rowAction(row, this.say('actions.delete'));
    await this.confirm();
    if (refusal) await expect(this.toast(refusal)).toBeVisible();
    else await expect(this.row(row)).toHaveCount(0);
  }

  /** A text of a web feature's catalogue, or the shell's, in the story's language ("vehicles", "actions.save"). */
  text(feature: string, key: string): string {
    const folder = feature === 'shell' ? 'shell' : `features/${feature}`;
    const file = new URL(`../../apps/web/src/${folder}/locales/${this.language}.json`, import.meta.url);
    let value: string | Catalogue = JSON.parse(readFileSync(file, 'utf8')) as Catalogue;
    for (const part of key.split('.')) value = typeof value === 'string' ? value : (value[part] ?? '');
    if (typeof value !== 'string' || value === '') throw new Error(`no text ${feature}:${key}`);
    return value;
  }

  /**
   * A button's accessible name: antd puts a space between the two characters of a two-character
   * Chinese or Japanese label (保存 shows as 保 存).
   */
  protected override buttonName(label: string | RegExp): RegExp {
    return label instanceof RegExp ? label : new RegExp(`^${RegistryScreens.spaced(label)}$`);
  }

  private static spaced(label: string): string {
    return [...label].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s?');
  }

  /** A button that shows an icon before its label (the list tools): the icon's name comes first. */
  private iconButton(label: string): RegExp {
    return new RegExp(`${RegistryScreens.spaced(label)}$`);
  }

  async click(label: string) {
    await this.clickButton(label);
  }

  /** The select with this id (a form field), as it shows its chosen option. */
  select(id: string): Locator {
    return this.visible(this.page.locator('.ant-select').filter({ has: this.page.locator(`#${id}`) }));
  }

  /** Empties a select that allows it, with its clear button (shown under the pointer). */
  async clear(id: string) {
    await this.select(id).hover();
    await this.select(id).locator('.ant-select-clear').click();
  }

  /** Hides or shows a column of the list with its column chooser. */
  async toggleColumn(title: string) {
    await this.clickButton(this.iconButton(this.text('shell', 'lists.columns')));
    await this.visible(this.page.getByRole('checkbox', { name: title, exact: true })).click();
    await this.page.keyboard.press('Escape');
  }

  /** Exports what the list shows as CSV through its Export menu; answers the file's text. */
  exportCsv(): Promise<string> {
    return this.exportAs(
      this.iconButton(this.text('shell', 'lists.export')),
      this.text('shell', 'lists.exportCsv'),
    );
  }

  /** Clicks a button of the open dialog (its Save, say). */
  async clickInDialog(label: string) {
    await this.dialog()
      .getByRole('button', { name: this.buttonName(label) })
      .click();
  }

  /** Creates a record through the API (setup that is not the point of the story); answers it. */
  create<T = { id: string }>(path: string, data: object): Promise<T> {
    return new ConsoleApi(this.page).create<T>(path, data);
  }

  /**
   * Setup through the API: records of `company` (each its list's path and fields), whose names and
   * IDs the story then tries again on the screens, to be refused.
   */
  async namesTaken(company: string, records: [path: string, fields: object][]) {
    const customer_id = await this.companyId(company);
    for (const [path, fields] of records) await this.create(path, { customer_id, ...fields });
  }

  /** The id of a company by its name, through the API. */
  companyId(name: string): Promise<string> {
    return new ConsoleApi(this.page).companyId(name);
  }
}
