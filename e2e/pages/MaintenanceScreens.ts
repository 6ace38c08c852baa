import type { Locator } from '@playwright/test';
import { BasePage } from './BasePage.ts';

/** /maintenances…: master items, plans, the vehicles under a plan, a vehicle's state and its execution. */
export class MaintenanceScreens extends BasePage {
  /** A row of the list on show that holds `text`. */
  rowWith(text: string): Locator {
    return this.visible(this.page.getByRole('row').filter({ hasText: text })).first();
  }

  /** The plans' list row of a kind of maintenance with its cycle as the list reads it ("720 hours"). */
  planRow(item: string, cycle: string): Locator {
    return this.visible(this.page.getByRole('row').filter({ hasText: item }).filter({ hasText: cycle }));
  }

  /** A master item of `company`, created in the masters page's dialog. */
  async createItem(company: string, name: string) {
    await this.clickButton('New');
    await this.pickByName('customer_id', company);
    await this.fill({ name });
    await this.visible(this.page.getByRole('dialog')).getByRole('button', { name: /Save/ }).click();
    await this.visible(this.page.getByRole('dialog')).waitFor({ state: 'hidden' });
  }

  /**
   * The plan form's fields: its company, item, cycle and warning, each in its unit as the form
   * names it (left out: the form's operating hours).
   */
  async fillPlan(plan: {
    company: string;
    item: string;
    cycle: number;
    warning: number;
    unit?: string;
    warningUnit?: string;
  }) {
    await this.pickByName('customer_id', plan.company);
    await this.pickByName('item_id', plan.item);
    if (plan.unit) await this.pick('cycle_unit', plan.unit);
    if (plan.warningUnit) await this.pick('warning_type', plan.warningUnit);
    await this.fill({ cycle_value: plan.cycle, warning_time: plan.warning });
  }

  /** The state tag of the vehicle's row in a plan's list. */
  state(vehicle: string): Locator {
    return this.rowWith(vehicle).locator('.ant-tag');
  }
}
