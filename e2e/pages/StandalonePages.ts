import type { Locator, Page } from '@playwright/test';

/** #/404 and #/403: reachable without signing in (spec §2.2). */
export class StandalonePages {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async openNotFound() {
    await this.page.goto('/#/404');
  }

  async openForbidden() {
    await this.page.goto('/#/403');
  }

  text(value: string): Locator {
    return this.page.getByText(value, { exact: true });
  }
}
