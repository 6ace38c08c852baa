import type { Locator } from '@playwright/test';
import { BasePage } from './BasePage.ts';

/** /customers and its form. */
export class CustomersScreens extends BasePage {
  /** The row whose name cell is exactly `name` (other rows may mention it as parent or sub company). */
  customer(name: string): Locator {
    return this.row(name, 'first');
  }

  async openNew() {
    await this.openForm(/new customer/i, /#\/customers\/new$/);
  }

  async toggleFunction(label: string) {
    await this.visible(this.page.getByRole('checkbox', { name: label })).check();
  }
}
