// The read rules the server guards its calls and pushes with and the web asks before calling.
import { describe, expect, it } from 'vitest';
import { allows, READ_RULES } from './readRules.ts';
import { userRoleList } from './roles.ts';
import { allRoutes, filterRoutes, routeRule, routeTable } from './routes.ts';

const customerUser = (privileges: string[], functions: string[] = []) => ({
  sysRole: 'user' as const,
  roles: userRoleList('user', privileges),
  functions,
});

describe('read rules', () => {
  it("take a page's customer functions with its roles, as the sidebar does", () => {
    expect(routeRule('eventMap')).toEqual({
      roles: ['support', 'sales', 'event:view'],
      functions: ['e-map'],
    });
    expect(routeRule('eventSummary')).toEqual({ roles: ['support', 'sales', 'event:view'] });
    expect(() => routeRule('noSuchPage')).toThrow('no page named noSuchPage');
  });

  it('answer exactly as the route table does for the page a rule is named after', () => {
    const pages = {
      eventMap: READ_RULES.eventMap,
      liveCamera: READ_RULES.liveCamera,
      eventSummary: READ_RULES.eventList,
    };
    const users = [
      customerUser(['event:view', 'camera:view']),
      customerUser(['event:view', 'camera:view'], ['e-map', 'l-video']),
      customerUser(['vehicle:view']),
    ];
    for (const user of users) {
      const open = allRoutes(filterRoutes(routeTable, { ...user, downloadRole: 'none' })).map((r) => r.name);
      for (const [page, rule] of Object.entries(pages))
        expect(allows(user, rule), page).toBe(open.includes(page));
    }
  });

  it('bind customer functions on customer users only', () => {
    expect(allows(customerUser(['location:view']), READ_RULES.positions)).toBe(false);
    expect(allows(customerUser(['location:view'], ['d-map']), READ_RULES.positions)).toBe(true);
    expect(allows({ sysRole: 'support', roles: ['support'], functions: [] }, READ_RULES.positions)).toBe(
      true,
    );
    expect(allows({ sysRole: 'admin', roles: ['admin'], functions: [] }, READ_RULES.liveCamera)).toBe(true);
  });

  it('keep a reader of the vehicle list apart from a reader of the full states', () => {
    const lister = customerUser(['vehicle:view']);
    expect(allows(lister, READ_RULES.vehicleList)).toBe(true);
    expect(allows(lister, READ_RULES.deviceStates)).toBe(false);
    expect(allows(customerUser(['device:view']), READ_RULES.deviceStates)).toBe(true);
  });
});
