// Whether the signed-in user holds one of the given roles or privileges ('group:delete'): for
// actions that have no route of their own (delete, dialogs), with the same rule as the server's
// guard (contracts hasSomeRole). Actions with a route of their own use `useCanOpen`.
import {
  type AccessRule,
  actionRoles,
  allows,
  hasSomeRole,
  type ResourceActions,
  type ResourceDescription,
} from '@fleetlens/contracts';
import { useAuth } from '../app/auth/context';

export function useMay(): (...roles: string[]) => boolean {
  const { profile } = useAuth();
  return (...roles: string[]) => !!profile && hasSomeRole(profile.roles, roles);
}

/** Whether the user may do a described resource's action without a page (its dialogs, its delete). */
export function useMayAct(): (resource: ResourceDescription, action: keyof ResourceActions) => boolean {
  const may = useMay();
  return (resource, action) => {
    const roles = actionRoles(resource, action);
    return !!roles && may(...roles);
  };
}

/**
 * Whether the user passes a rule of the contracts' READ_RULES (the device states, positions,
 * events, clips, the live camera): the server's guard of that call asks the same, so a screen
 * makes the call exactly when it would be answered.
 */
export function useAllows(): (rule: AccessRule) => boolean {
  const { profile } = useAuth();
  return (rule) => !!profile && allows(profile, rule);
}
