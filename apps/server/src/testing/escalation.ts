// How the generated escalation test (platform/escalation.test.ts) tries to give access. Each
// module whose routes assign access (a user's role, system role, company, representative flag or
// download role; a role's privileges; a company's functions and limits) declares its attempts in
// `testing/walks/<module>.escalation.ts`, exporting `walk`. The test runs every attempt as every
// caller and judges the database afterwards, so a walk only says what to try, never what to expect.
import type { DownloadRole, SysRole } from '@fleetlens/contracts';

export interface WorldCompany {
  id: string;
  name: string;
  stkUser: string;
  isProvider: boolean;
}

export interface WorldRole {
  id: string;
  name: string;
  customerId: string;
  privileges: string[];
}

export interface WorldUser {
  id: string;
  username: string;
  customerId: string;
  sysRole: SysRole;
  roleId: string | null;
  manager: boolean;
  downloadRole: DownloadRole;
}

/** Everything an attempt may name: the companies, their roles and users, as seeded. */
export interface World {
  companies: WorldCompany[];
  roles: WorldRole[];
  users: WorldUser[];
}

export interface GrantAttempt {
  /** "PUT /api/v1/users/{id}": the OpenAPI operation, to prove every access-assigning one is walked. */
  route: string;
  url: string;
  body: object;
}

export interface EscalationWalk {
  /** What `caller` tries through this module's routes. */
  attempts(world: World, caller: WorldUser): GrantAttempt[];
}

/** The access a user form assigns, in its every combination a company allows. */
export function accessVariants(world: World, company: WorldCompany) {
  const roles = [null, ...world.roles.filter((r) => r.customerId === company.id).map((r) => r.id)];
  const sysRoles: SysRole[] = company.isProvider ? ['admin', 'support', 'sales', 'kitting'] : ['user'];
  const plain = sysRoles.flatMap((sysRole) =>
    roles.map((role_id) => ({ sys_role: sysRole, role_id, manager: false, download_role: 'none' })),
  );
  const sysRole = sysRoles[sysRoles.length - 1];
  const flags = [
    { sys_role: sysRole, role_id: null, manager: true, download_role: 'none' },
    { sys_role: sysRole, role_id: null, manager: false, download_role: 'download' },
    { sys_role: sysRole, role_id: null, manager: false, download_role: 'request' },
  ];
  return [...plain, ...flags].map((v) => ({ customer_id: company.id, ...v }));
}

/** A user's access as a body states it, unchanged. */
export const currentAccess = (u: WorldUser) => ({
  customer_id: u.customerId,
  sys_role: u.sysRole,
  role_id: u.roleId,
  manager: u.manager,
  download_role: u.downloadRole,
});
