import { describe, expect, it } from 'vitest';
import {
  type AccessHolder,
  grantRefusal,
  holdsPrivilege,
  holdsRepresentativeRight,
  mayGiveDownloadRole,
  privilegesNotHeld,
} from './grants.ts';
import { ALL_PRIVILEGES } from './roles.ts';

const holder = (over: Partial<AccessHolder>): AccessHolder => ({
  sysRole: 'user',
  privileges: [],
  isManager: false,
  downloadRole: 'none',
  ...over,
});
const grant = {
  sysRole: 'user' as const,
  privileges: [] as string[],
  manager: false,
  downloadRole: 'none' as const,
};

describe('who may give which access', () => {
  it('lets staff hold what their system role opens, in the order admin > support > sales | kitting', () => {
    expect(privilegesNotHeld(holder({ sysRole: 'admin' }), ALL_PRIVILEGES)).toEqual([]);
    expect(privilegesNotHeld(holder({ sysRole: 'support' }), ALL_PRIVILEGES)).toEqual([]);
    const sales = holder({ sysRole: 'sales' });
    expect(holdsPrivilege(sales, 'customer:view')).toBe(true);
    expect(holdsPrivilege(sales, 'user:add')).toBe(true);
    expect(holdsPrivilege(sales, 'vehicle:add')).toBe(false);
    // Deleting users is support's: sales cannot give it.
    expect(holdsPrivilege(sales, 'user:delete')).toBe(false);
    const kitting = holder({ sysRole: 'kitting' });
    expect(holdsPrivilege(kitting, 'vehicle:add')).toBe(true);
    expect(holdsPrivilege(kitting, 'user:add')).toBe(false);
  });

  it('lets a customer user give only the privileges of their own role', () => {
    const clerk = holder({ privileges: ['user:add', 'vehicle:view'] });
    expect(privilegesNotHeld(clerk, ['vehicle:view', 'vehicle:delete'])).toEqual(['vehicle:delete']);
    expect(grantRefusal(clerk, { ...grant, privileges: ['vehicle:delete'] })).toEqual({
      field: 'role_id',
      key: 'roleNotHeld',
    });
    expect(grantRefusal(clerk, { ...grant, privileges: ['vehicle:view'] })).toBeUndefined();
  });

  it('gives staff system roles to admins only', () => {
    for (const sysRole of ['support', 'sales', 'kitting', 'admin'] as const) {
      expect(grantRefusal(holder({ sysRole: 'support' }), { ...grant, sysRole })?.field).toBe('sys_role');
      expect(grantRefusal(holder({ sysRole: 'admin' }), { ...grant, sysRole })).toBeUndefined();
    }
  });

  it('orders download roles none < download < request, and keeps the representative flag to its holders', () => {
    expect(mayGiveDownloadRole(holder({ downloadRole: 'download' }), 'download')).toBe(true);
    expect(mayGiveDownloadRole(holder({ downloadRole: 'download' }), 'request')).toBe(false);
    expect(mayGiveDownloadRole(holder({ sysRole: 'admin' }), 'request')).toBe(true);
    expect(holdsRepresentativeRight(holder({ isManager: true }))).toBe(true);
    expect(holdsRepresentativeRight(holder({ privileges: ['user:edit'] }))).toBe(false);
    expect(holdsRepresentativeRight(holder({ sysRole: 'support', privileges: ['user:edit'] }))).toBe(true);
    expect(grantRefusal(holder({ privileges: ['user:edit'] }), { ...grant, manager: true })?.key).toBe(
      'managerNotHeld',
    );
  });
});
