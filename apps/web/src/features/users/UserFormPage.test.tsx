import type { User } from '@fleetlens/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { withMockedCalls } from '../../test/mocks';
import { demoProfile, renderInShell } from '../../test/render';
import { aUser } from '../../test/users';
import { fetchUser, updateUser } from './api';
import { UserFormPage } from './screens';

vi.mock('./api', (original) => withMockedCalls(original, ['fetchUser', 'updateUser']));

const user = (over: Partial<User>): User & { login_history: [] } => ({
  ...aUser('clerk', {
    id: 'u-1',
    first_name: 'Cleo',
    last_name: 'Clerk',
    role: { id: 'r-1', name: 'Clerk', privileges: ['user:view', 'user:edit'] },
    ...over,
  }),
  login_history: [],
});
const clerk = demoProfile({ sub: 'u-1', sys_role: 'user', privileges: ['user:view', 'user:edit'] });
const renderAt = (id: string) =>
  renderInShell(<UserFormPage />, { route: '/users/:id/edit', path: `/users/${id}/edit`, profile: clerk });

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

  it('keeps whose events she is notified of: her groups (by name) and types, sent back as ids', async () => {
    vi.mocked(fetchUser).mockResolvedValue(
      user({
        groups: [{ id: 'g-1', name: 'Gate crew' }],
        event_groups: ['Impact'],
        notify_event_based_on_groups: true,
      }),
    );
    vi.mocked(updateUser).mockResolvedValue(user({}));
    await renderAt('u-1');
    expect(await screen.findByText('Gate crew')).toBeTruthy();
    expect(
      screen.getByRole('switch', { name: /Notify only of the events/ }).getAttribute('aria-checked'),
    ).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(updateUser).toHaveBeenCalled());
    expect(vi.mocked(updateUser).mock.calls[0]?.[1]).toMatchObject({
      groups: ['g-1'],
      event_groups: ['Impact'],
      notify_event_based_on_groups: true,
    });
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
