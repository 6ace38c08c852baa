// Whether the signed-in user holds one of the given roles or privileges, for actions that have no
// route of their own (delete): the same rule as the server's guard (contracts hasSomeRole).
import { hasSomeRole } from '@fleetlens/contracts';
import { useAuth } from '../../app/auth/context';

export function useMay(): (roles: readonly string[]) => boolean {
  const { profile } = useAuth();
  return (roles) => !!profile && hasSomeRole(profile.roles, roles);
}
