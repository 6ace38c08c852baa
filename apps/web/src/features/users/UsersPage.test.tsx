import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInShell } from '../../test/render';
import { aUser } from '../../test/users';
import { users } from './api';
import { UsersPage } from './screens';

const fetchUsers = vi.spyOn(users, 'list');

const user = aUser;

describe('the users list', () => {
  it("shows every user's status: enabled, disabled, locked (and both)", async () => {
    const list = [
      user('active', {}),
      user('off', { enabled: false }),
      user('jammed', { locked: true }),
      user('both', { enabled: false, locked: true }),
    ];
    fetchUsers.mockResolvedValue({ list, total: list.length, page: 1, perPage: 20 });
    await renderInShell(<UsersPage />, { path: '/users' });
    const statusOf = async (username: string) =>
      within((await screen.findByText(username)).closest('tr') as HTMLElement)
        .getAllByText(/^(Enabled|Disabled|Locked)$/)
        .map((tag) => tag.textContent);
    expect(await statusOf('active')).toEqual(['Enabled']);
    expect(await statusOf('off')).toEqual(['Disabled']);
    expect(await statusOf('jammed')).toEqual(['Enabled', 'Locked']);
    expect(await statusOf('both')).toEqual(['Disabled', 'Locked']);
  });
});
