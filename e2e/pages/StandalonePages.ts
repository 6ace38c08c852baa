import { BasePage } from './BasePage.ts';

/** #/404 and #/403: reachable without signing in (spec §2.2). */
export class StandalonePages extends BasePage {
  async openNotFound() {
    await this.go('/404');
  }

  async openForbidden() {
    await this.go('/403');
  }
}
