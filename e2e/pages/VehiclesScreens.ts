import type { Locator, Page } from '@playwright/test';

/**
 * The vehicle registry's screens: /manufacturers, /vehicle-models, /vehicle-groups (with its
 * dialog) and /vehicles (list, form, details). Form fields are found by their ids (the API's
 * field names); visited list pages stay mounted, hidden, so lookups keep to what is visible.
 */
export class VehiclesScreens {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  private visible(locator: Locator): Locator {
    return locator.filter({ visible: true });
  }

  async go(hashPath: string) {
    await this.page.goto(`/#${hashPath}`);
  }

  /** The visible table row that shows `text` in a cell of its own. */
  row(text: string): Locator {
    const cell = this.page.locator('td').getByText(text, { exact: true });
    return this.visible(this.page.getByRole('row').filter({ has: cell }));
  }

  async clickButton(name: string | RegExp) {
    await this.visible(this.page.getByRole('button', { name })).first().click();
  }

  async openNew() {
    await this.clickButton(/^new$/i);
  }

  /** Chooses an option of the select with this id (a form field) by its text. */
  async pick(id: string, option: string) {
    await this.page.locator(`#${id}`).filter({ visible: true }).click();
    await this.visible(this.page.locator('.ant-select-dropdown')).getByTitle(option, { exact: true }).click();
  }

  /** Chooses an option of a list filter (a select named by its label). */
  async filter(label: string, option: string) {
    await this.visible(this.page.getByRole('combobox', { name: label })).click();
    await this.visible(this.page.locator('.ant-select-dropdown')).getByTitle(option, { exact: true }).click();
  }

  /** Types into text boxes, number boxes and date pickers (YYYY-MM-DD) by their ids. */
  async fill(fields: Record<string, string>) {
    for (const [id, value] of Object.entries(fields)) {
      const input = this.page.locator(`#${id}`).filter({ visible: true });
      await input.fill(value);
      // A date picker takes the typed date when it loses focus (Enter would submit the form).
      if (/date/.test(id)) await input.press('Tab');
    }
  }

  input(id: string): Locator {
    return this.visible(this.page.locator(`#${id}`));
  }

  /** Picks the vehicle type and icon variant in the icon picker ("Reach truck – Icon B"). */
  async pickIcon(label: string) {
    await this.visible(this.page.getByRole('button', { name: label })).click();
  }

  async search(text: string) {
    const box = this.visible(this.page.getByRole('searchbox'));
    await box.fill(text);
    await box.press('Enter');
  }

  visibleHeader(title: string): Locator {
    return this.visible(this.page.getByRole('columnheader', { name: title }));
  }

  /** Exports the list through the Export menu and answers the file's content. */
  async exportAs(menuItem: string, encoding: 'utf8' | 'binary' = 'utf8'): Promise<string> {
    // The pointer may rest on a column header, whose sort tooltip would cover the button.
    await this.page.mouse.move(0, 0);
    await this.visible(this.page.getByRole('button', { name: /export$/i })).click();
    const saved = this.page.waitForEvent('download');
    await this.visible(this.page.getByRole('menuitem', { name: menuItem })).click();
    const file = await (await saved).path();
    const { readFile } = await import('node:fs/promises');
    return (await readFile(file)).toString(encoding === 'binary' ? 'latin1' : 'utf8');
  }

  fieldError(id: string): Locator {
    return this.visible(this.page.locator(`#${id}_help`));
  }

  async save() {
    await this.clickButton(/^save$/i);
  }

  /** Clicks a row's action link (Edit, Delete) and answers a confirmation with OK. */
  async rowAction(row: string, action: string) {
    await this.row(row).getByText(action, { exact: true }).click();
  }

  async confirm() {
    await this.visible(this.page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' })).click();
  }

  dialog(): Locator {
    return this.visible(this.page.getByRole('dialog'));
  }

  tab(name: string): Locator {
    return this.visible(this.page.getByRole('tab', { name }));
  }

  /** The notice or error toast the console shows. */
  toast(text: string | RegExp): Locator {
    return this.page.locator('.ant-message, .ant-notification').getByText(text);
  }
}
