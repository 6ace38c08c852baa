import { expect, type Locator } from '@playwright/test';
import { BasePage } from './BasePage.ts';

/** /audit-log: the administrative changes, filtered by kind of record, a row opening onto its fields. */
export class AuditScreens extends BasePage {
  async filterKind(kind: string) {
    await this.page.getByRole('combobox', { name: 'Kind of record' }).click();
    await this.option(kind).click();
  }

  /** The first (newest) change whose row mentions all of `texts`. */
  change(...texts: string[]): Locator {
    let row = this.visible(this.page.locator('tr.ant-table-row'));
    for (const text of texts) row = row.filter({ hasText: text });
    return row.first();
  }

  /** Opens a change's row and answers the table of fields that changed. */
  async openChanges(row: Locator): Promise<Locator> {
    await row.locator('.ant-table-row-expand-icon').click();
    const details = this.visible(this.page.locator('tr.ant-table-expanded-row')).first();
    await expect(details).toBeVisible();
    return details;
  }

  /** The row of a changed field (by the label or column name in its first cell). */
  field(changes: Locator, name: string): Locator {
    return changes.getByRole('row').filter({ has: this.page.getByRole('cell', { name, exact: true }) });
  }
}
