import { expect, type Locator, type Page } from '@playwright/test';

/** /audit-log: the administrative changes, filtered by kind of record, a row opening onto its fields. */
export class AuditScreens {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async filterKind(kind: string) {
    await this.page.getByRole('combobox', { name: 'Kind of record' }).click();
    await this.page
      .locator('.ant-select-dropdown')
      .filter({ visible: true })
      .getByTitle(kind, { exact: true })
      .click();
  }

  /** The first (newest) change whose row mentions all of `texts`. */
  row(...texts: string[]): Locator {
    let row = this.page.locator('tr.ant-table-row').filter({ visible: true });
    for (const text of texts) row = row.filter({ hasText: text });
    return row.first();
  }

  /** Opens a change's row and answers the table of fields that changed. */
  async openChanges(row: Locator): Promise<Locator> {
    await row.getByRole('button', { name: /expand row/i }).click();
    const details = this.page.locator('tr.ant-table-expanded-row').filter({ visible: true }).first();
    await expect(details).toBeVisible();
    return details;
  }
}
