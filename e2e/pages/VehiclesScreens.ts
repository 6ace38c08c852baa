import { BasePage } from './BasePage.ts';

/**
 * The vehicle registry's screens: /manufacturers, /vehicle-models, /vehicle-groups (with its
 * dialog) and /vehicles (list, form, details).
 */
export class VehiclesScreens extends BasePage {
  async openNew() {
    await this.clickButton(/^new$/i);
  }

  /** Picks the vehicle type and icon variant in the icon picker ("Reach truck – Icon B"). */
  async pickIcon(label: string) {
    await this.visible(this.page.getByRole('button', { name: label })).click();
  }

  /** The form's switch on show (maintenance mode). */
  visibleSwitch() {
    return this.visible(this.page.getByRole('switch'));
  }

  /** Hides a column of the list with its column chooser. */
  async hideColumn(title: string) {
    await this.clickButton(/Columns$/);
    await this.page.getByRole('checkbox', { name: title }).uncheck();
    await this.page.keyboard.press('Escape');
  }
}
