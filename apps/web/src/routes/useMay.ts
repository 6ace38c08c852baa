// Whether the signed-in user holds one of the given roles or privileges ('group:delete'): for
// actions that have no route of their own (delete, dialogs), with the same rule as the server's
// guard (contracts hasSomeRole). Actions with a route of their own use `useCanOpen`.
import { hasSomeRole } from '@fleetlens/contracts';
import { useAuth } from '../app/auth/context';

export function useMay(): (...roles: string[]) => boolean {
  const { profile } = useAuth();
  return (...roles: string[]) => !!profile && hasSomeRole(profile.roles, roles);
}
