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

  /**
   * The cluster bubbles on the map's canvas, as drawn: each blue disc found in a screenshot of the
   * canvas, and whether white letters (its count) stand in its middle. A canvas offers nothing
   * else to read: a bubble without its count is only a plain disc.
   */
  async bubbles(): Promise<{ bubbles: number; countless: number }> {
    const canvas = this.map().locator('canvas');
    const png = (await canvas.screenshot()).toString('base64');
    return this.page.evaluate(async (data) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const { width, height } = image;
      const context = new OffscreenCanvas(width, height).getContext('2d');
      if (!context) throw new Error('no 2d canvas');
      context.drawImage(image, 0, 0);
      const pixels = context.getImageData(0, 0, width, height).data;
      const at = (x: number, y: number) => (y * width + x) * 4;
      // The cluster's blue (#364fc7 at 0.85) over the grid or the site plan's colours.
      const blue = (i: number) =>
        (pixels[i + 2] ?? 0) > 170 && (pixels[i] ?? 0) < 130 && (pixels[i + 1] ?? 0) < 140;
      const white = (i: number) => [0, 1, 2].every((c) => (pixels[i + c] ?? 0) > 200);
      const seen = new Uint8Array(width * height);
      let bubbles = 0;
      let countless = 0;
      for (let start = 0; start < width * height; start += 1) {
        if (seen[start] || !blue(start * 4)) continue;
        // One disc: the blue pixels joined to this one.
        let [left, top, right, bottom] = [width, height, 0, 0];
        const stack = [start];
        seen[start] = 1;
        while (stack.length > 0) {
          const p = stack.pop() as number;
          const x = p % width;
          const y = (p - x) / width;
          [left, top, right, bottom] = [
            Math.min(left, x),
            Math.min(top, y),
            Math.max(right, x),
            Math.max(bottom, y),
          ];
          for (const q of [p - 1, p + 1, p - width, p + width])
            if (q >= 0 && q < width * height && !seen[q] && blue(q * 4)) {
              seen[q] = 1;
              stack.push(q);
            }
        }
        const size = Math.min(right - left, bottom - top);
        // Not a whole bubble: a small blot, or a disc the canvas's edge cuts.
        if (size < 24 || left === 0 || top === 0 || right === width - 1 || bottom === height - 1) continue;
        bubbles += 1;
        const [cx, cy, reach] = [Math.round((left + right) / 2), Math.round((top + bottom) / 2), size * 0.3];
        let letters = 0;
        for (let y = Math.round(cy - reach); y <= cy + reach; y += 1)
          for (let x = Math.round(cx - reach); x <= cx + reach; x += 1) if (white(at(x, y))) letters += 1;
        if (letters < 4) countless += 1;
      }
      return { bubbles, countless };
    }, png);
  }

  /** Clicks the map in the middle of its canvas (where a zoom to a box puts the box's centre). */
  async clickMapCentre() {
    const canvas = this.map().locator('canvas');
    const box = await canvas.boundingBox();
    if (!box) throw new Error('the map has no canvas');
    await canvas.click({ position: { x: box.width / 2, y: box.height / 2 } });
  }
}
