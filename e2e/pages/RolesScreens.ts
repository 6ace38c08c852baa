import { expect, type Locator, type Page } from '@playwright/test';

/** /roles and its form, with the privilege grid. */
export class RolesScreens {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  row(name: string, company: string): Locator {
    return this.page
      .getByRole('row')
      .filter({ visible: true })
      .filter({ has: this.page.locator('td:first-child').getByText(name, { exact: true }) })
      .filter({ hasText: company });
  }

  async openNew() {
    await this.page.getByRole('button', { name: 'New role' }).filter({ visible: true }).click();
    await expect(this.page).toHaveURL(/#\/roles\/new$/);
  }

  async fill(fields: { company?: string; name?: string; description?: string }) {
    if (fields.company) {
      await this.page.locator('#customer_id').click();
      await this.page.locator('.ant-select-dropdown').getByTitle(fields.company, { exact: true }).click();
    }
    if (fields.name !== undefined) await this.page.locator('#name').fill(fields.name);
    if (fields.description !== undefined) await this.page.locator('#description').fill(fields.description);
  }

  /** Ticks one cell of the grid, e.g. grant('Vehicles', 'View'). */
  async grant(resource: string, action: string) {
    await this.page.getByRole('checkbox', { name: `${resource}: ${action}` }).check();
  }

  async save() {
    await this.page
      .getByRole('button', { name: /^save$/i })
      .filter({ visible: true })
      .click();
  }
}
