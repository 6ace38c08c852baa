import { filterRoutes, type RouteDef, routeTable } from '@fleetlens/contracts';
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
    return { tree, flat: flattenRoutes(tree) };
  }, [key]);
}
