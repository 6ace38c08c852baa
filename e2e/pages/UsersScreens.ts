import { expect, type Locator, type Page } from '@playwright/test';

/** /users and the user form (fields found by their ids, the payload's names). */
export class UsersScreens {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  row(username: string): Locator {
    const cell = this.page.locator('td:first-child').getByText(username, { exact: true });
    return this.page.getByRole('row').filter({ visible: true }).filter({ has: cell });
  }

  async openNew() {
    await this.page.getByRole('button', { name: 'New user' }).filter({ visible: true }).click();
    await expect(this.page).toHaveURL(/#\/users\/new$/);
  }

  async pick(id: string, option: string) {
    await this.page.locator(`#${id}`).click();
    await this.page
      .locator('.ant-select-dropdown')
      .filter({ visible: true })
      .getByTitle(option, { exact: true })
      .click();
  }

  async fill(u: {
    first: string;
    last: string;
    username: string;
    email: string;
    password: string;
    confirm?: string;
  }) {
    await this.page.locator('#first_name').fill(u.first);
    await this.page.locator('#last_name').fill(u.last);
    await this.page.locator('#username').fill(u.username);
    await this.page.locator('#email').fill(u.email);
    await this.page.locator('#password').fill(u.password);
    await this.page.locator('#confirm').fill(u.confirm ?? u.password);
  }

  async save() {
    await this.page
      .getByRole('button', { name: /^save$/i })
      .filter({ visible: true })
      .click();
  }
}
