// The permission model of spec §6: system roles, privileges, customer functions, download roles,
// and the two checks of spec §5 (role visibility, function permission).

export const SYS_ROLES = ['admin', 'support', 'sales', 'kitting', 'user'] as const;
export type SysRole = (typeof SYS_ROLES)[number];
/** Provider staff: every system role but user. */
export const STAFF_ROLES = ['admin', 'support', 'sales', 'kitting'] as const satisfies readonly SysRole[];

export const DOWNLOAD_ROLES = ['none', 'request', 'download'] as const;
export type DownloadRole = (typeof DOWNLOAD_ROLES)[number];

export const PRIVILEGE_ACTIONS = ['add', 'edit', 'delete', 'view'] as const;
export type PrivilegeAction = (typeof PRIVILEGE_ACTIONS)[number];

export const PRIVILEGE_RESOURCES = [
  'role',
  'group',
  'user',
  'case',
  'vehicle',
  'device',
  'rfid',
  'camera',
  'manufacturer',
  'veh_mod',
  'customer',
  'operator',
  'op_group',
  'maintenance',
  'dashboard',
  'drive_sum',
  'event',
  'event_vid',
  'ran_vid',
  'location',
  'rep_set',
  'report',
  'op_score',
  'fuel',
  'digi_tacho',
] as const;
export type PrivilegeResource = (typeof PRIVILEGE_RESOURCES)[number];
export type Privilege = `${PrivilegeResource}:${PrivilegeAction}`;

export const ALL_PRIVILEGES: readonly Privilege[] = PRIVILEGE_RESOURCES.flatMap((resource) =>
  PRIVILEGE_ACTIONS.map((action) => `${resource}:${action}` as Privilege),
);

export function privilege(resource: PrivilegeResource, action: PrivilegeAction): Privilege {
  return `${resource}:${action}`;
}

export function isPrivilege(value: unknown): value is Privilege {
  return typeof value === 'string' && (ALL_PRIVILEGES as readonly string[]).includes(value);
}

/** Customer functions: feature flags a customer has bought. */
export const CUSTOMER_FUNCTIONS = [
  'oil-mgt',
  'r-map',
  'e-map',
  'd-map',
  'l-video',
  'file-upld',
  'digi-tacho',
] as const;
export type CustomerFunction = (typeof CUSTOMER_FUNCTIONS)[number];

/** The user's role list: the system role plus privileges, privileges only for non-admin. */
export function userRoleList(sysRole: SysRole, privileges: readonly string[]): string[] {
  if (sysRole === 'admin') return ['admin'];
  return [sysRole, ...privileges.filter((p) => p !== sysRole)];
}

export class PermissionRuleError extends Error {}

/**
 * The role-visibility rule: true when the user holds one of `required`. Spec §5: the rule needs a
 * non-empty array of roles, else it fails with 'need roles!'.
 */
export function hasSomeRole(userRoles: readonly string[], required: readonly string[]): boolean {
  if (!Array.isArray(required) || required.length === 0) throw new PermissionRuleError('need roles!');
  if (userRoles.includes('admin')) return true;
  return required.some((role) => userRoles.includes(role));
}

/** The function-permission check: denies (and says 'need functions!') when not given an array. */
export function hasSomeFunction(
  userFunctions: readonly string[],
  required: unknown,
  log: (message: string) => void = console.error,
): boolean {
  if (!Array.isArray(required)) {
    log('need functions!');
    return false;
  }
  return required.some((fn) => userFunctions.includes(fn as string));
}
