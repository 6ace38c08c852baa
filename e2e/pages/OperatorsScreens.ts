import { BasePage } from './BasePage.ts';

/**
 * The operator screens (/drivers, /operator-groups), the random video settings of many operators
 * (/management/random-video) and the RFID card screens (/rfids, /rfid/…).
 */
export class OperatorsScreens extends BasePage {
  /** Opens a history page of the card on show. */
  async openHistory() {
    await this.visible(this.page.getByRole('link', { name: 'History' })).click();
  }

  /** On /management/random-video: picks the operator by their ID and switches random video on with these settings. */
  async switchRandomVideoOn(operatorCode: string, s: { days: string[]; perWeek: number; minutes: number }) {
    await this.search(operatorCode);
    await this.row(operatorCode).getByRole('checkbox').check();
    await this.visible(this.page.getByRole('switch', { name: 'Random video enabled' })).click();
    for (const day of s.days)
      await this.visible(this.page.getByRole('checkbox', { name: day, exact: true })).check();
    await this.fill({ random_video_per_week: s.perWeek, random_video_minutes: s.minutes });
    await this.clickButton('Apply to the selected operators (1)');
  }
}
