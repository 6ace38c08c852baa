import { expect, type Locator } from '@playwright/test';
import { BasePage } from './BasePage.ts';

/**
 * /cases and its screens: the case form, the case detail with its vehicles and SIMs, the
 * register-device form and the SIM settings.
 */
export class CasesScreens extends BasePage {
  async openNew() {
    await this.openForm(/new case/i, /#\/cases\/new$/);
  }

  vehicleRow(name: string): Locator {
    return this.row(name);
  }

  async registerDeviceFor(vehicle: string) {
    await this.vehicleRow(vehicle)
      .getByRole('link', { name: /register device/i })
      .click();
    await this.expectAt(/edit-register-device$/);
  }

  /** Fills the camera ids, adding a camera's row where the form has too few. */
  async cameras(ids: string[]) {
    for (const [i, camera] of ids.entries()) {
      const input = this.page.locator(`#cameras_${i}_camera_id`);
      if ((await input.count()) === 0) await this.clickButton(/add camera/i);
      await input.fill(camera);
    }
  }

  async addSim(fields: { phone: string; apn: string; user_id: string; password: string }) {
    await this.clickButton(/add sim/i);
    await expect(this.page).toHaveURL(/\/sim\/new$/);
    await this.fill(fields);
    await this.save();
  }

  simStatus(): Locator {
    return this.visible(this.page.getByTestId('sim-status'));
  }
}
