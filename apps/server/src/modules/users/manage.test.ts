import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type Harness, signInAs, startHarness, tokenOf } from '../../testing/harness.ts';

let h: Harness;
const token: Record<string, string> = {};
beforeAll(async () => {
  h = await startHarness();
  for (const name of ['admin', 'support', 'manager', 'operator']) token[name] = await tokenOf(h.app, name);
});
afterAll(async () => h?.close());

const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  h.app.inject({ method, url, headers: { ...bearer(token[who] ?? ''), 'accept-language': 'en' }, payload });
const idOf = async (table: 'customers' | 'users' | 'roles', where: string, value: string) =>
  (await h.database.query<{ id: string }>(`SELECT id FROM ${table} WHERE ${where} = $1`, [value]))[0]?.id ??
  '';

const person = async (over: Record<string, unknown> = {}) => ({
  username: 'yardlead1',
  password: 'Yard#Lead2026',
  first_name: 'Yara',
  last_name: 'Lead',
  email: 'yara@harbor.example',
  customer_id: await idOf('customers', 'stk_user', 'harbor-north'),
  role_id: null,
  sys_role: 'user',
  notify_impact: true,
  ...over,
});

describe('user management', () => {
  it('a manager creates a user in a sub company, who then signs in with that password', async () => {
    const res = await call('manager', 'POST', '/api/v1/users', await person());
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      username: 'yardlead1',
      customer: { name: 'Harbor Logistics North Terminal' },
      notify_impact: true,
      last_login_at: null,
    });
    const step = await signInAs(h.app, 'yardlead1', 'Yard#Lead2026');
    expect(step.tokens).toBeDefined();
    const list = await call('manager', 'GET', '/api/v1/users?email=yara@');
    expect(
      list
        .json()
        .data.list.map((u: { username: string; last_login_at: string | null }) => [
          u.username,
          !!u.last_login_at,
        ]),
    ).toEqual([['yardlead1', true]]);
  });

  it('refuses duplicates, weak passwords, bad usernames and foreign roles with field messages', async () => {
    const dupe = await call(
      'manager',
      'POST',
      '/api/v1/users',
      await person({ email: 'other@harbor.example' }),
    );
    expect(dupe.statusCode).toBe(409);
    expect(dupe.json().data.fields[0]).toMatchObject({ field: 'username' });
    const email = await call('manager', 'POST', '/api/v1/users', await person({ username: 'yardlead2' }));
    expect(email.json().data.fields[0]).toMatchObject({
      field: 'email',
      message: 'Email already registered.',
    });
    const weak = await call(
      'manager',
      'POST',
      '/api/v1/users',
      await person({ username: 'Bad_Name', password: 'password' }),
    );
    expect(weak.statusCode).toBe(400);
    expect(
      weak
        .json()
        .data.fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['password', 'username']);
    // An empty form: each required field names itself (spec §5), in the caller's language.
    const empty = await h.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: { ...bearer(token.manager ?? ''), 'accept-language': 'zh' },
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    expect(
      Object.fromEntries(
        empty.json().data.fields.map((f: { field: string; message: string }) => [f.field, f.message]),
      ),
    ).toEqual({
      first_name: '请输入名字。',
      last_name: '请输入姓氏。',
      username: '请输入用户名。',
      email: '请输入电子邮件地址。',
      password: '请输入密码。',
      customer_id: '请选择公司。',
      sys_role: '请选择系统角色。',
    });
    const foreignRole = await call(
      'manager',
      'POST',
      '/api/v1/users',
      await person({
        username: 'yardlead3',
        email: 'y3@harbor.example',
        role_id: await idOf('roles', 'name', 'Fleet manager'),
      }),
    );
    expect(foreignRole.json().data.fields[0].field).toBe('role_id');
    const [row] = await h.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM users WHERE username LIKE 'yardlead%'",
    );
    expect(row?.n).toBe(1);
  });

  it('keeps staff system roles to the provider and to admins', async () => {
    const support = await call(
      'manager',
      'POST',
      '/api/v1/users',
      await person({ username: 'fake1', email: 'f@x.example', sys_role: 'support' }),
    );
    expect(support.statusCode).toBe(400);
    const inProvider = await call(
      'support',
      'POST',
      '/api/v1/users',
      await person({
        username: 'fake2',
        email: 'f2@x.example',
        sys_role: 'admin',
        customer_id: await idOf('customers', 'stk_user', 'fleetlens'),
      }),
    );
    expect(inProvider.statusCode).toBe(403);
    const byAdmin = await call(
      'admin',
      'POST',
      '/api/v1/users',
      await person({
        username: 'newsales',
        email: 'ns@fleetlens.example',
        sys_role: 'sales',
        customer_id: await idOf('customers', 'stk_user', 'fleetlens'),
      }),
    );
    expect(byAdmin.statusCode).toBe(201);
  });

  it('lets people edit their own profile but not their own access', async () => {
    const me = (
      await call('operator', 'GET', `/api/v1/users/${await idOf('users', 'username', 'operator')}`)
    ).json().data;
    expect(me.login_history.length).toBeGreaterThan(0);
    const own = {
      first_name: 'Oskar',
      last_name: 'Renamed',
      email: me.email,
      customer_id: me.customer.id,
      sys_role: 'user',
      role_id: null,
      download_role: 'none',
    };
    expect((await call('operator', 'PUT', `/api/v1/users/${me.id}`, own)).statusCode).toBe(200);
    const escalate = await call('operator', 'PUT', `/api/v1/users/${me.id}`, {
      ...own,
      download_role: 'download',
      manager: true,
    });
    expect(escalate.statusCode).toBe(403);
    const other = await call(
      'operator',
      'PUT',
      `/api/v1/users/${await idOf('users', 'username', 'yardlead1')}`,
      own,
    );
    expect(other.statusCode).toBe(403);
  });

  it('deletes users, never oneself', async () => {
    const id = await idOf('users', 'username', 'yardlead1');
    expect((await call('manager', 'DELETE', `/api/v1/users/${id}`)).statusCode).toBe(200);
    const self = await call(
      'manager',
      'DELETE',
      `/api/v1/users/${await idOf('users', 'username', 'manager')}`,
    );
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('You cannot delete your own account.');
  });
});
