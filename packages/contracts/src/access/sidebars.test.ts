// The demo accounts' sidebars of docs/access-model.md, computed from the route table alone: a
// section with one visible page shows as that page (as the web's Sidebar does).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_SIDEBARS } from './demoSidebars.ts';
import { CUSTOMER_FUNCTIONS, type DownloadRole, type SysRole, userRoleList } from './roles.ts';
import { filterRoutes, landingPath, type RouteDef, routeTable } from './routes.ts';

type Titles = { sections: Record<string, string>; pages: Record<string, string> };
const titles = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', 'locales', 'en', 'route.json'), 'utf8'),
) as Titles;
const title = (r: RouteDef) => {
  const [group, name] = r.titleKey.split('.') as ['sections' | 'pages', string];
  return titles[group][name] ?? r.titleKey;
};

function sidebar(routes: readonly RouteDef[]): string[] {
  return routes.flatMap((entry) => {
    if (entry.hidden) return [];
    const visible = (entry.children ?? []).filter((c) => !c.hidden);
    if (visible.length === 0) return entry.path && !entry.children?.length ? [title(entry)] : [];
    return [title(visible.length === 1 && visible[0] ? visible[0] : entry)];
  });
}

// The seed's "Fleet manager" role: every action on these resources (apps/server demo seed).
const FLEET_MANAGER = [
  ...['role', 'group', 'user', 'vehicle', 'device', 'rfid', 'camera', 'operator', 'op_group'],
  ...['maintenance', 'dashboard', 'drive_sum', 'event', 'event_vid', 'ran_vid', 'location'],
  ...['rep_set', 'report', 'op_score', 'fuel', 'digi_tacho'],
].flatMap((r) => ['add', 'edit', 'delete', 'view'].map((a) => `${r}:${a}`));

const account = (sysRole: SysRole, privileges: string[] = [], downloadRole: DownloadRole = 'request') => ({
  sysRole,
  roles: userRoleList(sysRole, privileges),
  functions: [...CUSTOMER_FUNCTIONS],
  downloadRole,
});

const accounts = {
  admin: account('admin'),
  support: account('support'),
  sales: account('sales'),
  kitting: account('kitting'),
  manager: account('user', FLEET_MANAGER),
  operator: account('user', [], 'none'),
};

describe('the demo accounts (docs/access-model.md)', () => {
  for (const [name, user] of Object.entries(accounts)) {
    const { landing, entries } = DEMO_SIDEBARS[name as keyof typeof accounts];
    it(`${name} sees exactly its sidebar and lands on ${landing}`, () => {
      const permitted = filterRoutes(routeTable, user);
      expect(sidebar(permitted)).toEqual(entries);
      expect(landingPath(permitted, user.sysRole)).toBe(landing);
    });
  }

  it('keeps every non-hidden route for admin', () => {
    const visible = (routes: readonly RouteDef[]): string[] =>
      routes.flatMap((r) => (r.hidden ? [] : [r.name, ...visible(r.children ?? [])]));
    expect(visible(filterRoutes(routeTable, account('admin', [], 'none')))).toEqual(visible(routeTable));
  });

  it('loses the download-request page with download role "download"', () => {
    const names = (routes: readonly RouteDef[]): string[] =>
      routes.flatMap((r) => [r.name, ...names(r.children ?? [])]);
    const got = names(filterRoutes(routeTable, account('support', [], 'download')));
    expect(got).toContain('downloadResult');
    expect(got).not.toContain('downloadRequest');
  });
});
