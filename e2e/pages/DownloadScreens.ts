import { readFile } from 'node:fs/promises';
import { expect, type Locator } from '@playwright/test';
import { BasePage } from './BasePage.ts';

/** The managerial download screens: the request form and the results list. */
export class DownloadScreens extends BasePage {
  async openRequest() {
    await this.go('/download-request');
    // The first page of a cold server, on two shared cores, has taken more than ten seconds.
    await expect(this.input('download_type')).toBeVisible({ timeout: 30_000 });
  }

  async openResults() {
    await this.go('/download-result');
    await expect(this.page.getByRole('columnheader', { name: 'Download type' })).toBeVisible();
  }

  /** Asks for a download of the type over the form's period (the type's longest, ending today). */
  async request(type: string, method: 'Synchronous' | 'Asynchronous (scheduled)') {
    await this.pick('download_type', type);
    await this.visible(this.page.getByRole('radio', { name: method, exact: true })).check();
    await this.submit();
  }

  /** Types a period into the range picker, as a person does (each day, then Tab). */
  async period(from: string, to: string) {
    await this.input('period').fill(from);
    await this.input('period').press('Tab');
    const end = this.visible(this.page.getByPlaceholder('To'));
    await end.fill(to);
    await end.press('Tab');
  }

  /** The result row of a type (the newest first: the list is newest first). */
  result(type: string): Locator {
    return this.row(type).first();
  }

  /** Saves what `act` downloads and answers its name and text. */
  async saved(act: () => Promise<void>): Promise<{ name: string; text: string }> {
    const download = this.page.waitForEvent('download');
    await act();
    const file = await download;
    return { name: file.suggestedFilename(), text: (await readFile(await file.path())).toString('utf8') };
  }
}
