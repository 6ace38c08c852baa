import { expect, type Locator } from '@playwright/test';
import { BasePage } from './BasePage.ts';

/** /zones…: the site safety zones' list and form, the outline drawn by clicking on the map. */
export class ZonesScreens extends BasePage {
  /** The list's row of a zone. */
  rowWith(text: string): Locator {
    return this.visible(this.page.getByRole('row').filter({ hasText: text })).first();
  }

  /** The drawing's map (a WebGL canvas drawn by MapLibre). */
  map(): Locator {
    return this.visible(this.page.getByTestId('map')).locator('canvas');
  }

  /** The outline's points as the list of coordinates shows them (each point's longitude input). */
  points(): Locator {
    return this.visible(this.page.getByRole('spinbutton', { name: /^Point \d+ longitude$/ }));
  }

  /** The outline's points as typed numbers, [longitude, latitude] each, in order. */
  async pointValues(): Promise<[number, number][]> {
    const count = await this.points().count();
    const values: [number, number][] = [];
    for (let n = 1; n <= count; n++) {
      const at = (axis: string) =>
        this.visible(
          this.page.getByRole('spinbutton', { name: `Point ${n} ${axis}`, exact: true }),
        ).inputValue();
      values.push([Number(await at('longitude')), Number(await at('latitude'))]);
    }
    return values;
  }

  /**
   * Clicks each place on the map, given as pixels from the canvas's centre, waiting for each to
   * join the list of points, then closes the shape.
   */
  async draw(offsets: readonly [number, number][]) {
    const canvas = this.map();
    await expect(canvas).toBeVisible();
    const box = await canvas.boundingBox();
    if (!box) throw new Error('the map has no canvas');
    for (const [i, [dx, dy]] of offsets.entries()) {
      await canvas.click({ position: { x: box.width / 2 + dx, y: box.height / 2 + dy } });
      await expect(this.points()).toHaveCount(i + 1);
    }
    await this.clickButton('Close shape');
  }

  /**
   * From the list: a new pedestrian area of Harbor Logistics with a 10 km/h limit, drawn as a
   * rectangle of four clicks around the map's centre, or `[dx, dy]` pixels from it, left unsaved on
   * its form. Zones of one company stay for the whole run: a story whose vehicle drives into its
   * own zone needs the centre to itself (the zone breach story), so another draws beside it.
   */
  async drawWalkway(name: string, [dx, dy]: readonly [number, number] = [0, 0]) {
    await this.go('/zones');
    await this.openForm('New', /#\/zones\/new$/);
    await this.pick('customer_id', 'Harbor Logistics');
    await this.fill({ name, speed_kmh: 10 });
    await this.pick('kind', 'Pedestrian area');
    const corners: [number, number][] = [
      [-80, -60],
      [80, -60],
      [80, 60],
      [-80, 60],
    ];
    await this.draw(corners.map(([x, y]) => [x + dx, y + dy]));
  }
}
