import { expect, type Locator, type Page } from '@playwright/test';

/** The notices: the bell in the top bar, the lists and the form. */
export class NoticesScreens {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  bell(): Locator {
    return this.page.getByRole('button', { name: 'Notifications' });
  }

  /** The bell's badge shows `count` (0: no badge). */
  async expectUnread(count: number) {
    const badge = this.bell().locator('.ant-badge-count');
    if (count === 0) await expect(badge).toHaveCount(0);
    else await expect(badge).toHaveAttribute('title', String(count));
  }

  async openNew() {
    await this.page.getByRole('button', { name: 'New notification' }).filter({ visible: true }).click();
    await expect(this.page).toHaveURL(/#\/notifications\/new$/);
  }

  /** A date and time as the form takes it: YYYY-MM-DD HH:mm in the browser's zone. */
  static inHours(hours: number): string {
    const d = new Date(Date.now() + hours * 3600_000);
    const two = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
  }

  async fill(n: {
    title: string;
    type: string;
    company: string;
    description: string;
    from: string;
    to: string;
  }) {
    await this.page.locator('#title').fill(n.title);
    await this.page.locator('#type').click();
    await this.page
      .locator('.ant-select-dropdown')
      .filter({ visible: true })
      .getByTitle(n.type, { exact: true })
      .click();
    await this.page.locator('#destinations').click();
    await this.page
      .locator('.ant-select-dropdown')
      .filter({ visible: true })
      .getByTitle(n.company, { exact: true })
      .click();
    await this.page.keyboard.press('Escape');
    await this.page.locator('#description').fill(n.description);
    for (const [id, value] of [
      ['#publish_date', n.from],
      ['#expire_date', n.to],
    ] as const) {
      await this.page.locator(id).click();
      await this.page.locator(id).fill(value);
      // Leaving the field keeps the typed time (Enter would submit the form).
      await this.page.keyboard.press('Tab');
    }
  }

  /** Types a new publication window into the open form (YYYY-MM-DD HH:mm, browser's zone). */
  async setWindow(from: string, to: string) {
    for (const [id, value] of [
      ['#publish_date', from],
      ['#expire_date', to],
    ] as const) {
      await this.page.locator(id).click();
      await this.page.locator(id).fill(value);
      await this.page.keyboard.press('Tab');
    }
  }

  async openEdit(title: string) {
    await this.row(title).getByRole('link', { name: 'Edit' }).click();
    await expect(this.page).toHaveURL(/#\/notifications\/[^/]+\/edit$/);
  }

  async save() {
    await this.page
      .getByRole('button', { name: /^save$/i })
      .filter({ visible: true })
      .click();
  }

  row(title: string): Locator {
    return this.page.getByRole('row').filter({ visible: true }).filter({ hasText: title });
  }
}
