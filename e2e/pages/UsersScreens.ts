import type { Locator } from '@playwright/test';
import { BasePage } from './BasePage.ts';

/** /users and the user form (fields found by their ids, the payload's names). */
export class UsersScreens extends BasePage {
  user(username: string): Locator {
    return this.row(username, 'first');
  }

  async openNew() {
    await this.openForm('New user', /#\/users\/new$/);
  }

  /** Fills the person's fields; the confirmation repeats the password unless given. */
  async fillUser(u: {
    first_name: string;
    last_name: string;
    username: string;
    email: string;
    password: string;
    confirm?: string;
  }) {
    await this.fill({ ...u, confirm: u.confirm ?? u.password });
  }

  /** Opens a user's page from the list by its link (Edit, Devices, Sign-ins), landing `at`. */
  async openUserLink(username: string, link: string, at: RegExp) {
    await this.followLink(this.user(username).getByRole('link', { name: link }), at);
  }

  /** The user menu's Edit profile. */
  async openProfile() {
    await this.page.getByRole('button', { name: 'User menu' }).click();
    await this.page.getByRole('menuitem', { name: 'Edit profile' }).click();
    await this.expectAt(/#\/users\/[0-9a-f-]+\/edit$/);
  }
}
