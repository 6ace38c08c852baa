import { expect, type Locator, type Page } from '@playwright/test';

/** /customers and its form: fields are found by their ids (the form field names of the API). */
export class CustomersScreens {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  /** The page on show: visited pages stay mounted (hidden) behind it. */
  private visible(locator: Locator): Locator {
    return locator.filter({ visible: true });
  }

  /** The row whose name cell is exactly `name` (other rows may mention it as parent or sub company). */
  row(name: string): Locator {
    const nameCell = this.page.locator('td:first-child').getByText(name, { exact: true });
    return this.visible(this.page.getByRole('row').filter({ has: nameCell }));
  }

  async search(text: string) {
    const box = this.visible(this.page.getByRole('searchbox'));
    await box.fill(text);
    await box.press('Enter');
  }

  async openNew() {
    await this.visible(this.page.getByRole('button', { name: /new customer/i })).click();
    await expect(this.page).toHaveURL(/#\/customers\/new$/);
  }

  async fill(fields: { name?: string; stkUser?: string; description?: string; parent?: string }) {
    if (fields.name !== undefined) await this.page.locator('#name').fill(fields.name);
    if (fields.stkUser !== undefined) await this.page.locator('#stk_user').fill(fields.stkUser);
    if (fields.description !== undefined) await this.page.locator('#description').fill(fields.description);
    if (fields.parent !== undefined) {
      await this.page.locator('#parent_id').click();
      await this.page.locator('.ant-select-dropdown').getByTitle(fields.parent, { exact: true }).click();
    }
  }

  async toggleFunction(label: string) {
    await this.visible(this.page.getByRole('checkbox', { name: label })).check();
  }

  async save() {
    await this.visible(this.page.getByRole('button', { name: /^save$/i })).click();
  }

  fieldError(id: string): Locator {
    return this.page.locator(`#${id}_help`);
  }
}
