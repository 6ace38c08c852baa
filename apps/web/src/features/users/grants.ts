// The signed-in user as the contracts' grant rule reads them (access/grants.ts): the forms offer
// only the access the API would accept, and the lists offer to change only whom it would let.
import type { AccessGrant, AccessHolder, User } from '@fleetlens/contracts';
import { useAuth } from '../../app/auth/context';

export function useAccessHolder(): AccessHolder | undefined {
  const { profile } = useAuth();
  if (!profile) return undefined;
  const { sysRole, privileges, isManager, downloadRole } = profile;
  return { sysRole, privileges, isManager, downloadRole };
}

/** What a listed user holds, as the grant rule compares it. */
export const grantOf = (user: User): AccessGrant => ({
  sysRole: user.sys_role,
  privileges: user.role?.privileges ?? [],
  manager: user.manager,
  downloadRole: user.download_role,
});
