import type { Locator } from '@playwright/test';
import { BasePage } from './BasePage.ts';

/** /maintenances…: master items, plans, the vehicles under a plan, a vehicle's state and its execution. */
export class MaintenanceScreens extends BasePage {
  /** A row of the list on show that holds `text`. */
  rowWith(text: string): Locator {
    return this.visible(this.page.getByRole('row').filter({ hasText: text })).first();
  }

  /** A master item of `company`, created in the masters page's dialog. */
  async createItem(company: string, name: string) {
    await this.clickButton('New');
    await this.pick('customer_id', company);
    await this.fill({ name });
    await this.visible(this.page.getByRole('dialog')).getByRole('button', { name: /Save/ }).click();
    await this.visible(this.page.getByRole('dialog')).waitFor({ state: 'hidden' });
  }

  /** The plan form's fields: its company, item, cycle and warning (in the default operating hours). */
  async fillPlan(plan: { company: string; item: string; cycle: number; warning: number }) {
    await this.pick('customer_id', plan.company);
    await this.pickByName('item_id', plan.item);
    await this.fill({ cycle_value: plan.cycle, warning_time: plan.warning });
  }

  /** The state tag of the vehicle's row in a plan's list. */
  state(vehicle: string): Locator {
    return this.rowWith(vehicle).locator('.ant-tag');
  }
}
