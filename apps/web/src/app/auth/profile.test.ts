import type { MyUser } from '@fleetlens/contracts';
import { filterRoutes, routeTable } from '@fleetlens/contracts';
import { describe, expect, it } from 'vitest';
import { accessKey, profileFromClaims, withAccessOf } from './profile';

const claims = {
  sub: 'u-1',
  sys_role: 'user',
  privileges: ['user:view', 'vehicle:view'],
  functions: ['d-map'],
};
const my = (over: Partial<MyUser> = {}): MyUser => ({
  id: 'u-1',
  username: 'mina',
  name: 'Mina Manager',
  email: 'mina@example.com',
  sys_role: 'user',
  privileges: ['user:view', 'vehicle:view'],
  functions: ['d-map'],
  is_manager: false,
  download_role: 'none',
  customer: { id: 'c-1', name: 'Harbor', document_url: null },
  ...over,
});
const pages = (p: ReturnType<typeof profileFromClaims>) =>
  filterRoutes(routeTable, { ...p, roles: p.roles })
    .flatMap((r) => [r, ...(r.children ?? [])])
    .map((r) => r.path);

describe('the profile after a role change (spec §4)', () => {
  it('takes its access from /users/my, so the routes and the tabs key follow the server', () => {
    const fromToken = profileFromClaims(claims);
    expect(accessKey(withAccessOf(fromToken, my()))).toBe(accessKey(fromToken));
    const narrowed = withAccessOf(fromToken, my({ privileges: ['vehicle:view'] }));
    expect(narrowed.roles).toEqual(['user', 'vehicle:view']);
    expect(accessKey(narrowed)).not.toBe(accessKey(fromToken));
    expect(pages(fromToken)).toContain('/users');
    expect(pages(narrowed)).not.toContain('/users');
  });

  it('ignores an answer about another user', () => {
    const fromToken = profileFromClaims(claims);
    expect(withAccessOf(fromToken, my({ id: 'u-2', sys_role: 'admin' }))).toBe(fromToken);
  });
});
