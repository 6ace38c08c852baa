import { expect, type Locator } from '@playwright/test';
import { BasePage } from './BasePage.ts';

/** The file inputs of the import screen, in the order it shows them. */
const FILE_ORDER = ['vehicle', 'operator', 'device', 'account'];

/** The data migration screens: basic info import (files, mapping, result) and the status list. */
export class MigrationScreens extends BasePage {
  async openImport() {
    await this.go('/data-migration/basic-info-import');
    await expect(this.button('Upload files')).toBeVisible();
  }

  async chooseCompany(name: string) {
    const box = this.page.getByRole('combobox', { name: 'Company', exact: true });
    await box.click();
    await box.fill(name);
    await this.option(name).click();
  }

  /**
   * Chooses the vehicle, operator and device files and, when given, the account file (each at its
   * place on the page) and uploads them.
   */
  async upload(files: Record<'vehicle' | 'operator' | 'device', string> & { account?: string }) {
    for (const [kind, text] of Object.entries(files)) {
      if (text === undefined) continue;
      await this.page
        .locator('input[type=file]')
        .nth(FILE_ORDER.indexOf(kind))
        .setInputFiles({ name: `${kind}.csv`, mimeType: 'text/csv', buffer: Buffer.from(text) });
      await expect(this.page.getByTestId(`chosen-${kind}`)).toHaveText(`${kind}.csv`);
    }
    await this.clickButton('Upload files');
    await expect(this.page.getByText('Column mapping')).toBeVisible();
  }

  result(): Locator {
    return this.visible(this.page.getByTestId('import-result'));
  }
}
