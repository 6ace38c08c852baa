// Whether the signed-in user holds one of the given roles or privileges ('op_group:delete'): for
// actions that have no route of their own (delete), with the same rule as the server's guard.
import { hasSomeRole } from '@fleetlens/contracts';
import { useAuth } from '../../app/auth/context';

export function useMay(): (...roles: string[]) => boolean {
  const { profile } = useAuth();
  return (...roles: string[]) => !!profile && hasSomeRole(profile.roles, roles);
}
