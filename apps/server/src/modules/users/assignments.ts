// Who may give a user which access. The rule itself is the contracts' (access/grants.ts: nobody
// grants more than they hold, nobody changes their own access, only an admin gives a staff role);
// this file feeds it what only the database knows — the chosen role's privileges and company,
// the company's kind, the caller's scope (the access object) — and turns a refusal into the
// field at fault.
import {
  type AccessGrant,
  grantRefusal,
  mayManageUser,
  type SysRole,
  USER_ACCESS_FIELDS,
  type User,
} from '@fleetlens/contracts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { RequestAccess } from '../../platform/access.ts';
import type { Principal } from '../../platform/auth.ts';
import { ApiError } from '../../platform/errors.ts';
import { companyIsProvider, rolePrivileges } from './repository.ts';

/** A user's access as a form states it. */
export interface UserAccess {
  customer_id: string;
  sys_role: SysRole;
  role_id: string | null;
  manager: boolean;
  download_role: User['download_role'];
}

const refuse = (field: string, key: string, status: 'validation' | 'forbidden' = 'validation') =>
  new ApiError(status, { messageKey: status === 'validation' ? undefined : key, fields: [{ field, key }] });

export const userAccessOf = (u: User): UserAccess => ({
  customer_id: u.customer.id,
  sys_role: u.sys_role,
  role_id: u.role?.id ?? null,
  manager: u.manager,
  download_role: u.download_role,
});

/** The access after an edit: a field left out keeps its value. */
export function accessAfter(current: User, body: Partial<UserAccess>): UserAccess {
  const was = userAccessOf(current);
  return {
    customer_id: body.customer_id ?? was.customer_id,
    sys_role: body.sys_role ?? was.sys_role,
    role_id: body.role_id === undefined ? was.role_id : body.role_id,
    manager: body.manager ?? was.manager,
    download_role: body.download_role ?? was.download_role,
  };
}

const grantOf = (u: User): AccessGrant => ({
  sysRole: u.sys_role,
  privileges: u.role?.privileges ?? [],
  manager: u.manager,
  downloadRole: u.download_role,
});

/** Another user may be changed or deleted only by someone who could have given their access. */
export function mustManage(me: Principal, target: User): void {
  if (!mayManageUser(me, grantOf(target))) throw new ApiError('forbidden', { messageKey: 'userBeyondReach' });
}

/** One's own access stays as it is, whoever one is (an admin too). */
export function mustKeepOwnAccess(current: User, next: UserAccess): void {
  const was = userAccessOf(current);
  const field = USER_ACCESS_FIELDS.find((f) => was[f] !== next[f]);
  if (field) throw refuse(field, 'ownAccessFixed', 'forbidden');
}

/**
 * Checks the access the caller gives: a company in their scope (and the user's own, once created: their
 * histories belong to it), a system role of that company's kind, a custom role of that company,
 * and nothing beyond what `me` holds.
 */
export async function mustGive(
  database: DatabaseHandle,
  access: RequestAccess,
  next: UserAccess,
  current?: User,
): Promise<void> {
  if (current && next.customer_id !== current.customer.id) throw refuse('customer_id', 'userCustomerFixed');
  const isProvider = await companyIsProvider(database, next.customer_id);
  if (isProvider === undefined || !access.canSee(next.customer_id))
    throw refuse('customer_id', 'customerNotFound');
  if ((next.sys_role !== 'user') !== isProvider) throw refuse('sys_role', 'sysRoleNotAllowed');
  let privileges: string[] = [];
  if (next.role_id) {
    const held = await rolePrivileges(database, next.role_id, next.customer_id);
    if (!held) throw refuse('role_id', 'roleNotOfCompany');
    privileges = held;
  }
  const refusal = grantRefusal(access.principal, {
    sysRole: next.sys_role,
    privileges,
    manager: next.manager,
    downloadRole: next.download_role,
  });
  if (refusal) throw refuse(refusal.field, refusal.key, 'forbidden');
}
