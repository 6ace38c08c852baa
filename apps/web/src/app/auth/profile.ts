// The session user as the shell needs it, read from the token claims (the spec's list).
import { type MyUser, userRoleList } from '@fleetlens/contracts';

export type SysRole = 'admin' | 'support' | 'sales' | 'kitting' | 'user';
export type DownloadRole = 'none' | 'request' | 'download';

export type Profile = {
  id: string;
  name: string;
  email: string;
  sysRole: SysRole;
  privileges: string[];
  functions: string[];
  isManager: boolean;
  downloadRole: DownloadRole;
  sessionState: string | undefined;
  /** System role plus privileges (privileges only for non-admin), as contracts defines it. */
  roles: string[];
};

function list(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  if (typeof value === 'string' && value) return value.split(/[\s,]+/).filter(Boolean);
  return [];
}

export function profileFromClaims(claims: Record<string, unknown>, sessionState?: string | null): Profile {
  const sysRole = (typeof claims.sys_role === 'string' ? claims.sys_role : 'user') as SysRole;
  const privileges = list(claims.privileges);
  const download = claims.download_role;
  return {
    id: String(claims.sub ?? ''),
    name: String(claims.name ?? claims.preferred_username ?? ''),
    email: String(claims.email ?? ''),
    sysRole,
    privileges,
    functions: list(claims.functions),
    isManager: claims.is_manager === true || claims.is_manager === 'true',
    downloadRole: download === 'request' || download === 'download' ? download : 'none',
    sessionState:
      (typeof claims.session_state === 'string' ? claims.session_state : sessionState) ?? undefined,
    roles: [...userRoleList(sysRole, privileges)],
  };
}

/**
 * The profile with the access the server answered in /users/my: it wins over the token's claims,
 * which are only as fresh as the token (spec §4: a role change re-reads the user info).
 */
export function withAccessOf(profile: Profile, my: MyUser | undefined): Profile {
  if (!my || my.id !== profile.id) return profile;
  return {
    ...profile,
    sysRole: my.sys_role,
    privileges: my.privileges,
    functions: my.functions,
    isManager: my.is_manager,
    downloadRole: my.download_role,
    roles: [...userRoleList(my.sys_role, my.privileges)],
  };
}

/** Changes of these rebuild the routes and close every tab (spec §4, role change). */
export function accessKey(profile: Profile | null): string {
  if (!profile) return '';
  return JSON.stringify([
    profile.sysRole,
    [...profile.roles].sort(),
    [...profile.functions].sort(),
    profile.downloadRole,
  ]);
}
