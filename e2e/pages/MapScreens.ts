import { expect, type Locator } from '@playwright/test';
import { BasePage } from './BasePage.ts';

/** The map screens: the dashboard vehicle map, a vehicle's map, a device's drive route. */
export class MapScreens extends BasePage {
  /** The map itself (a WebGL canvas drawn by MapLibre). */
  map(): Locator {
    return this.visible(this.page.getByTestId('map')).locator('canvas');
  }

  /** The dashboard list's counts: "Vehicles: 6", then a chip per state ("Running: 4" …). */
  counts(): Locator {
    return this.visible(this.page.getByTestId('vehicle-counts'));
  }

  /** The search above the dashboard's vehicle list. */
  finder(): Locator {
    return this.searchbox('Find a vehicle');
  }

  /** A vehicle's row in the dashboard's list (its button: name, state badge). */
  listItem(vehicle: string): Locator {
    return this.page.getByTestId('vehicle-list').locator(`li > button[data-name="${vehicle}"]`);
  }

  /** The vehicles the list shows, by name. */
  async listed(): Promise<string[]> {
    return this.page
      .getByTestId('vehicle-list')
      .locator('li > button')
      .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-name') ?? ''));
  }

  /** A state chip of the list ('Running', 'Offline' …): pressed, it filters list and map. */
  stateChip(label: string): Locator {
    return this.page
      .getByTestId('vehicle-counts')
      .getByRole('button', { name: new RegExp(`^${label}: \\d+$`) });
  }

  /** Finds a vehicle by name in the list and follows it: the map flies to it and opens its popup. */
  async find(vehicle: string) {
    await this.search(vehicle.slice(0, 5));
    await this.listItem(vehicle).click({ timeout: 5_000 });
  }

  /** The map view's centre [lng, lat] once the camera stopped. */
  async centre(): Promise<[number, number]> {
    const text = (await this.page.getByTestId('map').first().getAttribute('data-center')) ?? '';
    const [lng = Number.NaN, lat = Number.NaN] = text.split(',').map(Number);
    return [lng, lat];
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
