import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { ConsoleApi } from './ConsoleApi.ts';

/** The console's languages and how the language menu names them. */
export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'ja', label: '日本語' },
  { code: 'zh', label: '简体中文' },
  { code: 'my', label: 'မြန်မာ' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];

type Catalogue = { [key: string]: string | Catalogue };

/**
 * The registry screens of any feature, in any of the four languages. Buttons and links are found
 * by the names the web app's own catalogues give them (src/features/<feature>/locales), so one
 * story runs in every language; what a story asserts (the server's rule messages) it spells out
 * itself. Form fields are found by their ids (the API's field names); visited pages stay
 * mounted, hidden, so every lookup keeps to what is visible.
 */
export class RegistryScreens {
  readonly page: Page;
  readonly language: LanguageCode;

  constructor(page: Page, language: LanguageCode) {
    this.page = page;
    this.language = language;
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

  private visible(locator: Locator): Locator {
    return locator.filter({ visible: true });
  }

  /**
   * A button's accessible name: antd puts a space between the two characters of a two-character
   * Chinese or Japanese label (保存 shows as 保 存).
   */
  private static named(label: string, withIcon = false): RegExp {
    const chars = [...label].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    // A button with an icon has the icon's name before its label.
    return new RegExp(`${withIcon ? '' : '^'}${chars.join('\\s?')}$`);
  }

  async go(hashPath: string) {
    await this.page.goto(`/#${hashPath}`);
  }

  button(label: string): Locator {
    return this.visible(this.page.getByRole('button', { name: RegistryScreens.named(label) }));
  }

  async click(label: string) {
    await this.button(label).first().click();
  }

  /** Clicks a button that shows an icon before its label (the list tools). */
  async clickIconButton(label: string) {
    await this.visible(this.page.getByRole('button', { name: RegistryScreens.named(label, true) }))
      .first()
      .click();
  }

  /** Chooses an option of the select with this id (a form field) by its text. */
  async pick(id: string, option: string) {
    await this.visible(this.page.locator(`#${id}`)).click();
    await this.visible(this.page.locator('.ant-select-dropdown')).getByTitle(option, { exact: true }).click();
  }

  /** Types part of an option into a select that searches on the server, then chooses the option. */
  async searchAndPick(id: string, typed: string, option: string) {
    const box = this.visible(this.page.locator(`#${id}`));
    await box.click();
    await box.fill(typed);
    await this.visible(this.page.locator('.ant-select-dropdown')).getByTitle(option, { exact: true }).click();
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

  /** Types into text boxes, number boxes and date pickers (YYYY-MM-DD) by their ids. */
  async fill(fields: Record<string, string>) {
    for (const [id, value] of Object.entries(fields)) {
      const input = this.visible(this.page.locator(`#${id}`));
      await input.fill(value);
      // A date picker takes the typed date when it loses focus (Enter would submit the form).
      if (/date|_on$|_till$/.test(id)) await input.press('Tab');
    }
  }

  input(id: string): Locator {
    return this.visible(this.page.locator(`#${id}`));
  }

  /** The message under a form field. */
  fieldError(id: string): Locator {
    return this.visible(this.page.locator(`#${id}_help`));
  }

  /** Searches the list with its search box. */
  async search(text: string) {
    const box = this.visible(this.page.getByRole('searchbox')).first();
    await box.fill(text);
    await box.press('Enter');
  }

  /** The visible table row that shows `text` in a cell of its own. */
  row(text: string): Locator {
    const cell = this.page.locator('td').getByText(text, { exact: true });
    return this.visible(this.page.locator('tr.ant-table-row').filter({ has: cell }));
  }

  /** The visible rows of the list on show. */
  rows(): Locator {
    return this.visible(this.page.locator('.ant-table-tbody tr.ant-table-row'));
  }

  /** Hides or shows a column of the list with its column chooser. */
  async toggleColumn(title: string) {
    await this.clickIconButton(this.text('shell', 'lists.columns'));
    await this.visible(this.page.getByRole('checkbox', { name: title, exact: true })).click();
    await this.page.keyboard.press('Escape');
  }

  /** The list's column headers on show. */
  headers(): Locator {
    return this.visible(this.page.getByRole('columnheader'));
  }

  /** Exports what the list shows as CSV through its Export menu; answers the file's text. */
  async exportCsv(): Promise<string> {
    // The pointer may rest on a column header, whose sort tooltip would cover the button.
    await this.page.mouse.move(0, 0);
    await this.clickIconButton(this.text('shell', 'lists.export'));
    const saved = this.page.waitForEvent('download');
    await this.visible(
      this.page.getByRole('menuitem', { name: this.text('shell', 'lists.exportCsv') }),
    ).click();
    return readFileSync(await (await saved).path(), 'utf8');
  }

  /** Clicks a row's action (a link: Edit, Delete…) by its text. */
  async rowAction(row: string, action: string) {
    await this.row(row).getByText(action, { exact: true }).click();
  }

  /** Answers the open confirmation with its main button (OK, or the action's own name). */
  async confirm() {
    await this.visible(this.page.locator('.ant-popconfirm')).getByRole('button').last().click();
  }

  dialog(): Locator {
    return this.visible(this.page.getByRole('dialog'));
  }

  /** Clicks a button of the open dialog (its Save, say). */
  async clickInDialog(label: string) {
    await this.dialog()
      .getByRole('button', { name: RegistryScreens.named(label) })
      .click();
  }

  /** The notice or error toast the console shows. */
  toast(text: string | RegExp): Locator {
    return this.page.locator('.ant-message, .ant-notification').getByText(text);
  }

  /** Creates a record through the API (setup that is not the point of the story); answers it. */
  create<T = { id: string }>(path: string, data: object): Promise<T> {
    return new ConsoleApi(this.page).create<T>(path, data);
  }

  /** The id of a company by its name, through the API. */
  companyId(name: string): Promise<string> {
    return new ConsoleApi(this.page).companyId(name);
  }
}
