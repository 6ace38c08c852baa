import type { Locator } from '@playwright/test';
import { BasePage } from './BasePage.ts';

/** /roles and its form, with the privilege grid. */
export class RolesScreens extends BasePage {
  role(name: string, company: string): Locator {
    return this.row(name, 'first').filter({ hasText: company });
  }

  async openNew() {
    await this.openForm('New role', /#\/roles\/new$/);
  }

  /** Ticks one cell of the grid, e.g. grant('Vehicles', 'View'). */
  async grant(resource: string, action: string) {
    await this.page.getByRole('checkbox', { name: `${resource}: ${action}` }).check();
  }
}
