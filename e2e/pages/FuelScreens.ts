import { expect, type Locator } from '@playwright/test';
import { BasePage } from './BasePage.ts';

/** The fuel screens: the results grid of a vehicle's week, the CSV upload under it, the report. */
export class FuelScreens extends BasePage {
  /** The results entry for a vehicle and the week holding `day`. */
  async openEntry(vehicleId: string, day: string) {
    await this.go(`/fuel-management/results-entry?vehicle=${vehicleId}&week=${day}`);
    await expect(this.cell(day, 'received_l')).toBeVisible();
  }

  cell(day: string, field: 'received_l' | 'hour_meter' | 'remaining_l'): Locator {
    return this.visible(this.page.locator(`input[data-cell="${day}.${field}"]`));
  }

  /**
   * Types the week as a clerk does, never touching the mouse after the first cell: each day's
   * received litres, Tab, the meter (checking the one before was filled in when `filled`), Tab,
   * the litres remaining, Enter to the next day.
   */
  async typeWeek(days: string[], rows: [number, number, number][]) {
    await this.cell(days[0] ?? '', 'received_l').click();
    for (const [i, [received, meter, remaining]] of rows.entries()) {
      const day = days[i] ?? '';
      await this.page.keyboard.type(String(received));
      await this.page.keyboard.press('Tab');
      const previous = rows[i - 1];
      // The meter before is filled in (and selected, so typing replaces it).
      if (previous) await expect(this.cell(day, 'hour_meter')).toHaveValue(String(previous[1]));
      await this.page.keyboard.type(String(meter));
      await this.page.keyboard.press('Tab');
      await this.page.keyboard.type(String(remaining));
      await this.page.keyboard.press('Enter');
    }
  }

  grid(): Locator {
    return this.visible(this.page.getByTestId('fuel-grid'));
  }

  /** Chooses a CSV file of `text` and has it checked. */
  async checkCsv(name: string, text: string) {
    await this.page
      .locator('input[type=file]')
      .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
    await expect(this.visible(this.page.getByTestId('fuel-csv-name'))).toHaveText(name);
    await this.clickButton('Check the file');
  }

  csvRefusals(): Locator {
    return this.visible(this.page.getByTestId('fuel-csv-refusals')).getByRole('listitem');
  }

  async openReport(kind: string, start: string, end: string, vehicleId: string) {
    await this.go(`/fuel-management/report?kind=${kind}&start=${start}&end=${end}&vehicles=${vehicleId}`);
  }

  async chooseKind(label: string) {
    await this.visible(this.page.locator('.ant-segmented')).getByText(label, { exact: true }).click();
  }

  anomalies(): Locator {
    return this.visible(this.page.getByTestId('fuel-anomalies')).getByRole('listitem');
  }

  chart(): Locator {
    return this.visible(this.page.getByTestId('fuel-chart'));
  }

  reportRow(text: string): Locator {
    return this.visible(this.page.locator('.ant-table-tbody tr').filter({ hasText: text }));
  }
}
