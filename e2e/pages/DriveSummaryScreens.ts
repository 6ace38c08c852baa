import type { Locator } from '@playwright/test';
import { BasePage } from './BasePage.ts';

/** A drive summary screen (vehicle, vehicle group, operator, operator group) and the links to it. */
export class DriveSummaryScreens extends BasePage {
  /** The summary on show (visited pages stay mounted, hidden). */
  private screen(): Locator {
    return this.visible(this.page.locator('.ant-card').filter({ hasText: /Drive summary of/ }));
  }

  title(): Locator {
    return this.screen().getByRole('heading', { level: 5 });
  }

  /** From a vehicle's details page. */
  async openFromVehicleDetails() {
    await this.visible(this.page.getByRole('link', { name: 'Drive summary' })).click();
    await this.expectAt(/#\/vehicles\/[0-9a-f-]+\/drive-summary\?/);
  }

  /** Chooses whole days in the range picker, typed as YYYY-MM-DD. */
  async choosePeriod(from: string, to: string) {
    const inputs = this.screen().locator('.ant-picker-range input');
    await inputs.first().click();
    for (const [input, day] of [
      [inputs.first(), from],
      [inputs.last(), to],
    ] as const) {
      await input.fill(day);
      await input.press('Enter');
    }
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
  interval(label: string): Locator {
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
