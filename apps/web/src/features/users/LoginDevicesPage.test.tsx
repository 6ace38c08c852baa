import type { LoginDevicesAnswer } from '@fleetlens/contracts';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { withMockedCalls } from '../../test/mocks';
import { demoProfile, renderInShell } from '../../test/render';
import { fetchLoginDevices, fetchUser, type UserDetail } from './api';
import { LoginDevicesPage } from './LoginDevicesPage';

vi.mock('./api', (original) => withMockedCalls(original, ['fetchUser', 'fetchLoginDevices']));

const owner = (sys_role: UserDetail['sys_role']) =>
  ({ id: 'u-9', first_name: 'Ada', last_name: 'Owner', username: 'owner', sys_role }) as UserDetail;

const renderFor = (claims: Record<string, unknown>) =>
  renderInShell(<LoginDevicesPage />, {
    route: '/users/:id/login-device',
    path: '/users/u-9/login-device',
    profile: demoProfile(claims),
  });

describe('the reset button of the login-devices page', () => {
  beforeEach(() => {
    vi.mocked(fetchLoginDevices).mockResolvedValue({ devices: [], resets: [] } as LoginDevicesAnswer);
  });

  it("is not offered to support on an admin's page (the API refuses it)", async () => {
    vi.mocked(fetchUser).mockResolvedValue(owner('admin'));
    await renderFor({ sys_role: 'support' });
    expect(await screen.findByText('Ada Owner (owner)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reset signed-in devices' })).toBeNull();
  });

  it("is offered to support on a customer user's page", async () => {
    vi.mocked(fetchUser).mockResolvedValue(owner('user'));
    await renderFor({ sys_role: 'support' });
    expect(await screen.findByRole('button', { name: 'Reset signed-in devices' })).toBeTruthy();
  });
});
