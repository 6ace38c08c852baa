import { expect } from '@playwright/test';
import { BasePage } from './BasePage.ts';
import { DEMO_PASSWORD } from './demo.ts';

/** The embedded identity realm's sign-in page. */
export class SignInPage extends BasePage {
  async expectShown() {
    await this.expectAt(/\/auth\/realms\/[a-z0-9-]+\//);
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
