// No user grants more than they hold, generated: every caller (each staff system role, customer
// users with various custom roles) tries every way the module walks (testing/walks/*.escalation.ts)
// declare to assign access, and the database is judged after each call:
// - a user whose access changed or was created may reach nothing the caller cannot;
// - nobody changes their own access; nobody changes a user who reaches more than they do
//   (a new password or e-mail takes the account over);
// - a role's privileges may reach nothing the caller cannot;
// - a company's functions and limits change only by provider staff.
// "Reach" is measured, not read from the rule under test (testing/reach.ts).
// Every operation whose body carries an access field must be walked.
import { ALL_PRIVILEGES } from '@fleetlens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../modules/identity/password.ts';
import {
  type Access,
  accessOfUser,
  changed,
  fingerprint,
  type Row,
  restore,
  type State,
  stateNow,
} from '../testing/accessState.ts';
import type { EscalationWalk, World, WorldUser } from '../testing/escalation.ts';
import { bearer, type Harness, startHarness, TEST_PASSWORD, tokenOf } from '../testing/harness.ts';
import { createReach } from '../testing/reach.ts';
import { discoverWalks } from '../testing/walks/discover.ts';

type Reach = ReturnType<typeof createReach>;

const walks = (await discoverWalks<EscalationWalk>('escalation')).map(([, walk]) => walk);
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

// Callers beyond the demo accounts: customer users holding parts of the user and role rights,
// and a sales account whose own custom role adds user:edit.
const CUSTOM_CALLERS: {
  username: string;
  company: string;
  privileges: string[];
  download?: string;
  sysRole?: string;
}[] = [
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
  {
    username: 'salesedit',
    company: 'fleetlens',
    privileges: ['user:edit'],
    sysRole: 'sales',
    download: 'request',
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

beforeAll(async () => {
  h = await startHarness();
  const hash = await hashPassword(TEST_PASSWORD);
  const harbor = await h.companyId('harbor');
  const provider = await h.companyId('fleetlens');
  // Stronger roles than the callers hold, in every company, for the callers to reach for.
  const strongest = await insert(
    "INSERT INTO roles (customer_id, name, privileges) VALUES ($1, 'Everything', $2) RETURNING id",
    [harbor, [...ALL_PRIVILEGES]],
  );
  await insert(
    "INSERT INTO roles (customer_id, name, privileges) VALUES ($1, 'Deleter', '{vehicle:delete,user:delete}') RETURNING id",
    [await h.companyId('harbor-north')],
  );
  await insert(
    "INSERT INTO roles (customer_id, name, privileges) VALUES ($1, 'Staff users', '{user:edit}') RETURNING id",
    [provider],
  );
  for (const c of CUSTOM_CALLERS) {
    const customer = await h.companyId(c.company);
    const role = await insert(
      'INSERT INTO roles (customer_id, name, privileges) VALUES ($1, $2, $3) RETURNING id',
      [customer, `Role of ${c.username}`, c.privileges],
    );
    await query(
      `INSERT INTO users (customer_id, role_id, username, email, first_name, sys_role, download_role, password_hash)
       VALUES ($1, $2, $3, $4, 'Caller', $5, $6, $7)`,
      [
        customer,
        role,
        c.username,
        `${c.username}@escalation.example`,
        c.sysRole ?? 'user',
        c.download ?? 'none',
        hash,
      ],
    );
  }
  // A strong colleague (to be taken over) and a weak one (to be raised) in every company.
  for (const stk of ['fleetlens', 'harbor', 'harbor-north']) {
    const customer = await h.companyId(stk);
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
  for (const u of callersOf(world)) tokens.set(u.id, await tokenOf(h.app, u.username));
});
afterAll(async () => h?.close());

/** Everyone but the colleagues put there to be taken over or raised. */
const callersOf = (w: World) =>
  w.users.filter((u) => !u.username.startsWith('victim') && !u.username.startsWith('strong'));

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

const ACCESS_COLUMNS = ['customer_id', 'sys_role', 'role_id', 'is_manager', 'download_role'];

/** Everything wrong with the change from `before` to `after` made by `caller`. */
async function judge(
  beyond: Reach['beyond'],
  caller: WorldUser,
  before: State,
  after: State,
): Promise<string[]> {
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
  // A role's privileges, and a service account's, held as a user of its company holds them.
  const carriers = [
    ...changed(before.roles, after.roles).map((row) => ({ kind: 'role', row })),
    ...changed(before.serviceAccounts, after.serviceAccounts).map((row) => ({
      kind: 'service account',
      row,
    })),
  ];
  for (const { kind, row } of carriers) {
    const access: Access = {
      sysRole: 'user',
      privileges: row.privileges as string[],
      manager: false,
      downloadRole: 'none',
      customerId: String(row.customer_id),
    };
    const over = await beyond(access, mine);
    if (over.length > 0)
      wrong.push(`${kind} ${row.name} carries more than they hold: ${over.slice(0, 3).join(', ')}`);
  }
  for (const company of changed(before.customers, after.customers))
    if (mine.sysRole === 'user') wrong.push(`a customer's user changed company ${company.name}`);
  return wrong;
}

/** The access an attempt names, short enough to read in a failure. */
const summary = (body: object) =>
  JSON.stringify(
    Object.fromEntries(Object.entries(body).filter(([k]) => ACCESS_FIELDS.includes(k) || k === 'password')),
  );

// The callers are walked in shards, one test each: the whole walk (about 1,350 attempts, each
// checked against the database) took 20 to 60 s on two quiet cores, and over 240 s on two cores
// loaded by other runs, where one test's time limit measured the machine, not the rule.
const SHARDS = 8;

describe('no user grants more than they hold, over every route that assigns access', () => {
  let doc: { paths: Record<string, Record<string, { requestBody?: unknown }>> } = { paths: {} };
  let reach: ReturnType<typeof createReach>;
  const walked = new Set<string>();
  let shardsWalked = 0;
  beforeAll(async () => {
    doc = (await h.app.inject('/api/docs/json')).json() as typeof doc;
    const operations = Object.entries(doc.paths).flatMap(([template, ops]) =>
      Object.keys(ops).map((method) => [method, template] as [string, string]),
    );
    reach = createReach({ app: h.app, query, world, probes, operations });
  });

  it.each(Array.from({ length: SHARDS }, (_, shard) => shard))(
    'walks its callers through every attempt and finds no escalation (shard %i)',
    async (shard) => {
      const callers = callersOf(world).filter((_, i) => i % SHARDS === shard);
      const escalations: string[] = [];
      let attempts = 0;
      let accepted = 0;
      // Every attempt starts from the same state: whatever it changed is put back.
      const before = await stateNow(query);
      const unchanged = await fingerprint(query);
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
          if ((await fingerprint(query)) === unchanged) continue;
          const after = await stateNow(query);
          for (const wrong of await judge(reach.beyond, caller, before, after))
            escalations.push(`${what}: ${wrong}`);
          await restore(query, before, after);
        }
      }
      console.log(
        `escalation shard ${shard}: ${callers.length} callers, ${attempts} attempts (${accepted} accepted), ` +
          `${escalations.length} escalations`,
      );
      expect(escalations).toEqual([]);
      shardsWalked += 1;
    },
    120_000,
  );

  it('walked every route that assigns access', () => {
    expect(shardsWalked, 'every shard walked').toBe(SHARDS);
    const assigning = Object.entries(doc.paths).flatMap(([template, ops]) =>
      Object.entries(ops)
        .filter(([, op]) =>
          ACCESS_FIELDS.some((f) => JSON.stringify(op.requestBody ?? {}).includes(`"${f}"`)),
        )
        .map(([method]) => `${method.toUpperCase()} ${template}`),
    );
    console.log(
      `escalation: ${walked.size} routes walked, ${reach.measured()} accesses measured; operations carrying access fields: ${assigning.join(', ')}`,
    );
    // The detection itself works: the user form's operation carries them.
    expect(assigning).toContain('POST /api/v1/users');
    expect(
      assigning.filter((route) => !walked.has(route)),
      'routes that assign access but are not walked',
    ).toEqual([]);
  });
});
