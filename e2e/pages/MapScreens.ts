import { expect, type Locator } from '@playwright/test';
import { BasePage } from './BasePage.ts';

/** The map screens: the dashboard vehicle map, a vehicle's map, a device's drive route. */
export class MapScreens extends BasePage {
  /** The map itself (a WebGL canvas drawn by MapLibre). */
  map(): Locator {
    return this.visible(this.page.getByTestId('map')).locator('canvas');
  }

  /** The dashboard's counts line: "Vehicles: 6  Running: 4 …". */
  counts(): Locator {
    return this.visible(this.page.getByTestId('vehicle-counts'));
  }

  finder(): Locator {
    return this.page.getByRole('combobox', { name: 'Find a vehicle' });
  }

  /** Picks a vehicle in the dashboard's finder: the map flies to it and opens its popup. */
  async find(vehicle: string) {
    await this.finder().click();
    await this.finder().fill('');
    await this.finder().fill(vehicle.slice(0, 5));
    await this.option(vehicle).click({ timeout: 5_000 });
  }

  popup(): Locator {
    return this.page.getByTestId('vehicle-popup');
  }

  playback(): Locator {
    return this.visible(this.page.getByTestId('playback'));
  }

  playbackTime(): Locator {
    return this.visible(this.page.getByTestId('playback-time'));
  }

  trackSummary(): Locator {
    return this.visible(this.page.getByTestId('track-summary'));
  }

  /** Chooses the playback speed (×1, ×10, …: seconds of the track per second). */
  async setSpeed(label: string) {
    await this.playback().getByRole('combobox', { name: 'Playback speed' }).click();
    await this.option(label).click();
  }

  async play() {
    await this.playback().getByRole('button', { name: 'Play' }).click();
    await expect(this.playback().getByRole('button', { name: 'Pause' })).toBeVisible();
  }
}
