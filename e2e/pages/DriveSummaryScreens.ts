import { expect, type Locator, type Page } from '@playwright/test';

/** A drive summary screen (vehicle, vehicle group, operator, operator group) and the links to it. */
export class DriveSummaryScreens {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  /** The summary on show (visited pages stay mounted, hidden). */
  private screen(): Locator {
    return this.page
      .locator('.ant-card')
      .filter({ hasText: /Drive summary of/ })
      .filter({ visible: true });
  }

  title(): Locator {
    return this.screen().getByRole('heading', { level: 5 });
  }

  /** From a vehicle's details page. */
  async openFromVehicleDetails() {
    await this.page.getByRole('link', { name: 'Drive summary' }).filter({ visible: true }).click();
    await expect(this.page).toHaveURL(/#\/vehicles\/[0-9a-f-]+\/drive-summary\?/);
  }

  /** Chooses whole days in the range picker, typed as YYYY-MM-DD. */
  async choosePeriod(from: string, to: string) {
    const inputs = this.screen().locator('.ant-picker-range input');
    await inputs.first().click();
    await inputs.first().fill(from);
    await inputs.first().press('Enter');
    await inputs.last().fill(to);
    await inputs.last().press('Enter');
  }

  async chooseInterval(label: string) {
    await this.screen().locator('.ant-segmented').getByText(label, { exact: true }).click();
  }

  empty(): Locator {
    return this.screen().locator('.ant-empty');
  }

  chart(name: 'operating' | 'distance' | 'events'): Locator {
    return this.screen().getByTestId(`chart-${name}`);
  }

  totals(): Locator {
    return this.screen().getByRole('group', { name: 'Totals of the period' });
  }

  /** A row of the figures table by its interval label ("11-22 09:00", "2026-11-22"). */
  row(label: string): Locator {
    return this.screen()
      .locator('.ant-table-tbody tr')
      .filter({ has: this.page.getByRole('cell', { name: label, exact: true }) });
  }

  totalRow(): Locator {
    return this.screen().locator('.ant-table-summary tr');
  }

  columnHeaders(): Locator {
    return this.screen().locator('.ant-table-thead th');
  }
}
