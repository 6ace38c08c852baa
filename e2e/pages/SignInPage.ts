import { expect } from '@playwright/test';
import { BasePage } from './BasePage.ts';
import { DEMO_PASSWORD } from './demo.ts';

/** The embedded identity realm's sign-in page. */
export class SignInPage extends BasePage {
  async expectShown() {
    // The console's first load sends the browser here: a cold server's first pages, on two cores
    // other stories share, have taken more than the usual ten seconds.
    await expect(this.page).toHaveURL(/\/auth\/realms\/[a-z0-9-]+\//, { timeout: 30_000 });
    await expect(this.page.locator('input[name="password"]')).toBeVisible();
  }

  async signIn(username: string, password = DEMO_PASSWORD) {
    await this.expectShown();
    await this.page.locator('input[name="username"]').fill(username);
    await this.page.locator('input[name="password"]').fill(password);
    await this.page.locator('button[type="submit"]').click();
  }

  alert() {
    return this.page.getByRole('alert');
  }
}
