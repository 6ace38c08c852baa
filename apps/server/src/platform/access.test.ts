// `allows`, the one rule of who may do what, read by the route guard and every live push.
import { describe, expect, it } from 'vitest';
import { allows } from './access.ts';
import { ruleOf } from './routes.ts';

const user = (roles: string[], functions: string[] = []) =>
  ({ sysRole: 'user', roles: ['user', ...roles], functions }) as Parameters<typeof allows>[0];

describe('allows', () => {
  const map = { roles: ['location:view'], functions: ['d-map'] } as const;

  it('asks a customer user for one of the roles and one of the functions', () => {
    expect(allows(user(['location:view'], ['d-map']), map)).toBe(true);
    expect(allows(user(['location:view'], ['r-map']), map)).toBe(false);
    expect(allows(user(['vehicle:view'], ['d-map']), map)).toBe(false);
  });

  it('binds provider staff by their role only, and lets admin through', () => {
    const support = { sysRole: 'support', roles: ['support'], functions: [] } as Parameters<typeof allows>[0];
    expect(allows(support, { roles: ['support'], functions: ['d-map'] })).toBe(true);
    expect(allows(support, map)).toBe(false);
    expect(allows({ sysRole: 'admin', roles: ['admin'], functions: [] }, map)).toBe(true);
  });

  it("guards a call named after a page with the page's customer functions too, as the sidebar does", () => {
    expect(ruleOf('deviceDriveRoute')).toEqual({
      roles: ['support', 'kitting', 'location:view'],
      functions: ['r-map'],
    });
    expect(allows(user(['location:view']), ruleOf('deviceDriveRoute'))).toBe(false);
    expect(allows(user(['location:view'], ['r-map']), ruleOf('deviceDriveRoute'))).toBe(true);
    expect(ruleOf('eventDelete')).toEqual({ roles: ['support', 'event:delete'] });
  });

  it('lets any signed-in caller through an empty rule', () => {
    expect(allows(user([]), {})).toBe(true);
  });
});
