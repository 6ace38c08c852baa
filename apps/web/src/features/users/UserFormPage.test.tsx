import type { User } from '@fleetlens/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { demoProfile, renderInShell } from '../../test/render';
import { fetchUser, updateUser } from './api';
import { UserFormPage } from './screens';

vi.mock('./api', async (original) => ({
  ...(await original<object>()),
  fetchUser: vi.fn(),
  updateUser: vi.fn(),
}));

const user = (over: Partial<User>): User & { login_history: [] } => ({
  id: 'u-1',
  username: 'clerk',
  first_name: 'Cleo',
  last_name: 'Clerk',
  email: 'clerk@harbor.example',
  customer: { id: 'c-1', name: 'Harbor Logistics' },
  role: { id: 'r-1', name: 'Clerk', privileges: ['user:view', 'user:edit'] },
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
  login_history: [],
  ...over,
});
const clerk = demoProfile({ sub: 'u-1', sys_role: 'user', privileges: ['user:view', 'user:edit'] });
const renderAt = (id: string) =>
  renderInShell(
    <Routes>
      <Route path="/users/:id/edit" element={<UserFormPage />} />
    </Routes>,
    { path: `/users/${id}/edit`, profile: clerk },
  );

describe('the user form', () => {
  beforeEach(() => {
    vi.mocked(fetchUser).mockReset();
    vi.mocked(updateUser).mockReset();
  });

  it('shows one’s own profile with the personal fields only, and saves only those', async () => {
    vi.mocked(fetchUser).mockResolvedValue(user({}));
    vi.mocked(updateUser).mockResolvedValue(user({}));
    await renderAt('u-1');
    expect(await screen.findByDisplayValue('Cleo')).toBeTruthy();
    expect(screen.queryByText('Access')).toBeNull();
    expect(screen.queryByText('System role')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(updateUser).toHaveBeenCalled());
    const body = vi.mocked(updateUser).mock.calls[0]?.[1] ?? {};
    expect(body).toMatchObject({ first_name: 'Cleo', email: 'clerk@harbor.example' });
    for (const field of ['customer_id', 'sys_role', 'role_id', 'manager', 'download_role'])
      expect(body).not.toHaveProperty(field);
  });

  it('does not open a user who holds more than the viewer for change', async () => {
    vi.mocked(fetchUser).mockResolvedValue(
      user({
        id: 'u-2',
        username: 'manager',
        role: { id: 'r-2', name: 'Owner', privileges: ['vehicle:delete'] },
      }),
    );
    await renderAt('u-2');
    expect(await screen.findByText(/This user holds access you do not/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Save/ })).toBeNull();
  });
});
