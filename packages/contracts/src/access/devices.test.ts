import { describe, expect, it } from 'vitest';
import { mayResetDevices, mayViewDevices } from './devices.ts';
import { userRoleList } from './roles.ts';

const actor = (
  userId: string,
  sysRole: Parameters<typeof userRoleList>[0],
  privileges: string[] = [],
  isManager = false,
) => ({
  userId,
  roles: userRoleList(sysRole, privileges),
  isManager,
});

describe('who may reset signed-in browsers', () => {
  it('lets everyone reset their own', () => {
    expect(mayResetDevices(actor('u1', 'user'), { id: 'u1', sys_role: 'user' })).toBe(true);
    expect(mayResetDevices(actor('a1', 'support'), { id: 'a1', sys_role: 'support' })).toBe(true);
  });
  it("keeps an admin's browsers for admins", () => {
    expect(mayViewDevices(actor('s1', 'support'), { id: 'a1' })).toBe(true);
    expect(mayResetDevices(actor('s1', 'support'), { id: 'a1', sys_role: 'admin' })).toBe(false);
    expect(mayResetDevices(actor('a2', 'admin'), { id: 'a1', sys_role: 'admin' })).toBe(true);
  });
  it('follows the login-devices page for others: support, user:edit, a representative', () => {
    const target = { id: 'u9', sys_role: 'user' as const };
    expect(mayResetDevices(actor('s1', 'support'), target)).toBe(true);
    expect(mayResetDevices(actor('u1', 'user', ['user:edit']), target)).toBe(true);
    expect(mayResetDevices(actor('u2', 'user', [], true), target)).toBe(true);
    expect(mayResetDevices(actor('u3', 'user', ['user:view']), target)).toBe(false);
    expect(mayResetDevices(actor('k1', 'kitting'), target)).toBe(false);
  });
});
