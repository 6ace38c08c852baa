import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * What every page object stands on: the console's antd screens found the way a user finds them.
 * Visited pages stay mounted (hidden) behind the one on show, so every lookup keeps to what is
 * visible; form fields are found by their ids (the API's field names, `cameras_0_camera_id` for
 * a list's items). A page object adds only what its screens have of their own.
 */
export class BasePage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  /** The page on show's part of `locator`. */
  protected visible(locator: Locator): Locator {
    return locator.filter({ visible: true });
  }

  /**
   * How a button is named: the label as given. RegistryScreens names it in the story's language,
   * where antd spaces out two-character labels.
   */
  protected buttonName(label: string | RegExp): string | RegExp {
    return label;
  }

  /** Opens a hash route of the console (the page object's browser is already signed in or not). */
  async go(hashPath: string) {
    await this.page.goto(`/#${hashPath}`);
  }

  async expectAt(hashRoute: RegExp) {
    await expect(this.page).toHaveURL(hashRoute);
  }

  button(label: string | RegExp): Locator {
    return this.visible(this.page.getByRole('button', { name: this.buttonName(label) }));
  }

  async clickButton(label: string | RegExp) {
    await this.button(label).first().click();
  }

  async save() {
    await this.clickButton(this.saveLabel());
  }

  /** The label of a form's Save button. */
  protected saveLabel(): string | RegExp {
    return /^save$/i;
  }

  /** Submits the form on show with its submit button, whatever its label in any language. */
  async submit() {
    await this.visible(this.page.locator('button[type=submit]')).first().click();
  }

  /** A list's "New …" button, and the form it opens. */
  async openForm(label: string | RegExp, at: RegExp) {
    await this.clickButton(label);
    await this.expectAt(at);
  }

  // —— forms

  input(id: string): Locator {
    return this.visible(this.page.locator(`#${id}`));
  }

  /** Types into text boxes, number boxes and date pickers (YYYY-MM-DD, YYYY-MM-DD HH:mm) by id. */
  async fill(fields: Record<string, string | number | undefined>) {
    for (const [id, value] of Object.entries(fields)) {
      if (value === undefined) continue;
      const input = this.input(id);
      await input.fill(String(value));
      // A date picker takes the typed date when it loses focus (Enter would submit the form).
      if (/date|_on$|_till$/.test(id)) await input.press('Tab');
    }
  }

  /** Chooses an option of the select with this id (a form field) by its text. */
  async pick(id: string, option: string) {
    await this.input(id).click();
    await this.option(option).click();
  }

  /**
   * Finds a record in a picker by typing its name, as a person does in a long list (the dropdown
   * renders only the options in view), then chooses it.
   */
  async pickByName(id: string, name: string) {
    await this.searchAndPick(id, name, name);
  }

  /** Types part of an option into a select that searches on the server, then chooses the option. */
  async searchAndPick(id: string, typed: string, option: string) {
    await this.input(id).click();
    await this.input(id).fill(typed);
    await this.option(option).click();
  }

  /** The option of the open select's dropdown. */
  option(text: string): Locator {
    return this.visible(this.page.locator('.ant-select-dropdown')).getByTitle(text, { exact: true });
  }

  /** The message under a form field. */
  fieldError(id: string): Locator {
    return this.visible(this.page.locator(`#${id}_help`));
  }

  // —— lists

  /** The list's search box on show (the first, or the one of that name). */
  searchbox(name?: string | RegExp): Locator {
    return this.visible(this.page.getByRole('searchbox', name ? { name } : {})).first();
  }

  /** Searches the list on show with its search box. */
  async search(text: string) {
    const box = this.searchbox();
    await box.fill(text);
    await box.press('Enter');
  }

  /** Chooses an option of a list filter (a select named by its label). */
  async filter(label: string, option: string) {
    // A column's sort tooltip, left open under the pointer, would take the click.
    await this.page.mouse.move(0, 0);
    const combobox = this.page.getByRole('combobox', { name: label, exact: true });
    // The select's box: a chosen value lies over its input.
    await this.visible(this.page.locator('.ant-select').filter({ has: combobox }))
      .first()
      .click();
    await this.option(option).click();
  }

  /**
   * The visible table row that shows `text` in a cell of its own; `first`: in its first cell
   * (a record's name, where other rows may name it as their parent or company).
   */
  row(text: string | RegExp, where: 'any' | 'first' = 'any'): Locator {
    const cell = this.page
      .locator(where === 'first' ? 'td:first-child' : 'td')
      .getByText(text, { exact: true });
    return this.visible(this.page.locator('tr.ant-table-row').filter({ has: cell }));
  }

  /** The visible rows (of any table, header rows too) that mention `text` anywhere. */
  mentioning(text: string): Locator {
    return this.visible(this.page.getByRole('row')).filter({ hasText: text });
  }

  /** The visible rows of the list on show. */
  rows(): Locator {
    return this.visible(this.page.locator('.ant-table-tbody tr.ant-table-row'));
  }

  /** The list's column headers on show. */
  headers(): Locator {
    return this.visible(this.page.getByRole('columnheader'));
  }

  /** Clicks a row's action (a link: Edit, Delete…) by its text. */
  async rowAction(row: string, action: string) {
    await this.row(row).getByText(action, { exact: true }).click();
  }

  /**
   * Follows a link of a list's row to the page `at`. Right after a search or a filter, the rows
   * of before stay on show under the table's loading veil until the new ones come (the row sought
   * may be among them: the newest record is on the first page), and the veil takes a click: a
   * person clicks again once the list has settled, and so does this.
   */
  async followLink(link: Locator, at: RegExp) {
    await expect(async () => {
      if (!at.test(this.page.url())) await link.click({ timeout: 5_000 });
      await expect(this.page).toHaveURL(at, { timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
  }

  /** Exports the list through its Export menu and answers the file's content. */
  async exportAs(exportLabel: string | RegExp, menuItem: string, encoding: 'utf8' | 'binary' = 'utf8') {
    // The pointer may rest on a column header, whose sort tooltip would cover the button.
    await this.page.mouse.move(0, 0);
    await this.clickButton(exportLabel);
    const saved = this.page.waitForEvent('download');
    await this.visible(this.page.getByRole('menuitem', { name: menuItem })).click();
    return (await readFile(await (await saved).path())).toString(encoding === 'binary' ? 'latin1' : 'utf8');
  }

  // —— answers

  /** Answers the open confirmation with its main button (OK, or the action's own name). */
  async confirm() {
    await this.visible(this.page.locator('.ant-popconfirm')).getByRole('button').last().click();
  }

  dialog(): Locator {
    return this.visible(this.page.getByRole('dialog'));
  }

  menuItem(name: string | RegExp): Locator {
    return this.visible(this.page.getByRole('menuitem', { name }));
  }

  tab(name: string): Locator {
    return this.visible(this.page.getByRole('tab', { name }));
  }

  /** The notice or error toast the console shows. */
  toast(text: string | RegExp): Locator {
    return this.page.locator('.ant-message, .ant-notification').getByText(text);
  }

  /** A face of the font family has loaded (a server's system fonts have no Myanmar glyphs, say). */
  async expectFontLoaded(family: RegExp) {
    await expect
      .poll(() =>
        this.page.evaluate(async (source) => {
          await document.fonts.ready;
          const wanted = new RegExp(source, 'i');
          return [...document.fonts].some((f) => wanted.test(f.family) && f.status === 'loaded');
        }, family.source),
      )
      .toBe(true);
  }

  /**
   * Every text on show in the script of `family`'s language is drawable at once: its letters are
   * fetched in that face at the text's own weight and size, as a switch of language leaves them
   * (a text laid out before its slice is fetched stays boxes in Chromium until the next load).
   */
  async expectLettersFetched(family: string, script: RegExp) {
    const boxes = await this.page.evaluate(
      ({ name, source }) => {
        const wanted = new RegExp(source);
        const missing: string[] = [];
        for (const el of document.querySelectorAll<HTMLElement>('body *')) {
          const own = [...el.childNodes]
            .filter((n) => n.nodeType === Node.TEXT_NODE)
            .map((n) => n.textContent);
          const text = own.join('').trim();
          if (!wanted.test(text) || el.getClientRects().length === 0) continue;
          const style = getComputedStyle(el);
          if (!document.fonts.check(`${style.fontWeight} ${style.fontSize} '${name}'`, text))
            missing.push(`${el.tagName} ${style.fontWeight}: ${text}`);
        }
        return missing;
      },
      { name: family, source: script.source },
    );
    expect(boxes, `texts whose ${family} letters were not fetched`).toEqual([]);
  }

  /**
   * The page fits the window's width: nothing makes the document scroll sideways (a phone's
   * 390 px). A failure names the elements that stick out, widest first.
   */
  async expectFitsWidth() {
    const overflow = () =>
      this.page.evaluate(() => {
        const width = window.innerWidth;
        if (document.documentElement.scrollWidth <= width) return '';
        const out = [...document.querySelectorAll<HTMLElement>('body *')]
          .map((el) => ({ el, right: el.getBoundingClientRect().right }))
          .filter(({ el, right }) => right > width + 0.5 && el.getClientRects().length > 0)
          .sort((a, b) => b.right - a.right)
          .slice(0, 5)
          .map(({ el, right }) => `${el.tagName.toLowerCase()}.${el.className} → ${Math.round(right)} px`);
        return `${document.documentElement.scrollWidth} px wide on ${width}: ${out.join('; ')}`;
      });
    await expect.poll(overflow, { message: 'the page scrolls sideways' }).toBe('');
  }

  /** The space between the page's heading and the first control under it, in pixels. */
  async gapUnderHeading(control: Locator): Promise<number> {
    const heading = await this.page.getByRole('heading', { level: 1 }).boundingBox();
    const below = await control.boundingBox();
    if (!heading || !below) throw new Error('the heading or the control is not on show');
    return below.y - (heading.y + heading.height);
  }

  /** Text on the page on show (`exact`: the whole of an element's text). */
  shown(value: string | RegExp, { exact = false } = {}): Locator {
    return this.visible(this.page.getByText(value, { exact }));
  }
}
