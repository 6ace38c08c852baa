import { BasePage } from './BasePage.ts';

/** /devices, its form and details. */
export class DevicesScreens extends BasePage {
  async openNew() {
    await this.openForm(/new device/i, /#\/devices\/new$/);
  }

  async filterVehicle(option: 'With a vehicle' | 'Without a vehicle') {
    await this.filter('Vehicle', option);
  }

  async openDetails(deviceId: string) {
    await this.followLink(
      this.rows().getByRole('link', { name: deviceId, exact: true }),
      /#\/devices\/[0-9a-f-]+\/details$/,
    );
  }

  async delete() {
    await this.clickButton(/^delete$/i);
    await this.confirm();
  }
}
