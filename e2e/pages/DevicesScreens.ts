import { expect, type Locator, type Page } from '@playwright/test';

/** /devices, its form and details: fields are found by their ids (the API's field names). */
export class DevicesScreens {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  /** The page on show: visited pages stay mounted (hidden) behind it. */
  private visible(locator: Locator): Locator {
    return locator.filter({ visible: true });
  }

  private async choose(id: string, option: string) {
    await this.page.locator(`#${id}`).click();
    await this.visible(this.page.locator('.ant-select-dropdown')).getByTitle(option, { exact: true }).click();
  }

  async openNew() {
    await this.visible(this.page.getByRole('button', { name: /new device/i })).click();
    await expect(this.page).toHaveURL(/#\/devices\/new$/);
  }

  async fill(fields: {
    customer?: string;
    deviceId?: string;
    type?: string;
    channel?: number;
    vehicle?: string;
    camera?: string;
  }) {
    if (fields.customer !== undefined) await this.choose('customer_id', fields.customer);
    if (fields.deviceId !== undefined) await this.page.locator('#device_id').fill(fields.deviceId);
    if (fields.type !== undefined) await this.choose('device_type', fields.type);
    if (fields.channel !== undefined) await this.page.locator('#channel_number').fill(String(fields.channel));
    if (fields.vehicle !== undefined) await this.choose('vehicle_id', fields.vehicle);
    if (fields.camera !== undefined) await this.page.locator('#cameras_0_camera_id').fill(fields.camera);
  }

  async save() {
    await this.visible(this.page.getByRole('button', { name: /^save$/i })).click();
  }

  fieldError(id: string): Locator {
    return this.page.locator(`#${id}_help`);
  }

  async search(text: string) {
    const box = this.visible(this.page.getByRole('searchbox'));
    await box.fill(text);
    await box.press('Enter');
  }

  async filterVehicle(option: 'With a vehicle' | 'Without a vehicle') {
    // A column's sort tooltip, left open under the pointer, would take the click.
    await this.page.mouse.move(0, 0);
    // The select's box: a chosen value lies over its input.
    const combobox = this.page.getByRole('combobox', { name: 'Vehicle' });
    await this.visible(this.page.locator('.ant-select').filter({ has: combobox })).click();
    await this.visible(this.page.locator('.ant-select-dropdown')).getByTitle(option, { exact: true }).click();
  }

  rows(): Locator {
    return this.visible(this.page.locator('.ant-table-tbody tr.ant-table-row'));
  }

  async openDetails(deviceId: string) {
    await this.rows().getByRole('link', { name: deviceId, exact: true }).click();
    await expect(this.page).toHaveURL(/#\/devices\/[0-9a-f-]+\/details$/);
  }

  async delete() {
    await this.visible(this.page.getByRole('button', { name: /^delete$/i })).click();
    await this.visible(
      this.page.locator('.ant-popconfirm').getByRole('button', { name: /^delete$/i }),
    ).click();
  }
}
