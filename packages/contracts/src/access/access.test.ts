import { describe, expect, it } from 'vitest';
import { ALL_PRIVILEGES, hasSomeFunction, hasSomeRole, userRoleList } from './roles.ts';
import { allRoutes, filterRoutes, landingPath, type RouteDef, routeTable } from './routes.ts';

const paths = (routes: RouteDef[]) => allRoutes(routes).map((r) => r.path);

describe('roles (spec §5, §6)', () => {
  it('lists the system role plus privileges, privileges only for non-admin', () => {
    expect(userRoleList('admin', ['vehicle:view'])).toEqual(['admin']);
    expect(userRoleList('user', ['vehicle:view'])).toEqual(['user', 'vehicle:view']);
  });

  it("needs a non-empty role list ('need roles!')", () => {
    expect(() => hasSomeRole(['user'], [])).toThrow('need roles!');
    expect(hasSomeRole(['user', 'vehicle:view'], ['vehicle:view'])).toBe(true);
    expect(hasSomeRole(['user'], ['support'])).toBe(false);
    expect(hasSomeRole(['admin'], ['support'])).toBe(true);
  });

  it("denies and says 'need functions!' without a list", () => {
    const said: string[] = [];
    expect(hasSomeFunction(['oil-mgt'], undefined, (m) => said.push(m))).toBe(false);
    expect(said).toEqual(['need functions!']);
    expect(hasSomeFunction(['oil-mgt'], ['oil-mgt'])).toBe(true);
    expect(hasSomeFunction(['oil-mgt'], ['d-map'])).toBe(false);
  });

  it('lists every privilege of every resource', () => {
    expect(ALL_PRIVILEGES).toContain('digi_tacho:delete');
  });
});

describe('the route table', () => {
  const none = { functions: [] as string[], downloadRole: 'none' as const };

  it('gives admin every route', () => {
    expect(filterRoutes(routeTable, { sysRole: 'admin', roles: ['admin'], ...none })).toHaveLength(
      routeTable.length,
    );
  });

  it('opens vehicles to a user with vehicle:view, and not customers', () => {
    const got = paths(
      filterRoutes(routeTable, { sysRole: 'user', roles: ['user', 'vehicle:view'], ...none }),
    );
    expect(got).toContain('/vehicles');
    expect(got).not.toContain('/vehicles/new');
    expect(got).not.toContain('/customers');
  });

  it('gates by customer function and download role', () => {
    const fuel = { sysRole: 'user' as const, roles: ['user', 'fuel:view'], downloadRole: 'none' as const };
    expect(paths(filterRoutes(routeTable, { ...fuel, functions: [] }))).not.toContain(
      '/fuel-management/report',
    );
    expect(paths(filterRoutes(routeTable, { ...fuel, functions: ['oil-mgt'] }))).toContain(
      '/fuel-management/report',
    );
  });

  it('lands kitting on vehicles and sales on users', () => {
    const staff = (role: 'kitting' | 'sales') =>
      filterRoutes(routeTable, { sysRole: role, roles: [role], functions: [], downloadRole: 'request' });
    const kitting = staff('kitting');
    expect(landingPath(kitting, 'kitting')).toBe('/vehicles');
    expect(landingPath(staff('sales'), 'sales')).toBe('/users');
    expect(paths(kitting)).not.toContain('/virtualization');
  });
});
