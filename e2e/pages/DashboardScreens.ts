import type { Locator } from '@playwright/test';
import { BasePage } from './BasePage.ts';

/** The dashboard (/virtualization): the user's charts, their menus and the two dialogs. */
export class DashboardScreens extends BasePage {
  /** The charts on show, in order. */
  cards(): Locator {
    return this.visible(this.page.locator('[data-chart-id]'));
  }

  card(name: string): Locator {
    return this.cards().filter({ has: this.page.getByText(name, { exact: true }) });
  }

  /** The charts' names, first to last. */
  async chartNames(): Promise<string[]> {
    return this.cards().locator('.ant-card-head-title strong').allInnerTexts();
  }

  /** The figure a chart is read by ("3 of 6 online", "12.5 h in all"). */
  figure(name: string): Locator {
    return this.card(name).getByTestId('chart-figure');
  }

  /** The period a chart's title shows ("Today", "Last week"). */
  period(name: string, label: string): Locator {
    return this.card(name).locator('.ant-card-head-title').getByText(label, { exact: true });
  }

  async addChart(name: string, template: string) {
    await this.clickButton('Add chart');
    await this.fill({ name });
    await this.pick('template', template);
    await this.dialog().getByRole('button', { name: 'Save' }).click();
  }

  async changeAllPeriods(period: string) {
    await this.clickButton('Batch period change');
    await this.pick('period', period);
    await this.dialog().getByRole('button', { name: 'Save' }).click();
  }

  /** Drags a chart by its title onto another chart's place. */
  async drag(name: string, onto: string) {
    await this.card(name).locator('[draggable=true]').hover();
    await this.page.mouse.down();
    const box = await this.card(onto).boundingBox();
    if (!box) throw new Error(`the chart ${onto} is not on show`);
    await this.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 8 });
    await this.page.mouse.up();
  }

  /** The keyboard's way: the chart's menu, then Move earlier or Move later. */
  async moveByMenu(name: string, action: 'Move earlier' | 'Move later') {
    await this.card(name)
      .getByRole('button', { name: `Chart actions: ${name}` })
      .click();
    await this.menuItem(action).click();
  }
}
