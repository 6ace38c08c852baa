import { expect, type Locator } from '@playwright/test';
import { BasePage } from './BasePage.ts';

/** /jobs: every customer's jobs and the timed jobs' runs, filtered, one cancelled or run again. */
export class JobsScreens extends BasePage {
  /** Shows the jobs started by `kind` ('Schedule', 'Request'), or by anything (null). */
  async kind(kind: string | null) {
    if (kind) await this.filter('Started by', kind);
    else await this.clear('Started by');
  }

  /** Shows the jobs in `state` ('Running', 'Failed', …), or in any state (null). */
  async state(state: string | null) {
    if (state) await this.filter('State', state);
    else await this.clear('State');
  }

  private async clear(label: string) {
    const select = this.visible(
      this.page.locator('.ant-select').filter({ has: this.page.getByRole('combobox', { name: label }) }),
    ).first();
    await select.hover();
    await select.locator('.ant-select-clear').click();
  }

  /** The rows that mention all of `texts` (a job's kind, label, company, state). */
  jobs(...texts: (string | RegExp)[]): Locator {
    let rows = this.rows();
    for (const text of texts) rows = rows.filter({ hasText: text });
    return rows;
  }

  /** A job's state as its tag shows it. */
  stateOf(row: Locator): Locator {
    return row.locator('.ant-tag');
  }

  async cancel(row: Locator) {
    await row.getByRole('button', { name: 'Cancel' }).click();
    await expect(this.toast('The job was cancelled.')).toBeVisible();
  }

  async runAgain(row: Locator) {
    await row.getByRole('button', { name: 'Run again' }).click();
    await expect(this.toast('The job will run again.')).toBeVisible();
  }
}
