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
  sysRole,
  privileges,
  roles: userRoleList(sysRole, privileges),
  isManager,
  downloadRole: 'request' as const,
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
  it("shows others' browsers to whoever opens the login-devices page", () => {
    expect(mayViewDevices(actor('u1', 'user', ['user:edit']), { id: 'u9' })).toBe(true);
    expect(mayViewDevices(actor('u3', 'user', ['user:view']), { id: 'u9' })).toBe(false);
  });
  it("resets others' browsers only with the representative's right (spec §6): support, a representative", () => {
    const target = { id: 'u9', sys_role: 'user' as const };
    expect(mayResetDevices(actor('s1', 'support'), target)).toBe(true);
    expect(mayResetDevices(actor('u1', 'user', ['user:edit']), target)).toBe(false);
    expect(mayResetDevices(actor('u2', 'user', [], true), target)).toBe(true);
    expect(mayResetDevices(actor('u3', 'user', ['user:view']), target)).toBe(false);
    expect(mayResetDevices(actor('k1', 'kitting'), target)).toBe(false);
  });
});
