// No user grants more than they hold: the one rule every route that assigns access applies
// (users, roles), and that the console uses to offer only what the API accepts. The reasons and
// the staff order are in docs/access-model.md, "Who may give which access".
import { RESOURCES, type ResourceDescription } from '../resources/index.ts';
import { ACTION_ROLES } from './actions.ts';
import { type DownloadRole, STAFF_ROLES, type SysRole } from './roles.ts';
import { allRoutes, routeRoles, routeTable } from './routes.ts';

/** What a caller holds: the system role, the custom role's privileges, the two flags. */
export interface AccessHolder {
  sysRole: SysRole;
  /** The custom role's privileges (an admin holds every privilege whatever this says). */
  privileges: readonly string[];
  isManager: boolean;
  downloadRole: DownloadRole;
}

/** What a user form assigns: the privileges are those of the chosen custom role ([] for none). */
export interface AccessGrant {
  sysRole: SysRole;
  privileges: readonly string[];
  manager: boolean;
  downloadRole: DownloadRole;
}

export interface GrantRefusal {
  field: 'sys_role' | 'role_id' | 'manager' | 'download_role';
  /** A key of the errors catalogue. */
  key: string;
}

/** The fields of a user that carry access: nobody changes their own (users edit only their profile). */
export const USER_ACCESS_FIELDS = ['customer_id', 'sys_role', 'role_id', 'manager', 'download_role'] as const;

const isStaffRole = (role: SysRole) => (STAFF_ROLES as readonly string[]).includes(role);

// Every role list a screen or an action is guarded by: a staff role holds a privilege when every
// list naming the privilege also names the staff role, so whatever the privilege opens, the staff
// role opens too ("as their system role allows").
const GUARDS: readonly (readonly string[])[] = [
  ...allRoutes(routeTable).flatMap((r) => (r.roles ? [r.roles] : [])),
  ...Object.values(ACTION_ROLES),
  ...RESOURCES.flatMap((description: ResourceDescription) => Object.values(description.actions ?? {})),
];
const staffReach = (role: SysRole, privilege: string) =>
  GUARDS.every((guard) => !guard.includes(privilege) || guard.includes(role));

/** Whether the holder has `privilege` (an admin all; other staff what their system role opens). */
export function holdsPrivilege(holder: AccessHolder, privilege: string): boolean {
  if (holder.sysRole === 'admin' || holder.privileges.includes(privilege)) return true;
  return isStaffRole(holder.sysRole) && staffReach(holder.sysRole, privilege);
}

/** The privileges of `privileges` the holder lacks (empty: they may put them in a role). */
export function privilegesNotHeld(holder: AccessHolder, privileges: readonly string[]): string[] {
  return privileges.filter((p) => !holdsPrivilege(holder, p));
}

/**
 * The representative's right (resetting colleagues' signed-in browsers) is held by an admin, a
 * representative, and staff who hold `user:edit` (support by its system role, others through
 * their own custom role). The device reset (access/devices.ts) and the grant of the flag read
 * this one rule.
 */
export function holdsRepresentativeRight(holder: AccessHolder): boolean {
  if (holder.sysRole === 'admin' || holder.isManager) return true;
  return isStaffRole(holder.sysRole) && holdsPrivilege(holder, 'user:edit');
}

/** Staff system roles work across every customer: only an admin gives one. */
export function mayGiveSysRole(holder: AccessHolder, sysRole: SysRole): boolean {
  return sysRole === 'user' || holder.sysRole === 'admin';
}

/** Download roles in the order of what they open: none < download (results) < request (both). */
const DOWNLOAD_LEVEL: Record<DownloadRole, number> = { none: 0, download: 1, request: 2 };

export function mayGiveDownloadRole(holder: AccessHolder, role: DownloadRole): boolean {
  return holder.sysRole === 'admin' || DOWNLOAD_LEVEL[role] <= DOWNLOAD_LEVEL[holder.downloadRole];
}

/** Why the holder may not give `grant`, field by field; undefined when they may. */
export function grantRefusal(holder: AccessHolder, grant: AccessGrant): GrantRefusal | undefined {
  if (!mayGiveSysRole(holder, grant.sysRole)) return { field: 'sys_role', key: 'sysRoleNotAllowed' };
  if (privilegesNotHeld(holder, grant.privileges).length > 0) return { field: 'role_id', key: 'roleNotHeld' };
  if (grant.manager && !holdsRepresentativeRight(holder)) return { field: 'manager', key: 'managerNotHeld' };
  if (!mayGiveDownloadRole(holder, grant.downloadRole))
    return { field: 'download_role', key: 'downloadRoleNotHeld' };
  return undefined;
}

export const mayGrant = (holder: AccessHolder, grant: AccessGrant): boolean =>
  grantRefusal(holder, grant) === undefined;

/**
 * Whether the holder may change (or delete) another user who holds `target`: only one whose
 * access they could have given. A new password or e-mail would otherwise take over an account
 * that reaches more than its editor.
 */
export const mayManageUser = (holder: AccessHolder, target: AccessGrant): boolean => mayGrant(holder, target);

/** Whether the holder edits other users at all (staff of the user forms, or user:edit). */
export function editsOtherUsers(holder: AccessHolder): boolean {
  if (holder.sysRole === 'admin' || holder.privileges.includes('user:edit')) return true;
  return isStaffRole(holder.sysRole) && routeRoles('userNew').includes(holder.sysRole);
}
