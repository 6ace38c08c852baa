import { expect, type Locator } from '@playwright/test';
import { BasePage } from './BasePage.ts';

/** The notices: the bell in the top bar, the lists and the form. */
export class NoticesScreens extends BasePage {
  bell(): Locator {
    return this.page.getByRole('button', { name: 'Notifications' });
  }

  /** The number on the bell's badge (0: no badge). */
  async unread(): Promise<number> {
    const badge = this.bell().locator('.ant-badge-count');
    return (await badge.count()) === 0 ? 0 : Number(await badge.getAttribute('title'));
  }

  /** The bell's badge shows `count` (0: no badge). */
  async expectUnread(count: number) {
    const badge = this.bell().locator('.ant-badge-count');
    if (count === 0) await expect(badge).toHaveCount(0);
    else await expect(badge).toHaveAttribute('title', String(count));
  }

  async openNew() {
    await this.openForm('New notification', /#\/notifications\/new$/);
  }

  /** A date and time as the form takes it: YYYY-MM-DD HH:mm in the browser's zone. */
  static inHours(hours: number): string {
    const d = new Date(Date.now() + hours * 3600_000);
    const two = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
  }

  async fillNotice(n: {
    title: string;
    type?: string;
    company: string;
    description: string;
    /** The window; published an hour ago until a day from now unless told. */
    from?: string;
    to?: string;
  }) {
    await this.fill({ title: n.title });
    if (n.type) await this.pick('type', n.type);
    // Typed: the stories add companies, and the dropdown renders only the options in view.
    await this.pickByName('destinations', n.company);
    await this.page.keyboard.press('Escape');
    await this.fill({ description: n.description });
    await this.setWindow(n.from ?? NoticesScreens.inHours(-1), n.to ?? NoticesScreens.inHours(24));
  }

  /** Publishes a notice from the list's New button; back on the list, it shows with its companies. */
  async publish(n: Parameters<NoticesScreens['fillNotice']>[0]) {
    await this.openNew();
    await this.fillNotice(n);
    await this.save();
    await this.expectAt(/#\/notifications\/listings$/);
    await expect(this.mentioning(n.title)).toContainText(n.company);
  }

  /** Types a publication window into the open form (YYYY-MM-DD HH:mm, browser's zone). */
  async setWindow(from: string, to: string) {
    for (const [id, value] of [
      ['publish_date', from],
      ['expire_date', to],
    ] as const) {
      await this.input(id).click();
      await this.fill({ [id]: value });
    }
  }

  async openEdit(title: string) {
    await this.followLink(
      this.mentioning(title).getByRole('link', { name: 'Edit' }),
      /#\/notifications\/[^/]+\/edit$/,
    );
  }
}
