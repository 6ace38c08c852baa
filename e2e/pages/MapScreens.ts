import { expect, type Locator, type Page } from '@playwright/test';

/** The map screens: the dashboard vehicle map, a vehicle's map, a device's drive route. */
export class MapScreens {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  /** The map itself (a WebGL canvas drawn by MapLibre). */
  map(): Locator {
    return this.page.getByTestId('map').filter({ visible: true }).locator('canvas');
  }

  /** The dashboard's counts line: "Vehicles: 6  Running: 4 …". */
  counts(): Locator {
    return this.page.getByTestId('vehicle-counts').filter({ visible: true });
  }

  /** Picks a vehicle in the dashboard's finder: the map flies to it and opens its popup. */
  async find(vehicle: string) {
    const finder = this.page.getByRole('combobox', { name: 'Find a vehicle' });
    await finder.click();
    await finder.fill('');
    await finder.fill(vehicle.slice(0, 5));
    await this.page
      .locator('.ant-select-dropdown')
      .filter({ visible: true })
      .getByTitle(vehicle, { exact: true })
      .click({ timeout: 5_000 });
  }

  popup(): Locator {
    return this.page.getByTestId('vehicle-popup');
  }

  playback(): Locator {
    return this.page.getByTestId('playback').filter({ visible: true });
  }

  playbackTime(): Locator {
    return this.page.getByTestId('playback-time').filter({ visible: true });
  }

  trackSummary(): Locator {
    return this.page.getByTestId('track-summary').filter({ visible: true });
  }

  /** Chooses the playback speed (×1, ×10, …: seconds of the track per second). */
  async setSpeed(label: string) {
    await this.playback().getByRole('combobox', { name: 'Playback speed' }).click();
    await this.page
      .locator('.ant-select-dropdown')
      .filter({ visible: true })
      .getByTitle(label, { exact: true })
      .click();
  }

  async play() {
    await this.playback().getByRole('button', { name: 'Play' }).click();
    await expect(this.playback().getByRole('button', { name: 'Pause' })).toBeVisible();
  }
}
