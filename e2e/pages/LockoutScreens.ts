import { expect, type Locator } from '@playwright/test';
import { BasePage } from './BasePage.ts';

/**
 * The impact lock-out where it shows: the vehicle group dialog's level, the vehicle page's lock
 * with its Unlock dialog, and the vehicle list's lock mark.
 */
export class LockoutScreens extends BasePage {
  /** The lock on the open vehicle page ("Locked since …"). */
  vehicleLock(): Locator {
    return this.visible(this.page.getByTestId('vehicle-lock'));
  }

  /** The lock mark of the vehicle list's row of `name`. */
  listMark(name: string): Locator {
    return this.visible(
      this.page.getByRole('row').filter({ has: this.page.getByRole('link', { name, exact: true }) }),
    ).getByTestId('lock-mark');
  }

  /** Sets a group's lock-out level in its edit dialog, from the group list. */
  async setGroupLevel(group: string, level: string) {
    await this.search(group);
    await this.rowAction(group, 'Edit');
    await this.fill({ lockout_impact_g: level });
    await this.dialog().getByRole('button', { name: 'Save' }).click();
    await expect(this.dialog()).toHaveCount(0);
  }

  /** Opens the Unlock dialog and saves it with `reason` (empty: sends nothing the form refuses). */
  async unlock(reason: string) {
    if ((await this.dialog().count()) === 0)
      await this.vehicleLock().getByRole('button', { name: 'Unlock' }).click();
    await this.fill({ reason });
    await this.dialog().getByRole('button', { name: 'Save' }).click();
  }
}
