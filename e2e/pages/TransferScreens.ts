import { expect, type Locator } from '@playwright/test';
import { BasePage } from './BasePage.ts';

/** Data migration's past data transfer list, its new-transfer form, and the settings screen. */
export class TransferScreens extends BasePage {
  async openList() {
    await this.go('/data-migration/past-data-transfer');
    await expect(this.button('New transfer')).toBeVisible();
  }

  /**
   * Opens the form, chooses the company (its settings propose the kinds and the period), keeps the
   * kinds given, chooses their CSV files and starts the transfer.
   */
  async start(company: string, kinds: string[], files: { event?: string; regular?: string }) {
    await this.clickButton('New transfer');
    const form = this.dialog();
    const box = form.getByRole('combobox', { name: 'Company', exact: true });
    await box.click();
    await box.fill(company);
    await this.option(company).click();
    await expect(form.getByRole('checkbox', { name: 'Events' })).toBeChecked();
    for (const kind of ['Events', 'Regular data (positions)', 'Videos (event clips)']) {
      const check = form.getByRole('checkbox', { name: kind });
      if ((await check.isChecked()) !== kinds.includes(kind)) await check.click();
    }
    for (const [kind, text] of Object.entries(files)) {
      await form
        .locator('input[type=file]')
        .nth(kind === 'event' ? 0 : files.event === undefined ? 0 : 1)
        .setInputFiles({ name: `${kind}.csv`, mimeType: 'text/csv', buffer: Buffer.from(text) });
      await expect(form.getByTestId(`chosen-${kind}`)).toHaveText(`${kind}.csv`);
    }
    await form.getByRole('button', { name: 'Upload and start' }).click();
    await expect(this.page.getByRole('dialog')).toBeHidden({ timeout: 60_000 });
  }

  /** The list's row of the newest transfer of the company. */
  transferRow(company: string): Locator {
    return this.page.getByRole('row').filter({ hasText: company }).first();
  }
}
