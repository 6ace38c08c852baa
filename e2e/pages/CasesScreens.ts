import { expect, type Locator, type Page } from '@playwright/test';

/**
 * /cases and its screens: the case form, the case detail with its vehicles and SIMs, the
 * register-device form and the SIM settings. Fields are found by their ids (the API's field names;
 * camera fields are cameras_<n>_camera_id).
 */
export class CasesScreens {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  /** The page on show: visited pages stay mounted (hidden) behind it. */
  private visible(locator: Locator): Locator {
    return locator.filter({ visible: true });
  }

  private button(name: RegExp): Locator {
    return this.visible(this.page.getByRole('button', { name }));
  }

  private async choose(id: string, option: string) {
    await this.page.locator(`#${id}`).click();
    await this.visible(this.page.locator('.ant-select-dropdown')).getByTitle(option, { exact: true }).click();
  }

  async openNew() {
    await this.visible(this.page.getByRole('button', { name: /new case/i })).click();
    await expect(this.page).toHaveURL(/#\/cases\/new$/);
  }

  async fillCase(fields: { caseNumber: string; customer: string; devicesNeeded: number }) {
    await this.page.locator('#case_number').fill(fields.caseNumber);
    await this.choose('customer_id', fields.customer);
    await this.page.locator('#devices_needed').fill(String(fields.devicesNeeded));
  }

  async save() {
    await this.button(/^save$/i).click();
  }

  vehicleRow(name: string): Locator {
    return this.visible(
      this.page.getByRole('row').filter({ has: this.page.getByRole('cell', { name, exact: true }) }),
    );
  }

  async registerDeviceFor(vehicle: string) {
    await this.vehicleRow(vehicle)
      .getByRole('link', { name: /register device/i })
      .click();
    await expect(this.page).toHaveURL(/edit-register-device$/);
  }

  async fillDevice(fields: { deviceId: string; type: string; channel: number; cameras: string[] }) {
    await this.page.locator('#device_id').fill(fields.deviceId);
    await this.choose('device_type', fields.type);
    await this.page.locator('#channel_number').fill(String(fields.channel));
    for (const [i, camera] of fields.cameras.entries()) {
      const input = this.page.locator(`#cameras_${i}_camera_id`);
      if ((await input.count()) === 0) await this.button(/add camera/i).click();
      await input.fill(camera);
    }
  }

  async camera(index: number, id: string) {
    await this.page.locator(`#cameras_${index}_camera_id`).fill(id);
  }

  fieldError(id: string): Locator {
    return this.page.locator(`#${id}_help`);
  }

  async addSim(fields: { phone: string; apn: string; userId: string; password: string }) {
    await this.visible(this.page.getByRole('button', { name: /add sim/i })).click();
    await expect(this.page).toHaveURL(/\/sim\/new$/);
    await this.page.locator('#phone').fill(fields.phone);
    await this.page.locator('#apn').fill(fields.apn);
    await this.page.locator('#user_id').fill(fields.userId);
    await this.page.locator('#password').fill(fields.password);
    await this.save();
  }

  simStatus(): Locator {
    return this.visible(this.page.getByTestId('sim-status'));
  }

  async simAction(name: RegExp) {
    await this.button(name).click();
  }
}
