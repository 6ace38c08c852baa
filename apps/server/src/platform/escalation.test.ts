// No user grants more than they hold, generated: every caller (each staff system role, customer
// users with various custom roles) tries every way the module walks (modules/*/escalation.walk.ts)
// declare to assign access, and the database is judged after each call:
// - a user whose access changed or was created may reach nothing the caller cannot;
// - nobody changes their own access; nobody changes a user who reaches more than they do
//   (a new password or e-mail takes the account over);
// - a role's privileges may reach nothing the caller cannot;
// - a company's functions and limits change only by provider staff.
// "Reach" is measured, not read from the rule under test: a probe account is given the access in
// question and calls every operation of the OpenAPI document (403 or not), plus the console's
// route table (filterRoutes) and the devices of a colleague (the representative's right).
// Every operation whose body carries an access field must be walked.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  ALL_PRIVILEGES,
  allRoutes,
  type DownloadRole,
  filterRoutes,
  routeTable,
  type SysRole,
  userRoleList,
} from '@fleetlens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../modules/identity/password.ts';
import type { EscalationWalk, World, WorldUser } from '../testing/escalation.ts';
import { bearer, type Harness, startHarness, TEST_PASSWORD, tokenOf } from '../testing/harness.ts';

const MODULES_DIR = join(import.meta.dirname, '../modules');
const walks: EscalationWalk[] = [];
for (const module of readdirSync(MODULES_DIR).sort()) {
  const file = join(MODULES_DIR, module, 'escalation.walk.ts');
  if (existsSync(file)) walks.push(((await import(file)) as { walk: EscalationWalk }).walk);
}
/** Body fields that assign access: an operation carrying one must be walked. */
const ACCESS_FIELDS = [
  'role_id',
  'sys_role',
  'manager',
  'is_manager',
  'download_role',
  'privileges',
  'functions',
  'download_types',
  'live_continuous_seconds',
  'live_monthly_max_seconds',
  'live_remaining_seconds',
];
const NIL = '00000000-0000-4000-8000-000000000000';

// Callers beyond the demo accounts: customer users holding parts of the user and role rights.
const CUSTOM_CALLERS: { username: string; company: string; privileges: string[]; download?: string }[] = [
  { username: 'useredit', company: 'harbor', privileges: ['user:view', 'user:edit'] },
  { username: 'useradd', company: 'harbor', privileges: ['user:add'] },
  {
    username: 'roleedit',
    company: 'harbor',
    privileges: ['role:view', 'role:add', 'role:edit', 'user:view'],
  },
  { username: 'custedit', company: 'harbor', privileges: ['customer:view', 'customer:edit'] },
  {
    username: 'subadmin',
    company: 'harbor-north',
    privileges: ['user:view', 'user:add', 'user:edit', 'vehicle:view'],
    download: 'download',
  },
];

let h: Harness;
let world: World;
const tokens = new Map<string, string>();
/** A probe account and a role of its own in every company (its history ties it to one). */
const probes = new Map<string, { id: string; token: string; role: string }>();

const query = <T>(text: string, params: unknown[] = []) => h.database.query<T>(text, params);
const insert = async (text: string, params: unknown[] = []) =>
  (await query<{ id: string }>(text, params))[0]?.id ?? '';
const companyId = async (stk: string) => insert('SELECT id FROM customers WHERE stk_user = $1', [stk]);

beforeAll(async () => {
  h = await startHarness();
  const hash = await hashPassword(TEST_PASSWORD);
  const harbor = await companyId('harbor');
  const provider = await companyId('fleetlens');
  // Stronger roles than the callers hold, in every company, for the callers to reach for.
  const strongest = await insert(
    "INSERT INTO roles (customer_id, name, privileges) VALUES ($1, 'Everything', $2) RETURNING id",
    [harbor, [...ALL_PRIVILEGES]],
  );
  await insert(
    "INSERT INTO roles (customer_id, name, privileges) VALUES ($1, 'Deleter', '{vehicle:delete,user:delete}') RETURNING id",
    [await companyId('harbor-north')],
  );
  await insert(
    "INSERT INTO roles (customer_id, name, privileges) VALUES ($1, 'Staff users', '{user:edit}') RETURNING id",
    [provider],
  );
  for (const c of CUSTOM_CALLERS) {
    const customer = await companyId(c.company);
    const role = await insert(
      'INSERT INTO roles (customer_id, name, privileges) VALUES ($1, $2, $3) RETURNING id',
      [customer, `Role of ${c.username}`, c.privileges],
    );
    await query(
      `INSERT INTO users (customer_id, role_id, username, email, first_name, sys_role, download_role, password_hash)
       VALUES ($1, $2, $3, $4, 'Caller', 'user', $5, $6)`,
      [customer, role, c.username, `${c.username}@escalation.example`, c.download ?? 'none', hash],
    );
  }
  // A strong colleague (to be taken over) and a weak one (to be raised) in every company.
  for (const stk of ['fleetlens', 'harbor', 'harbor-north']) {
    const customer = await companyId(stk);
    const isProvider = stk === 'fleetlens';
    await query(
      `INSERT INTO users (customer_id, role_id, username, email, first_name, sys_role, is_manager, download_role, password_hash)
       VALUES ($1, $2, $3, $4, 'Strong', $5, true, 'request', $6),
              ($1, NULL, $7, $8, 'Weak', $9, false, 'none', $6)`,
      [
        customer,
        stk === 'harbor' ? strongest : null,
        `strong${stk.replace('-', '')}`,
        `strong-${stk}@escalation.example`,
        isProvider ? 'support' : 'user',
        hash,
        `victim${stk.replace('-', '')}`,
        `victim-${stk}@escalation.example`,
        isProvider ? 'kitting' : 'user',
      ],
    );
  }
  world = await readWorld();
  for (const c of world.companies) {
    const role = await insert("INSERT INTO roles (customer_id, name) VALUES ($1, 'Probe') RETURNING id", [
      c.id,
    ]);
    const id = await insert(
      `INSERT INTO users (customer_id, role_id, username, email, first_name, sys_role, password_hash)
       VALUES ($1, $2, $3, $4, 'Probe', 'user', $5) RETURNING id`,
      [c.id, role, `probe${c.stkUser.replace('-', '')}`, `probe-${c.stkUser}@escalation.example`, hash],
    );
    probes.set(c.id, { id, role, token: await tokenOf(h.app, `probe${c.stkUser.replace('-', '')}`) });
  }
  for (const u of world.users) tokens.set(u.id, await tokenOf(h.app, u.username));
});
afterAll(async () => h?.close());

async function readWorld(): Promise<World> {
  const companies = await query<World['companies'][number]>(
    'SELECT id, name, stk_user AS "stkUser", is_provider AS "isProvider" FROM customers ORDER BY stk_user',
  );
  const roles = await query<World['roles'][number]>(
    `SELECT id, name, customer_id AS "customerId", privileges FROM roles WHERE name <> 'Probe' ORDER BY name`,
  );
  const users = await query<WorldUser>(
    `SELECT id, username, customer_id AS "customerId", sys_role AS "sysRole", role_id AS "roleId",
            is_manager AS manager, download_role AS "downloadRole"
       FROM users WHERE username NOT LIKE 'probe%' ORDER BY username`,
  );
  return { companies, roles, users };
}

// ---- Reach: what an access lets one do, measured --------------------------------------------

interface Access {
  sysRole: SysRole;
  privileges: string[];
  manager: boolean;
  downloadRole: DownloadRole;
  customerId: string;
}
let operations: [string, string][] = [];
const reachMemo = new Map<string, Promise<Set<string>>>();

const accessKey = (access: Access) =>
  JSON.stringify({ ...access, privileges: [...access.privileges].sort() });

function reachOf(access: Access): Promise<Set<string>> {
  const key = accessKey(access);
  let reach = reachMemo.get(key);
  if (!reach) {
    reach = measure(access);
    reachMemo.set(key, reach);
  }
  return reach;
}

// One probe at a time: it is one account.
let probing: Promise<unknown> = Promise.resolve();
function measure(access: Access): Promise<Set<string>> {
  const run = probing.then(async () => {
    const probe = probes.get(access.customerId);
    if (!probe) throw new Error(`no probe in ${access.customerId}`);
    await query('UPDATE roles SET privileges = $2 WHERE id = $1', [probe.role, access.privileges]);
    await query('UPDATE users SET sys_role = $2, is_manager = $3, download_role = $4 WHERE id = $1', [
      probe.id,
      access.sysRole,
      access.manager,
      access.downloadRole,
    ]);
    const reached = new Set<string>();
    for (const [method, template] of operations) {
      const write = method === 'post' || method === 'put';
      const res = await h.app.inject({
        method: method.toUpperCase() as 'GET',
        url: template.replace(/\{\w+\}/g, NIL),
        headers: bearer(probe.token),
        ...(write ? { payload: {} } : {}),
      });
      if (res.statusCode !== 403) reached.add(`${method.toUpperCase()} ${template}`);
    }
    const colleague = world.users.find((u) => u.customerId === access.customerId && u.id !== probe.id);
    const devices = await h.app.inject({
      url: `/api/v1/users/${colleague?.id ?? NIL}/login-devices`,
      headers: bearer(probe.token),
    });
    if (devices.statusCode === 200) reached.add("a colleague's signed-in browsers");
    const [company] = await query<{ functions: string[] }>('SELECT functions FROM customers WHERE id = $1', [
      access.customerId,
    ]);
    const screens = filterRoutes(routeTable, {
      sysRole: access.sysRole,
      roles: userRoleList(access.sysRole, access.privileges),
      functions: company?.functions ?? [],
      downloadRole: access.downloadRole,
    });
    for (const route of allRoutes(screens)) reached.add(`screen ${route.name}`);
    return reached;
  });
  probing = run;
  return run;
}

/** What `access` reaches that `holder` does not (empty: within the holder's reach). */
async function beyond(access: Access, holder: Access): Promise<string[]> {
  // An admin reaches everything (spec §6), so nothing is beyond one; nor is one's own access.
  if (holder.sysRole === 'admin' || accessKey(access) === accessKey(holder)) return [];
  const [theirs, mine] = await Promise.all([reachOf(access), reachOf(holder)]);
  return [...theirs].filter((r) => !mine.has(r));
}

// ---- The state that carries access, its diff and its restoring ------------------------------

type Row = Record<string, unknown> & { id: string };
interface State {
  users: Map<string, Row>;
  roles: Map<string, Row>;
  customers: Map<string, Row>;
}
const byId = (rows: Row[]) => new Map(rows.map((r) => [r.id, r]));

async function stateNow(): Promise<State> {
  const rows = (sql: string) => query<{ row: Row }>(sql).then((r) => r.map((x) => x.row));
  return {
    users: byId(
      await rows(`SELECT to_jsonb(u) - 'updated_at' - 'last_login_at' - 'opened_notification_at'
                       - 'failed_login_count' - 'locked_until' AS row FROM users u WHERE username NOT LIKE 'probe%'`),
    ),
    roles: byId(await rows(`SELECT to_jsonb(r) - 'updated_at' AS row FROM roles r WHERE name <> 'Probe'`)),
    customers: byId(await rows(`SELECT to_jsonb(c) - 'updated_at' AS row FROM customers c`)),
  };
}

const changed = (before: Map<string, Row>, after: Map<string, Row>) =>
  [...after.values()].filter((row) => JSON.stringify(row) !== JSON.stringify(before.get(row.id)));

function accessOfUser(user: Row, roles: Map<string, Row>): Access {
  const role = user.role_id ? roles.get(String(user.role_id)) : undefined;
  return {
    sysRole: user.sys_role as SysRole,
    privileges: (role?.privileges as string[] | undefined) ?? [],
    manager: Boolean(user.is_manager),
    downloadRole: user.download_role as DownloadRole,
    customerId: String(user.customer_id),
  };
}

const ACCESS_COLUMNS = ['customer_id', 'sys_role', 'role_id', 'is_manager', 'download_role'];

/** Everything wrong with the change from `before` to `after` made by `caller`. */
async function judge(caller: WorldUser, before: State, after: State): Promise<string[]> {
  const wrong: string[] = [];
  const mine = accessOfUser(before.users.get(caller.id) as Row, before.roles);
  for (const user of changed(before.users, after.users)) {
    const was = before.users.get(user.id);
    const name = String(user.username);
    if (user.id === caller.id && ACCESS_COLUMNS.some((c) => was?.[c] !== user[c]))
      wrong.push(`changed their own access`);
    const over = await beyond(accessOfUser(user, after.roles), mine);
    if (over.length > 0) wrong.push(`gave ${name} more than they hold: ${over.slice(0, 3).join(', ')}`);
    if (was && user.id !== caller.id) {
      const above = await beyond(accessOfUser(was, before.roles), mine);
      if (above.length > 0) wrong.push(`changed ${name}, who reaches more: ${above.slice(0, 3).join(', ')}`);
    }
  }
  for (const role of changed(before.roles, after.roles)) {
    const access: Access = {
      sysRole: 'user',
      privileges: role.privileges as string[],
      manager: false,
      downloadRole: 'none',
      customerId: String(role.customer_id),
    };
    const over = await beyond(access, mine);
    if (over.length > 0)
      wrong.push(`role ${role.name} carries more than they hold: ${over.slice(0, 3).join(', ')}`);
  }
  for (const company of changed(before.customers, after.customers))
    if (mine.sysRole === 'user') wrong.push(`a customer's user changed company ${company.name}`);
  return wrong;
}

/** Puts every changed row back as it was, and removes what was created. */
async function restore(before: State, after: State): Promise<void> {
  const put = async (table: string, row: Row) => {
    const columns = Object.keys(row).filter((c) => c !== 'id');
    await query(
      `UPDATE ${table} t SET ${columns.map((c) => `${c} = r.${c}`).join(', ')}
         FROM jsonb_populate_record(NULL::${table}, $1::jsonb) r WHERE t.id = r.id`,
      [JSON.stringify(row)],
    );
  };
  const created = (table: keyof State) => [...after[table].keys()].filter((id) => !before[table].has(id));
  for (const row of changed(before.customers, after.customers))
    if (before.customers.has(row.id)) {
      await put('customers', before.customers.get(row.id) as Row);
    }
  for (const row of changed(before.users, after.users))
    if (before.users.has(row.id)) await put('users', before.users.get(row.id) as Row);
  await query('DELETE FROM users WHERE id = ANY($1)', [created('users')]);
  for (const row of changed(before.roles, after.roles))
    if (before.roles.has(row.id)) await put('roles', before.roles.get(row.id) as Row);
  await query('DELETE FROM roles WHERE id = ANY($1)', [created('roles')]);
  await query('DELETE FROM customers WHERE id = ANY($1)', [created('customers')]);
}

/** The access an attempt names, short enough to read in a failure. */
const summary = (body: object) =>
  JSON.stringify(
    Object.fromEntries(Object.entries(body).filter(([k]) => ACCESS_FIELDS.includes(k) || k === 'password')),
  );

describe('no user grants more than they hold, over every route that assigns access', () => {
  it('walks every caller through every attempt and finds no escalation', async () => {
    const doc = (await h.app.inject('/api/docs/json')).json() as {
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    operations = Object.entries(doc.paths).flatMap(([template, ops]) =>
      Object.keys(ops).map((method) => [method, template] as [string, string]),
    );
    const callers = world.users.filter(
      (u) => !u.username.startsWith('victim') && !u.username.startsWith('strong'),
    );
    const walked = new Set<string>();
    const escalations: string[] = [];
    let attempts = 0;
    let accepted = 0;
    // Every attempt starts from the same state: whatever it changed is put back.
    const before = await stateNow();
    for (const caller of callers) {
      const token = tokens.get(caller.id) ?? '';
      for (const attempt of walks.flatMap((w) => w.attempts(world, caller))) {
        walked.add(attempt.route);
        attempts += 1;
        const method = attempt.route.split(' ')[0] as 'POST';
        const res = await h.app.inject({
          method,
          url: attempt.url,
          headers: bearer(token),
          payload: attempt.body,
        });
        const what = `${caller.username}: ${attempt.route} ${summary(attempt.body)}`;
        if (res.statusCode < 300) accepted += 1;
        if (res.statusCode >= 500) escalations.push(`${what} answered ${res.statusCode}`);
        const after = await stateNow();
        for (const wrong of await judge(caller, before, after)) escalations.push(`${what}: ${wrong}`);
        await restore(before, after);
      }
    }
    const assigning = Object.entries(doc.paths).flatMap(([template, ops]) =>
      Object.entries(ops)
        .filter(([, op]) =>
          ACCESS_FIELDS.some((f) => JSON.stringify(op.requestBody ?? {}).includes(`"${f}"`)),
        )
        .map(([method]) => `${method.toUpperCase()} ${template}`),
    );
    console.log(
      `escalation: ${callers.length} callers, ${attempts} attempts (${accepted} accepted) over ${walked.size} routes, ` +
        `${reachMemo.size} accesses measured, ${escalations.length} escalations`,
    );
    console.log(`escalation: operations carrying access fields: ${assigning.join(', ')}`);
    // The detection itself works: the user form's operation carries them.
    expect(assigning).toContain('POST /api/v1/users');
    expect(
      assigning.filter((route) => !walked.has(route)),
      'routes that assign access but are not walked',
    ).toEqual([]);
    expect(escalations).toEqual([]);
  });
});
