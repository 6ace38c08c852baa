import { constantRoutes, filterRoutes, type RouteDef, routeTable } from '@fleetlens/contracts';
import { useMemo } from 'react';
import { useAuth } from '../app/auth/context';
import type { Profile } from '../app/auth/profile';
import { flattenRoutes, type MatchedRoute } from './match';

/** The route table this user may reach (contracts filterRoutes: roles, functions, download role). */
export function permittedRoutes(profile: Profile | null): RouteDef[] {
  if (!profile) return [];
  return filterRoutes(routeTable, {
    roles: profile.roles,
    functions: profile.functions,
    downloadRole: profile.downloadRole,
    sysRole: profile.sysRole,
  });
}

export type PermittedRoutes = { tree: RouteDef[]; flat: MatchedRoute[] };

export function usePermittedRoutes(): PermittedRoutes {
  const { profile } = useAuth();
  // Rebuilt only when what decides access changes (spec §4: a role change resets routes).
  const key = profile
    ? JSON.stringify([profile.sysRole, profile.roles, profile.functions, profile.downloadRole])
    : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the profile's access fields
  return useMemo(() => {
    const tree = permittedRoutes(profile);
    // Every signed-in user's pages (the profile, on-demand video) are open too: they have a title,
    // a tab and links, like the pages of the table (the redirect is only a way through).
    const everyone = profile ? constantRoutes.filter((r) => !r.path.startsWith('/redirect')) : [];
    return { tree, flat: flattenRoutes([...tree, ...everyone]) };
  }, [key]);
}
