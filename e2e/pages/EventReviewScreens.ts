import { expect, type Locator } from '@playwright/test';
import { BasePage } from './BasePage.ts';

/**
 * The review workflow: the Review inbox (/event-inbox) and the workflow panel
 * of an event's detail: its state, the steps offered as buttons, the reviewer picker, and the
 * coaching notes with the operator's acknowledgement the coach records.
 */
export class EventReviewScreens extends BasePage {
  /** The inbox's row of the event of `vehicle` and `type`. */
  inboxRow(vehicle: string, type: string): Locator {
    return this.row(vehicle).filter({ hasText: type });
  }

  async openFromInbox(vehicle: string, type: string) {
    await this.followLink(
      this.inboxRow(vehicle, type).getByRole('link'),
      /#\/event-summary\/[0-9a-f-]+\/event-detail$/,
    );
  }

  panel(): Locator {
    return this.visible(this.page.locator('[data-review-panel]'));
  }

  /** The review's state, as the panel shows it. */
  state(): Locator {
    return this.panel().locator('[data-review-state]');
  }

  async step(label: string) {
    await this.panel().getByRole('button', { name: label, exact: true }).click();
  }

  /** The steps offered, by their labels. */
  steps(): Locator {
    return this.panel().getByRole('group').getByRole('button');
  }

  async assign(option: string) {
    await this.panel().getByRole('combobox', { name: 'Reviewer' }).click();
    await this.option(option).click();
  }

  async writeNote(text: string) {
    await this.panel().getByRole('textbox', { name: 'New coaching note' }).fill(text);
    await this.panel().getByRole('button', { name: 'Add note' }).click();
  }

  /** The coaching note that says `text`. */
  note(text: string): Locator {
    return this.panel().locator('[data-coaching-note]').filter({ hasText: text });
  }

  async operatorAcknowledged(text: string) {
    await this.note(text).getByRole('button', { name: 'Operator acknowledged' }).click();
  }

  /** The event's header shows it excluded from scores, and the review form's switch agrees. */
  async expectExcluded() {
    await expect(
      this.visible(this.page.locator('.ant-card-head').getByText('Excluded', { exact: true })),
    ).toBeVisible();
    await expect(this.input('excluded')).toBeChecked();
  }
}
