import type { Locator, Page } from '@playwright/test';
import { BasePage } from './BasePage.ts';

/**
 * The pre-shift check: the vehicle page's check link (its QR code), the phone page an operator
 * answers it on, and the console's list of checks.
 */
export class PreShiftScreens extends BasePage {
  /** The address the vehicle's QR code carries, from the open vehicle page's Pre-shift check tab. */
  async checkLink(): Promise<string> {
    await this.page.getByRole('tab', { name: 'Pre-shift check' }).click();
    const link = this.visible(this.page.getByTestId('check-page-link'));
    return (await link.getAttribute('href')) ?? '';
  }

  /** The row of a check in the list, by its vehicle. */
  checkRow(vehicle: string): Locator {
    return this.row(vehicle);
  }
}

/** The phone page, as an operator uses it on their phone. */
export class PhoneCheckPage extends BasePage {
  constructor(page: Page) {
    super(page);
  }

  signedOn(): Locator {
    return this.page.getByTestId('signed-on');
  }

  /** Answers the item `text`: OK, or not OK with what is wrong. */
  async answer(text: string, ok: boolean, note?: string) {
    const item = this.page.getByTestId('check-item').filter({ hasText: text });
    await item.getByText(ok ? 'OK' : 'Not OK', { exact: true }).click();
    if (note !== undefined) await item.getByLabel('What is wrong?').fill(note);
  }

  async send(operatorId: string) {
    await this.page.getByLabel('Your operator ID').fill(operatorId);
    await this.page.getByRole('button', { name: 'Send the check' }).click();
  }

  result(): Locator {
    return this.page.getByTestId('check-result');
  }
}
