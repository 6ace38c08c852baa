// The demo fleet's people: the provider's company with one account per staff role, a customer
// with a sub company, a custom role and two customer users, and two current notices. Created on
// a first start when DEMO is on; an existing row is never overwritten, so a demo that was
// changed by hand stays changed across restarts.
import {
  CUSTOMER_DOWNLOAD_TYPES,
  CUSTOMER_FUNCTIONS,
  type DownloadRole,
  PRIVILEGE_ACTIONS,
  PRIVILEGE_RESOURCES,
  type PrivilegeResource,
  privilege,
  type SysRole,
} from '@fleetlens/contracts';
import { demoSitePlan } from '@fleetlens/simulator/site-plan';
import type { DatabaseHandle } from '../../db/client.ts';
import { hashPassword } from '../identity/public.ts';
import { insertSitePlanOnce } from '../site-plans/public.ts';
import {
  customerIdOf,
  ensureCustomer,
  ensureRole,
  insertUserOnce,
  insertWelcomeNotices,
} from './repository.ts';

// The fleet manager holds every privilege of a customer's own data; cases, manufacturers,
// vehicle models and customers are the provider's.
const PROVIDER_RESOURCES: readonly PrivilegeResource[] = ['case', 'manufacturer', 'veh_mod', 'customer'];
const FLEET_MANAGER_PRIVILEGES = PRIVILEGE_RESOURCES.filter((r) => !PROVIDER_RESOURCES.includes(r)).flatMap(
  (resource) => PRIVILEGE_ACTIONS.map((action) => privilege(resource, action)),
);

interface DemoAccount {
  username: string;
  firstName: string;
  lastName: string;
  sysRole: SysRole;
  company: 'provider' | 'customer' | 'sub';
  downloadRole: DownloadRole;
  isManager?: boolean;
  fleetManager?: boolean;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    username: 'admin',
    firstName: 'Ada',
    lastName: 'Admin',
    sysRole: 'admin',
    company: 'provider',
    downloadRole: 'request',
  },
  {
    username: 'support',
    firstName: 'Sam',
    lastName: 'Support',
    sysRole: 'support',
    company: 'provider',
    downloadRole: 'request',
  },
  {
    username: 'sales',
    firstName: 'Sally',
    lastName: 'Sales',
    sysRole: 'sales',
    company: 'provider',
    downloadRole: 'request',
  },
  {
    username: 'kitting',
    firstName: 'Kit',
    lastName: 'Kitting',
    sysRole: 'kitting',
    company: 'provider',
    downloadRole: 'request',
  },
  {
    username: 'manager',
    firstName: 'Mina',
    lastName: 'Manager',
    sysRole: 'user',
    company: 'customer',
    downloadRole: 'request',
    isManager: true,
    fleetManager: true,
  },
  {
    username: 'operator',
    firstName: 'Oskar',
    lastName: 'Operator',
    sysRole: 'user',
    company: 'sub',
    downloadRole: 'none',
  },
];

export interface SeedResult {
  created: boolean;
  accounts: { username: string; role: string; company: string }[];
}

export async function seedDemo(database: DatabaseHandle, password: string): Promise<SeedResult> {
  const created = (await customerIdOf(database, 'fleetlens')) === undefined;
  const provider = await ensureCustomer(database, {
    stkUser: 'fleetlens',
    name: 'FleetLens',
    parentId: null,
    isProvider: true,
    functions: [...CUSTOMER_FUNCTIONS],
  });
  const customer = await ensureCustomer(database, {
    stkUser: 'harbor',
    name: 'Harbor Logistics',
    parentId: null,
    isProvider: false,
    functions: [...CUSTOMER_FUNCTIONS],
    downloadTypes: CUSTOMER_DOWNLOAD_TYPES,
  });
  const sub = await ensureCustomer(database, {
    stkUser: 'harbor-north',
    name: 'Harbor Logistics North Terminal',
    parentId: customer,
    isProvider: false,
    functions: ['l-video', 'r-map', 'e-map'],
  });
  // The simulated yard's plan under the demo customer's maps (one it replaced stays replaced).
  await insertSitePlanOnce(database, customer, demoSitePlan());
  const fleetManager = await ensureRole(database, customer, {
    name: 'Fleet manager',
    description: 'Runs the fleet: vehicles, devices, operators, events, reports',
    privileges: FLEET_MANAGER_PRIVILEGES,
  });
  const companies = { provider, customer, sub };
  const hash = await hashPassword(password);
  for (const account of DEMO_ACCOUNTS)
    await insertUserOnce(database, {
      customerId: companies[account.company],
      roleId: account.fleetManager ? (fleetManager ?? null) : null,
      username: account.username,
      email: `${account.username}@demo.fleetlens.example`,
      firstName: account.firstName,
      lastName: account.lastName,
      sysRole: account.sysRole,
      isManager: account.isManager ?? false,
      downloadRole: account.downloadRole,
      passwordHash: hash,
    });
  if (created) await insertWelcomeNotices(database);
  const names = {
    provider: 'FleetLens',
    customer: 'Harbor Logistics',
    sub: 'Harbor Logistics North Terminal',
  };
  return {
    created,
    accounts: DEMO_ACCOUNTS.map((a) => ({
      username: a.username,
      role: a.fleetManager ? `${a.sysRole} (Fleet manager)` : a.sysRole,
      company: names[a.company],
    })),
  };
}
