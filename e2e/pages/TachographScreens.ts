import { expect, type Locator } from '@playwright/test';
import { BasePage } from './BasePage.ts';

/** The digital tachograph: its list of the day's totals and a subject's day as a chart. */
export class TachographScreens extends BasePage {
  private card(title: RegExp): Locator {
    return this.visible(this.page.locator('.ant-card').filter({ hasText: title }));
  }

  /** The list on a given day (YYYY-MM-DD), vehicles (or operators) shown. */
  async openList(date: string, kind: 'vehicle' | 'operator' = 'vehicle') {
    await this.go(`/digital-tachograph?kind=${kind}&date=${date}`);
  }

  /** A subject's row in the list, its cells in order. */
  subjectRow(name: string): Locator {
    return this.card(/Digital tachograph/)
      .locator('.ant-table-tbody tr')
      .filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }

  async openDay(name: string) {
    await this.subjectRow(name).getByRole('link', { name, exact: true }).click();
    await this.expectAt(/#\/digital-tachograph\/[0-9a-f-]+\/details\?/);
  }

  /** A subject's totals in the list: driving, idle, rest (h:mm). */
  totalsOf(name: string, column: 'driving' | 'idle' | 'rest'): Locator {
    return this.subjectRow(name).locator('td').nth({ driving: 1, idle: 2, rest: 3 }[column]);
  }

  /** From the day's chart to the subject's driving history. */
  async openHistory() {
    await this.day().getByRole('link', { name: 'Driving history', exact: true }).click();
    await expect(this.card(/Driving history of/).getByRole('heading', { level: 5 })).toBeVisible();
  }

  /** The driving history's day rows, newest first. */
  historyRows(): Locator {
    return this.card(/Driving history of/).locator('.ant-table-tbody tr');
  }

  /** Opens a day of the driving history (YYYY-MM-DD). */
  async openHistoryDay(date: string) {
    await this.card(/Driving history of/)
      .getByRole('link', { name: date, exact: true })
      .click();
    await this.expectAt(/#\/digital-tachograph\/[0-9a-f-]+\/details\?/);
  }

  private day(): Locator {
    return this.card(/Tachograph of/);
  }

  title(): Locator {
    return this.day().getByRole('heading', { level: 5 });
  }

  totals(): Locator {
    return this.day().getByRole('group', { name: 'Totals of the day' });
  }

  chart(): Locator {
    return this.day().getByTestId('tachograph-chart');
  }

  windowText(): Locator {
    return this.day().getByTestId('tachograph-window');
  }

  async chooseView(label: '24 hours' | '8 hours' | '12 minutes' | '4 minutes') {
    await this.day().locator('.ant-segmented').getByText(label, { exact: true }).click();
  }

  /**
   * Waits until the chart draws the window the address names with its own answer: until then a
   * veil covers it and takes the pointer, as a person sees by the spinner.
   */
  async expectSettled() {
    const from = new URL(this.page.url().replace('#/', '')).searchParams.get('from');
    if (from) await expect(this.chart()).toHaveAttribute('data-view-from', from);
    await expect(this.day().getByTestId('tachograph-drawing')).toHaveAttribute('aria-busy', 'false');
  }

  /** Drags over the chart's speed grid from one share of its width to another (0 to 1). */
  async dragOver(from: number, to: number) {
    await this.expectSettled();
    const box = await this.chart().boundingBox();
    if (!box) throw new Error('the chart is not on show');
    // The grid's plot spans from 48 px to 24 px before the right edge (TachographChart's grid).
    const x = (share: number) => box.x + 48 + (box.width - 72) * share;
    const y = box.y + 120;
    await this.page.mouse.move(x(from), y);
    await this.page.mouse.down();
    await this.page.mouse.move((x(from) + x(to)) / 2, y, { steps: 4 });
    await this.page.mouse.move(x(to), y, { steps: 4 });
    await this.page.mouse.up();
  }

  /** The chart has drawn a window of this resolution (samples or columns). */
  async expectDrawn(resolution: 'samples' | 'columns') {
    await expect(this.chart()).toHaveAttribute('data-resolution', resolution);
    await expect(this.chart().locator('canvas').first()).toBeVisible();
  }
}
