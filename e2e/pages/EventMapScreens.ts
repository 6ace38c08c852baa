import type { Locator } from '@playwright/test';
import { BasePage } from './BasePage.ts';

/** The event map (/event-map): the map, its filters and heat switch, and the list beside it. */
export class EventMapScreens extends BasePage {
  map(): Locator {
    return this.visible(this.page.getByTestId('map'));
  }

  /** The list beside the map: the clusters and single events of the view. */
  list(): Locator {
    return this.visible(this.page.getByTestId('event-map-list'));
  }

  /** The list's button of a cluster, by its text ("7 events, worst: Turn (gyroscope)"). */
  cluster(text: string | RegExp): Locator {
    return this.list().getByRole('button', { name: text });
  }

  /** The list's links to single events that mention `text` (a vehicle's name). */
  events(text: string): Locator {
    return this.list().getByRole('link').filter({ hasText: text });
  }

  async heat(on: boolean) {
    const toggle = this.visible(this.page.getByRole('switch', { name: 'Heat map' }));
    if ((await toggle.getAttribute('aria-checked')) !== String(on)) await toggle.click();
  }

  /** The map's own zoom-out button, once. */
  async zoomOut() {
    await this.map().getByRole('button', { name: 'Zoom out' }).click();
  }

  /** Waits until the map has asked for what it shows and drawn it. */
  async settled() {
    await this.page.getByTestId('event-map-loading').waitFor({ state: 'detached' });
    // The map draws the answer on its next frame or two.
    await this.page.waitForTimeout(500);
  }

  /** Clicks the map in the middle of its canvas (where a zoom to a box puts the box's centre). */
  async clickMapCentre() {
    const canvas = this.map().locator('canvas');
    const box = await canvas.boundingBox();
    if (!box) throw new Error('the map has no canvas');
    await canvas.click({ position: { x: box.width / 2, y: box.height / 2 } });
  }
}
