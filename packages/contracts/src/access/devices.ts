// Who may see and reset a user's signed-in browsers (the device limit, spec §6: "a
// representative-user flag lets a user reset logged-in devices of others"). The server's routes
// and the console's button read this one rule, so the console never offers a reset the API
// refuses. Which users a caller reaches at all (tenancy) is the server's to check besides.
import { type AccessHolder, holdsRepresentativeRight } from './grants.ts';
import { hasSomeRole, type SysRole } from './roles.ts';
import { routeRoles } from './routes.ts';

export interface DeviceActor extends AccessHolder {
  userId: string;
  /** The role list: system role plus privileges (userRoleList). */
  roles: readonly string[];
}

export interface DeviceOwner {
  id: string;
  sys_role: SysRole;
}

/** Self, a representative, or whoever may open the login-devices page (its route roles). */
export function mayViewDevices(actor: DeviceActor, owner: Pick<DeviceOwner, 'id'>): boolean {
  return (
    actor.userId === owner.id ||
    holdsRepresentativeRight(actor) ||
    hasSomeRole(actor.roles, routeRoles('userLoginDevice'))
  );
}

/**
 * Self, or a holder of the representative's right (the grant rule's, so whoever may give the
 * flag may also use it); an admin's browsers are reset only by an admin (or the admin themself).
 */
export function mayResetDevices(actor: DeviceActor, owner: DeviceOwner): boolean {
  if (actor.userId === owner.id) return true;
  if (owner.sys_role === 'admin' && actor.sysRole !== 'admin') return false;
  return holdsRepresentativeRight(actor);
}
