import { expect, type Locator, type Page } from '@playwright/test';
import { BasePage } from './BasePage.ts';
import { SignInPage } from './SignInPage.ts';

/** The language menu's entries, the code the console sets on <html>, and its button's name then. */
const SWITCHED: Record<string, { code: string; button: string }> = {
  English: { code: 'en', button: 'Language' },
  日本語: { code: 'ja', button: '言語' },
  简体中文: { code: 'zh', button: '语言' },
  မြန်မာ: { code: 'my', button: 'ဘာသာစကား' },
};

/** The console's frame: sidebar, top bar, visited-tab bar. */
export class ConsoleShell extends BasePage {
  readonly signInPage: SignInPage;

  constructor(page: Page) {
    super(page);
    this.signInPage = new SignInPage(page);
  }

  /** Opens a hash route as a signed-out visitor would and signs in on the identity page. */
  async openAndSignIn(hashPath: string, username: string, password?: string) {
    await this.go(hashPath);
    await this.signInPage.signIn(username, password);
    await this.expectReady();
  }

  /**
   * Opens a hash route in a browser that holds a session of the realm (a role's saved state, see
   * test.ts): the realm sends the console straight back, signed in, without its form.
   */
  async open(hashPath: string) {
    await this.go(hashPath);
    await this.expectReady();
  }

  /** The console's 404 page, where an unknown or forbidden address leads. */
  async expectNotFound() {
    await this.expectAt(/#\/404$/);
    await expect(this.shown('OOPS!')).toBeVisible();
  }

  /** A page the role may not open: said inside the console, its menu still there. */
  async expectNoAccess() {
    await expect(this.pageHeading()).toHaveText('No access');
    await expect(this.sidebar()).toBeVisible();
    await expect(this.shown('OOPS!')).toHaveCount(0);
  }

  async expectReady() {
    await expect(this.pageHeading()).toBeVisible({ timeout: 30_000 });
  }

  sidebar(): Locator {
    return this.page.getByRole('navigation', { name: /main menu|メインメニュー|主菜单|ပင်မ/i });
  }

  /** The "coming in a later release" notice of the page on show (visited pages stay mounted, hidden). */
  comingSoon(): Locator {
    return this.shown(/coming in a later release/i);
  }

  pageHeading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  /** The titles of the sidebar's top-level entries, in order. */
  async sidebarEntries(): Promise<string[]> {
    const items = this.sidebar().locator(
      '.ant-menu-root > li.ant-menu-submenu > .ant-menu-submenu-title, .ant-menu-root > li.ant-menu-item',
    );
    await expect(items.first()).toBeVisible();
    return (await items.allInnerTexts()).map((t) => t.trim()).filter(Boolean);
  }

  /** Opens a sidebar page: the section first when the page sits in a submenu. */
  async navigate(section: string | null, pageTitle: string) {
    if (section) {
      // The section's title, not a page of the same name inside it (Users › Users).
      const submenu = this.sidebar()
        .getByRole('menuitem', { name: section, exact: true })
        .and(this.page.locator('.ant-menu-submenu-title'));
      if ((await submenu.getAttribute('aria-expanded')) !== 'true') await submenu.click();
    }
    // A page entry is an <li>; a section title of the same name (Users › Users) is not.
    await this.sidebar()
      .getByRole('menuitem', { name: pageTitle, exact: true })
      .and(this.page.locator('li'))
      .click();
    await expect(this.pageHeading()).toHaveText(pageTitle);
  }

  tags(): Locator {
    return this.page.getByRole('tablist', { name: /visited pages|閲覧したページ|已访问页面|ကြည့်ခဲ့သော/i });
  }

  async tagTitles(): Promise<string[]> {
    return (await this.tags().getByRole('tab').allInnerTexts()).map((t) => t.trim());
  }

  async tagAction(tabTitle: string, action: string) {
    await this.tags().getByRole('tab', { name: tabTitle }).click({ button: 'right' });
    await this.page.getByRole('menuitem', { name: action }).click();
  }

  languageButton(): Locator {
    return this.page.getByRole('button', { name: /^(language|言語|语言|ဘာသာစကား)$/i });
  }

  async switchLanguage(label: string) {
    const language = SWITCHED[label];
    if (!language) throw new Error(`no language labelled ${label}`);
    const item = this.page.getByRole('menuitem', { name: label });
    // The switch fetches the language's files and its letters (up to 4 s for those alone): on two
    // shared cores it can take longer than the usual ten seconds. Once, in a full run on a loaded
    // machine, a click on an item of the menu while it was still sliding open did not take; a
    // person clicks again, and so does this (the menu is opened again if it closed).
    const switched = { timeout: 20_000 };
    await expect(async () => {
      if (!(await item.isVisible())) await this.languageButton().click();
      await item.click();
      await expect(this.page.locator('html')).toHaveAttribute('lang', language.code, { timeout: 10_000 });
    }).toPass({ timeout: 40_000 });
    // The language's files load first: a form submitted before the console has re-rendered would
    // keep the previous language's messages, so wait until its own button speaks the new one.
    await expect(this.page.getByRole('button', { name: language.button, exact: true })).toBeVisible(switched);
  }

  /** Signs out, ending the realm's session: never in a browser holding a role's shared session. */
  async logOut() {
    await this.page.getByRole('button', { name: 'User menu' }).click();
    await this.page.getByRole('menuitem', { name: 'Log out' }).click();
    // Signed out at the identity realm too: the console is back on its sign-in page.
    await this.signInPage.expectShown();
  }
}
