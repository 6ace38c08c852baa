// Tenant isolation, generated from the OpenAPI document: every route and verb is called by a
// manager of customer A — holding every privilege, so only tenancy can stop them — against the
// objects of customer B, an unrelated company. Nothing of B may be read, changed or created.
// A route this test does not know fails it, so every new route must say how it is walked.
import { ALL_PRIVILEGES } from '@fleetlens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../modules/identity/password.ts';
import { bearer, type Harness, startHarness, TEST_PASSWORD, tokenOf } from '../testing/harness.ts';

let h: Harness;
let tokenA = '';
const b: Record<string, string> = {};

// Routes whose objects no customer owns (global), or that act only on the caller.
const NOT_TENANT_OWNED = new Set([
  'GET /api/v1/config',
  'GET /api/v1/version',
  'GET /api/v1/manual/{id}',
  'GET /api/v1/manual/{id}/file',
  'POST /api/v1/error-logs',
  'GET /api/v1/users/my',
  'POST /api/v1/users/session-check',
  'GET /api/v1/notifications/unread-count',
]);

// Routes every signed-in user may call (each checks its own rule inside: own notices, own user).
const OPEN_TO_EVERY_USER = new Set([
  'GET /api/v1/notifications',
  'GET /api/v1/notifications/expired',
  'GET /api/v1/notifications/{id}',
  'PUT /api/v1/users/{id}/update-opened-notification-at',
  'DELETE /api/v1/users/{id}/devices',
  'GET /api/v1/users/{id}/login-devices',
  'GET /api/v1/users/{id}',
  'PUT /api/v1/users/{id}',
]);

/** Which of B's objects a path's {id} names. */
const OBJECT_OF_PATH: [RegExp, string][] = [
  [/^\/api\/v1\/customers\/\{id\}/, 'customer'],
  [/^\/api\/v1\/roles\/\{id\}/, 'role'],
  [/^\/api\/v1\/users\/\{id\}/, 'user'],
  [/^\/api\/v1\/notifications\/\{id\}/, 'notice'],
];

const inHours = (hours: number) =>
  new Date(Date.now() + hours * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

/** Valid bodies, so that a refusal comes from tenancy and not from validation. */
const bodies = (): Record<string, object> => ({
  'POST /api/v1/customers': {
    name: 'Sneaky',
    description: 'x',
    stk_user: 'sneaky',
    realm: 'fleet',
    parent_id: b.customer,
  },
  'PUT /api/v1/customers/{id}': {
    name: 'Taken over',
    description: 'x',
    stk_user: 'othercorp',
    realm: 'fleet',
  },
  'PUT /api/v1/customers/{id}/live-settings': {
    live_continuous_seconds: 1,
    live_monthly_max_seconds: 1,
    live_remaining_seconds: 1,
  },
  'POST /api/v1/roles': { name: 'Sneaky', customer_id: b.customer, privileges: [] },
  'PUT /api/v1/roles/{id}': { name: 'Taken over', privileges: [] },
  'PUT /api/v1/users/{id}/update-opened-notification-at': {},
  'POST /api/v1/users': {
    username: 'sneaky1',
    password: 'Sneaky#2026',
    first_name: 'Sne',
    last_name: 'Aky',
    email: 'sneaky@example.com',
    customer_id: b.customer,
    sys_role: 'user',
  },
  'PUT /api/v1/users/{id}': {
    first_name: 'Taken',
    last_name: 'Over',
    email: 'boss@other.example',
    customer_id: b.customer,
    sys_role: 'user',
  },
  'POST /api/v1/notifications': {
    title: 'Sneaky',
    description: 'x',
    type: 'other',
    destinations: [b.customer],
    publish_date: inHours(-1),
    expire_date: inHours(1),
  },
  'PUT /api/v1/notifications/{id}': {
    title: 'Taken over',
    description: 'x',
    type: 'other',
    destinations: [b.customer],
    publish_date: inHours(-1),
    expire_date: inHours(1),
  },
});

async function snapshotOfB(): Promise<string> {
  const rows = await h.database.query(
    `SELECT json_build_object(
       'customers', (SELECT json_agg(c ORDER BY c.id) FROM customers c WHERE c.id = $1 OR c.parent_id = $1),
       'roles', (SELECT json_agg(r ORDER BY r.id) FROM roles r WHERE r.customer_id = $1),
       'users', (SELECT json_agg(u ORDER BY u.id) FROM users u WHERE u.customer_id = $1),
       'devices', (SELECT count(*) FROM login_devices d WHERE d.customer_id = $1),
       'notices', (SELECT json_agg(n ORDER BY n.id) FROM notifications n WHERE n.id = $2),
       'created', (SELECT count(*) FROM users WHERE username = 'sneaky1') + (SELECT count(*) FROM notifications WHERE title = 'Sneaky') + (SELECT count(*) FROM roles WHERE name = 'Sneaky') + (SELECT count(*) FROM customers WHERE name = 'Sneaky')
     ) AS s`,
    [b.customer, b.notice],
  );
  return JSON.stringify(rows[0]);
}

beforeAll(async () => {
  h = await startHarness();
  const q = h.database.query;
  const insert = async (text: string, params: unknown[] = []) =>
    (await q<{ id: string }>(text, params))[0]?.id ?? '';
  // A: Harbor Logistics' manager, with every privilege.
  await q('UPDATE roles SET privileges = $1 WHERE name = $2', [[...ALL_PRIVILEGES], 'Fleet manager']);
  // B: an unrelated company with its own role, user, notice and a signed-in browser.
  b.customer = await insert(
    "INSERT INTO customers (stk_user, name, realm, functions) VALUES ('othercorp', 'Other Corp', 'fleet', '{l-video}') RETURNING id",
  );
  b.role = await insert(
    "INSERT INTO roles (customer_id, name, privileges) VALUES ($1, 'Other boss', $2) RETURNING id",
    [b.customer, [...ALL_PRIVILEGES]],
  );
  b.user = await insert(
    `INSERT INTO users (customer_id, role_id, username, email, first_name, sys_role, is_manager, password_hash)
     VALUES ($1, $2, 'otherboss', 'boss@other.example', 'Otto', 'user', true, $3) RETURNING id`,
    [b.customer, b.role, await hashPassword(TEST_PASSWORD)],
  );
  b.notice = await insert(
    `INSERT INTO notifications (title, description, type, publish_date, expire_date)
     VALUES ('Other news', 'x', 'other', now() - interval '1 hour', now() + interval '1 day') RETURNING id`,
  );
  await q('INSERT INTO notification_destinations (notification_id, customer_id) VALUES ($1, $2)', [
    b.notice,
    b.customer,
  ]);
  const tokenB = await tokenOf(h.app, 'otherboss');
  await h.app.inject({
    method: 'POST',
    url: '/api/v1/users/session-check',
    headers: bearer(tokenB),
    payload: { device_id: 'other-browser-001' },
  });
  tokenA = await tokenOf(h.app, 'manager');
});
afterAll(async () => h?.close());

describe('tenant isolation over every route of the OpenAPI document', () => {
  it('lets a user of customer A read, change or create nothing of customer B', async () => {
    const doc = (await h.app.inject('/api/docs/json')).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const before = await snapshotOfB();
    const markers: string[] = [
      b.customer,
      b.role,
      b.user,
      b.notice,
      'Other Corp',
      'otherboss',
      'Other news',
    ].filter((m): m is string => !!m);
    const samples = bodies();
    const walked: string[] = [];
    const leaks: string[] = [];

    for (const [template, operations] of Object.entries(doc.paths)) {
      for (const method of Object.keys(operations)) {
        const route = `${method.toUpperCase()} ${template}`;
        if (NOT_TENANT_OWNED.has(route)) continue;
        let url = template;
        if (template.includes('{id}')) {
          const kind = OBJECT_OF_PATH.find(([pattern]) => pattern.test(template))?.[1];
          expect(kind, `${route}: which of B's objects does {id} name?`).toBeDefined();
          url = template.replace('{id}', b[kind ?? ''] ?? 'missing');
        }
        const payload = samples[route];
        if ((method === 'post' || method === 'put') && !payload)
          throw new Error(`${route}: add a valid sample body`);
        const res = await h.app.inject({
          method: method.toUpperCase() as 'GET',
          url,
          headers: bearer(tokenA),
          payload,
        });
        walked.push(route);
        const answer = res.body;
        if (res.statusCode < 300 && markers.some((m) => answer.includes(m)))
          leaks.push(`${route} answered B's data`);
        if (template.includes('{id}') && ![403, 404].includes(res.statusCode))
          leaks.push(`${route} answered ${res.statusCode} for B's object`);
        if (!template.includes('{id}') && method !== 'get' && res.statusCode < 400)
          leaks.push(`${route} accepted an object of B (${res.statusCode})`);
      }
    }
    console.log(`isolation: walked ${walked.length} routes and verbs, ${leaks.length} leaks`);
    expect(leaks).toEqual([]);
    expect(walked.length).toBeGreaterThanOrEqual(10);
    expect(await snapshotOfB()).toBe(before);
  });
});

describe('privileges over every route of the OpenAPI document', () => {
  it('refuses every guarded call to a user who holds no privilege, before reading its input', async () => {
    const doc = (await h.app.inject('/api/docs/json')).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operator = await tokenOf(h.app, 'operator');
    const samples = bodies();
    const walked: string[] = [];
    const wrong: string[] = [];
    for (const [template, operations] of Object.entries(doc.paths)) {
      for (const method of Object.keys(operations)) {
        const route = `${method.toUpperCase()} ${template}`;
        if (NOT_TENANT_OWNED.has(route) || OPEN_TO_EVERY_USER.has(route)) continue;
        const url = template.replace('{id}', b.customer ?? '');
        const res = await h.app.inject({
          method: method.toUpperCase() as 'GET',
          url,
          headers: bearer(operator),
          payload: samples[route],
        });
        walked.push(route);
        if (res.statusCode !== 403) wrong.push(`${route} answered ${res.statusCode}`);
        // Not even an invalid body gets past the guard to be validated.
        if (method === 'post' || method === 'put') {
          const junk = await h.app.inject({
            method: method.toUpperCase() as 'POST',
            url,
            headers: bearer(operator),
            payload: { junk: 1 },
          });
          if (junk.statusCode !== 403)
            wrong.push(`${route} validated a stranger's body (${junk.statusCode})`);
        }
      }
    }
    console.log(`privileges: walked ${walked.length} routes and verbs, ${wrong.length} wrong answers`);
    expect(wrong).toEqual([]);
    expect(walked.length).toBeGreaterThanOrEqual(10);
  });
});
