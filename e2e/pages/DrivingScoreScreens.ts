import type { Locator } from '@playwright/test';
import { BasePage } from './BasePage.ts';

/** The driving score screens: the period's list of scores and an operator's score. */
export class DrivingScoreScreens extends BasePage {
  /** The list's row of a subject, found with the list's search box. */
  async find(name: string): Promise<Locator> {
    await this.search(name);
    return this.row(name, 'first');
  }

  /** Opens an operator's score from the list. */
  async openOperator(name: string) {
    await this.visible(this.page.getByRole('link', { name, exact: true })).click();
    await this.expectAt(/#\/driving-score\/monthly\/operator\/[0-9a-f-]+/);
  }

  /** The operator's figures of the period (score, fleet median, driving time, events). */
  figures(): Locator {
    return this.visible(this.page.getByRole('group', { name: 'The score of the period' }));
  }

  trend(): Locator {
    return this.visible(this.page.getByTestId('score-trend'));
  }

  /** A behaviour's row of the breakdown. */
  behaviour(label: string): Locator {
    return this.visible(this.page.getByRole('region', { name: 'Breakdown per behaviour' }))
      .locator('tr.ant-table-row')
      .filter({ has: this.page.getByRole('cell', { name: label, exact: true }) });
  }

  /** The rows of the events behind the score. */
  events(): Locator {
    return this.visible(this.page.getByRole('region', { name: 'The events behind the score' })).locator(
      'tr.ant-table-row',
    );
  }

  /** Opens the event list with the score's events, from the operator's page. */
  async openEventList() {
    await this.visible(this.page.getByRole('link', { name: 'Open them in the event list' })).click();
    await this.expectAt(/#\/event-summary\?operator_id=/);
  }

  /** The published formula, opened. */
  async openFormula(): Promise<Locator> {
    await this.visible(this.page.getByRole('button', { name: 'How the score is computed' }))
      .first()
      .click();
    return this.visible(this.page.getByTestId('score-formula'));
  }
}
