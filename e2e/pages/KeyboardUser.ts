import { expect, type Locator } from '@playwright/test';
import { BasePage } from './BasePage.ts';

/** A user without a mouse: moves the focus with keys, types into what has it. */
export class KeyboardUser extends BasePage {
  /**
   * Presses `key` (Tab by default) until `target` has the focus, as a user reads the focus ring
   * until it reaches what they want. Fails, naming where the focus went, if it never does.
   */
  async moveTo(target: Locator, { key = 'Tab', max = 80 }: { key?: string; max?: number } = {}) {
    const trail: string[] = [];
    for (let presses = 0; presses <= max; presses++) {
      if (await this.hasFocus(target)) return;
      await this.page.keyboard.press(key);
      trail.push(await this.focused());
    }
    throw new Error(`${key} never reached ${target}; the focus went: ${trail.join(' → ')}`);
  }

  /** Signs in on the identity page: Tab to each field, type, Enter. */
  async signIn(username: string, password: string) {
    await this.moveTo(this.page.locator('input[name="username"]'));
    await this.type(username);
    await this.moveTo(this.page.locator('input[name="password"]'));
    await this.type(password);
    await this.press('Enter');
  }

  async press(key: string) {
    await this.page.keyboard.press(key);
  }

  async type(text: string) {
    await this.page.keyboard.type(text);
  }

  /** Replaces the text of the field that has the focus. */
  async retype(text: string) {
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.page.keyboard.type(text);
  }

  /**
   * Checks that the focus is where the user can see it: a ring, outline or shadow around the
   * focused element or the control it is part of (antd draws a select's on its box).
   */
  async expectVisibleFocus() {
    const ring = await this.page.evaluate(() => {
      const focused = document.activeElement as HTMLElement | null;
      if (!focused || focused === document.body) return 'nothing';
      let el: HTMLElement | null = focused;
      for (let depth = 0; el && depth < 4; depth++, el = el.parentElement) {
        const style = getComputedStyle(el);
        const outlined = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
        if (outlined || style.boxShadow !== 'none') return 'ring';
      }
      return `no ring on ${focused.outerHTML.slice(0, 120)}`;
    });
    expect(ring).toBe('ring');
  }

  private async hasFocus(target: Locator): Promise<boolean> {
    if ((await target.count()) !== 1) return false;
    return target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));
  }

  private async focused(): Promise<string> {
    return this.page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el) return '(none)';
      const name = el.getAttribute('aria-label') ?? el.textContent?.trim() ?? '';
      return `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[${el.getAttribute('role')}]` : ''} "${name.slice(0, 30)}"`;
    });
  }
}
