import type { User } from '@fleetlens/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInShell } from '../../test/render';
import { fetchUsers } from './api';
import { UsersPage } from './screens';

vi.mock('./api', async (original) => ({ ...(await original<object>()), fetchUsers: vi.fn() }));

const user = (username: string, over: Partial<User>): User => ({
  id: username,
  username,
  first_name: username,
  last_name: 'Harbor',
  email: `${username}@harbor.example`,
  customer: { id: 'c-1', name: 'Harbor Logistics' },
  role: null,
  sys_role: 'user',
  manager: false,
  download_role: 'none',
  enabled: true,
  locked: false,
  last_login_at: null,
  notify_accelerate: false,
  notify_decelerate: false,
  notify_impact: false,
  notify_handle: false,
  notify_dashboard: false,
  notify_maintain: false,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  ...over,
});

describe('the users list', () => {
  it("shows every user's status: enabled, disabled, locked (and both)", async () => {
    const list = [
      user('active', {}),
      user('off', { enabled: false }),
      user('jammed', { locked: true }),
      user('both', { enabled: false, locked: true }),
    ];
    vi.mocked(fetchUsers).mockResolvedValue({ list, total: list.length, page: 1, perPage: 20 });
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
