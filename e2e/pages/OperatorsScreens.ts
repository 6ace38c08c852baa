import { BasePage } from './BasePage.ts';

/** The operator screens (/drivers, /operator-groups) and the RFID card screens (/rfids, /rfid/…). */
export class OperatorsScreens extends BasePage {
  /** Opens a history page of the card on show. */
  async openHistory() {
    await this.visible(this.page.getByRole('link', { name: 'History' })).click();
  }
}
