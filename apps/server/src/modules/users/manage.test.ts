import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, signInAs, startHarness } from '../../testing/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

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
    const res = await h.as('manager').post('/users', await person());
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      username: 'yardlead1',
      customer: { name: 'Harbor Logistics North Terminal' },
      notify_impact: true,
      last_login_at: null,
    });
    const step = await signInAs(h.app, 'yardlead1', 'Yard#Lead2026');
    expect(step.tokens).toBeDefined();
    const list = await h.as('manager').get('/users?email=yara@');
    expect(
      list.body.data.list.map((u: { username: string; last_login_at: string | null }) => [
        u.username,
        !!u.last_login_at,
      ]),
    ).toEqual([['yardlead1', true]]);
  });

  it('refuses duplicates, weak passwords, bad usernames and foreign roles with field messages', async () => {
    const dupe = await h.as('manager').post('/users', await person({ email: 'other@harbor.example' }));
    expect(dupe.status).toBe(409);
    expect(dupe.body.data.fields[0]).toMatchObject({ field: 'username' });
    const email = await h.as('manager').post('/users', await person({ username: 'yardlead2' }));
    expect(email.body.data.fields[0]).toMatchObject({
      field: 'email',
      message: 'Email already registered.',
    });
    const weak = await h
      .as('manager')
      .post('/users', await person({ username: 'Bad_Name', password: 'password' }));
    expect(weak.status).toBe(400);
    expect(Object.keys(weak.fields).sort()).toEqual(['password', 'username']);
    // An empty form: each required field names itself (spec §5), in the caller's language.
    const empty = await h.as('manager', { lang: 'zh' }).post('/users', {});
    expect(empty.status).toBe(400);
    expect(empty.fields).toEqual({
      first_name: '请输入名字。',
      last_name: '请输入姓氏。',
      username: '请输入用户名。',
      email: '请输入电子邮件地址。',
      password: '请输入密码。',
      customer_id: '请选择公司。',
      sys_role: '请选择系统角色。',
    });
    const foreignRole = await h.as('manager').post(
      '/users',
      await person({
        username: 'yardlead3',
        email: 'y3@harbor.example',
        role_id: await idOf('roles', 'name', 'Fleet manager'),
      }),
    );
    expect(foreignRole.body.data.fields[0].field).toBe('role_id');
    const [row] = await h.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM users WHERE username LIKE 'yardlead%'",
    );
    expect(row?.n).toBe(1);
  });

  it('keeps staff system roles to the provider and to admins', async () => {
    const support = await h
      .as('manager')
      .post('/users', await person({ username: 'fake1', email: 'f@x.example', sys_role: 'support' }));
    expect(support.status).toBe(400);
    const provider = await idOf('customers', 'stk_user', 'fleetlens');
    const staffIn = async (who: string, username: string, email: string, sys_role: string) =>
      h.as(who).post('/users', await person({ username, email, sys_role, customer_id: provider }));
    const inProvider = await staffIn('support', 'fake2', 'f2@x.example', 'admin');
    expect(inProvider.status).toBe(403);
    const byAdmin = await staffIn('admin', 'newsales', 'ns@fleetlens.example', 'sales');
    expect(byAdmin.status).toBe(201);
  });

  it('lets people edit their own profile but not their own access', async () => {
    const me = (await h.as('operator').get(`/users/${await idOf('users', 'username', 'operator')}`)).body
      .data;
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
    expect((await h.as('operator').put(`/users/${me.id}`, own)).status).toBe(200);
    const escalate = await h.as('operator').put(`/users/${me.id}`, {
      ...own,
      download_role: 'download',
      manager: true,
    });
    expect(escalate.status).toBe(403);
    const other = await h.as('operator').put(`/users/${await idOf('users', 'username', 'yardlead1')}`, own);
    expect(other.status).toBe(403);
  });

  it('deletes users, never oneself', async () => {
    const id = await idOf('users', 'username', 'yardlead1');
    expect((await h.as('manager').delete(`/users/${id}`)).status).toBe(200);
    const self = await h.as('manager').delete(`/users/${await idOf('users', 'username', 'manager')}`);
    expect(self.status).toBe(403);
    expect(self.body.message).toBe('You cannot delete your own account.');
  });
});
