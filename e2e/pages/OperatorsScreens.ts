import type { Locator, Page } from '@playwright/test';

/**
 * The operator screens (/drivers, /operator-groups) and the RFID card screens (/rfids, /rfid/…).
 * Form fields are found by their ids (the API's field names); visited list pages stay mounted,
 * hidden, so every lookup keeps to what is visible.
 */
export class OperatorsScreens {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  private visible(locator: Locator): Locator {
    return locator.filter({ visible: true });
  }

  /** The visible row of a list (not of a details panel) that shows `text` in a cell of its own. */
  row(text: string): Locator {
    const cell = this.page.locator('td').getByText(text, { exact: true });
    return this.visible(this.page.locator('tr.ant-table-row').filter({ has: cell }));
  }

  async go(hashPath: string) {
    await this.page.goto(`/#${hashPath}`);
  }

  async clickButton(name: string | RegExp) {
    await this.visible(this.page.getByRole('button', { name, exact: true })).click();
  }

  async pick(id: string, option: string) {
    await this.page.locator(`#${id}`).filter({ visible: true }).click();
    await this.visible(this.page.locator('.ant-select-dropdown')).getByTitle(option, { exact: true }).click();
  }

  /** Types into a text box or a date picker (YYYY-MM-DD) by its id. */
  async fill(fields: Record<string, string>) {
    for (const [id, value] of Object.entries(fields)) {
      const input = this.page.locator(`#${id}`).filter({ visible: true });
      await input.fill(value);
      // A date picker takes the typed date when it loses focus (Enter would submit the form).
      if (/date|_on$|_till$/.test(id)) await input.press('Tab');
    }
  }

  fieldError(id: string): Locator {
    return this.visible(this.page.locator(`#${id}_help`));
  }

  async save() {
    await this.clickButton(/^save$/i);
  }

  /** Answers a Popconfirm with OK. */
  async confirm() {
    await this.visible(this.page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' })).click();
  }

  /** The notice or error toast the console shows. */
  toast(text: string | RegExp): Locator {
    return this.page.locator('.ant-message, .ant-notification').getByText(text);
  }
}
