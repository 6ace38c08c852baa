// The demo fleet's people: the provider's company with one account per staff role, a customer
// with a sub company, a custom role and two customer users, and two current notices. Created on
// a first start when DEMO is on; an existing row is never overwritten, so a demo that was
// changed by hand stays changed across restarts.
import {
  CUSTOMER_FUNCTIONS,
  type DownloadRole,
  PRIVILEGE_ACTIONS,
  PRIVILEGE_RESOURCES,
  type PrivilegeResource,
  privilege,
  type SysRole,
} from '@fleetlens/contracts';
import type { DatabaseHandle } from '../../db/client.ts';
import { hashPassword } from '../identity/password.ts';

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

async function ensureCustomer(
  database: DatabaseHandle,
  row: { stkUser: string; name: string; parentId: string | null; isProvider: boolean; functions: string[] },
): Promise<string> {
  await database.query(
    `INSERT INTO customers (stk_user, name, parent_id, realm, is_provider, functions, description)
     VALUES ($1, $2, $3, 'fleet', $4, $5, 'Demo') ON CONFLICT (stk_user) DO NOTHING`,
    [row.stkUser, row.name, row.parentId, row.isProvider, row.functions],
  );
  const [found] = await database.query<{ id: string }>('SELECT id FROM customers WHERE stk_user = $1', [
    row.stkUser,
  ]);
  if (!found) throw new Error(`demo customer ${row.stkUser} missing`);
  return found.id;
}

export interface SeedResult {
  created: boolean;
  accounts: { username: string; role: string; company: string }[];
}

export async function seedDemo(database: DatabaseHandle, password: string): Promise<SeedResult> {
  const [existing] = await database.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM customers WHERE stk_user = 'fleetlens'",
  );
  const created = (existing?.n ?? 0) === 0;
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
  });
  const sub = await ensureCustomer(database, {
    stkUser: 'harbor-north',
    name: 'Harbor Logistics North Terminal',
    parentId: customer,
    isProvider: false,
    functions: ['l-video', 'r-map', 'e-map'],
  });
  await database.query(
    `INSERT INTO roles (customer_id, name, description, privileges) VALUES ($1, 'Fleet manager', $2, $3)
     ON CONFLICT (customer_id, name) DO NOTHING`,
    [customer, 'Runs the fleet: vehicles, devices, operators, events, reports', FLEET_MANAGER_PRIVILEGES],
  );
  const [role] = await database.query<{ id: string }>(
    "SELECT id FROM roles WHERE customer_id = $1 AND name = 'Fleet manager'",
    [customer],
  );
  const companies = { provider, customer, sub };
  const hash = await hashPassword(password);
  for (const account of DEMO_ACCOUNTS) {
    await database.query(
      `INSERT INTO users (customer_id, role_id, username, email, first_name, last_name, sys_role,
                          is_manager, download_role, password_hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT DO NOTHING`,
      [
        companies[account.company],
        account.fleetManager ? (role?.id ?? null) : null,
        account.username,
        `${account.username}@demo.fleetlens.example`,
        account.firstName,
        account.lastName,
        account.sysRole,
        account.isManager ?? false,
        account.downloadRole,
        hash,
      ],
    );
  }
  if (created) {
    await database.query(
      `INSERT INTO notifications (title, description, type, is_publish_to_all, publish_date, expire_date)
       VALUES ('Welcome to FleetLens v3', 'Your console is ready. The user manual is in the user menu.',
               'release', true, now() - interval '1 hour', now() + interval '365 days'),
              ('Planned maintenance', 'The service will be briefly unavailable on Sunday from 02:00 to 02:30 UTC.',
               'maintenance', true, now() - interval '10 minutes', now() + interval '30 days')`,
    );
  }
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
