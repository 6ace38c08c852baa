import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type Harness, startHarness, tokenOf } from '../../testing/harness.ts';

let h: Harness;
const token: Record<string, string> = {};
beforeAll(async () => {
  h = await startHarness();
  for (const name of ['admin', 'support', 'sales', 'manager']) token[name] = await tokenOf(h.app, name);
});
afterAll(async () => h?.close());

const call = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  h.app.inject({ method, url, headers: { ...bearer(token[who] ?? ''), 'accept-language': 'en' }, payload });
const customerId = async (stk: string) =>
  (await h.database.query<{ id: string }>('SELECT id FROM customers WHERE stk_user = $1', [stk]))[0]?.id ??
  '';

describe('custom roles', () => {
  it('admin creates a role for a company; privileges are checked, deduplicated and sorted', async () => {
    const res = await call('admin', 'POST', '/api/v1/roles', {
      name: 'Viewer',
      customer_id: await customerId('harbor'),
      privileges: ['vehicle:view', 'event:view', 'vehicle:view'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      name: 'Viewer',
      customer: { name: 'Harbor Logistics' },
      privileges: ['event:view', 'vehicle:view'],
      user_count: 0,
    });
    const bad = await call('admin', 'POST', '/api/v1/roles', {
      name: 'Bad',
      customer_id: await customerId('harbor'),
      privileges: ['vehicle:fly'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields[0].field).toBe('privileges.0');
  });

  it('refuses a second role of the same name in one company, not in another', async () => {
    const again = await call('admin', 'POST', '/api/v1/roles', {
      name: 'Viewer',
      customer_id: await customerId('harbor'),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().data.fields[0]).toMatchObject({
      field: 'name',
      message: 'This company already has a role with this name.',
    });
    const elsewhere = await call('admin', 'POST', '/api/v1/roles', {
      name: 'Viewer',
      customer_id: await customerId('harbor-north'),
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('lists for admin and support, with the user count; create and edit for admin only', async () => {
    const list = await call(
      'support',
      'GET',
      `/api/v1/roles?customer_id=${await customerId('harbor')}&order_by=name`,
    );
    expect(list.statusCode).toBe(200);
    const names = list
      .json()
      .data.list.map((r: { name: string; user_count: number }) => [r.name, r.user_count]);
    expect(names).toEqual([
      ['Fleet manager', 1],
      ['Viewer', 0],
    ]);
    // Whoever creates users reads roles too, to offer them: within their own companies.
    expect((await call('sales', 'GET', '/api/v1/roles')).statusCode).toBe(200);
    const mine = (await call('manager', 'GET', '/api/v1/roles')).json().data.list;
    expect(new Set(mine.map((r: { customer: { name: string } }) => r.customer.name))).toEqual(
      new Set(['Harbor Logistics', 'Harbor Logistics North Terminal']),
    );
    const id = list.json().data.list[1].id;
    const bySupport = await call('support', 'PUT', `/api/v1/roles/${id}`, { name: 'Viewer 2' });
    expect(bySupport.statusCode).toBe(403);
  });

  it('a privilege taken away applies to a signed-in user at the next call', async () => {
    const manager = token.manager ?? '';
    const before = await h.app.inject({ url: '/api/v1/users/my', headers: bearer(manager) });
    expect(before.json().data.user.privileges).toContain('vehicle:view');
    const list = await call('admin', 'GET', '/api/v1/roles?filter=fleet manager');
    const role = list.json().data.list[0];
    const res = await call('admin', 'PUT', `/api/v1/roles/${role.id}`, {
      name: role.name,
      description: role.description,
      privileges: role.privileges.filter((p: string) => !p.startsWith('vehicle:')),
    });
    expect(res.statusCode).toBe(200);
    const after = await h.app.inject({ url: '/api/v1/users/my', headers: bearer(manager) });
    expect(after.json().data.user.privileges).not.toContain('vehicle:view');
  });
});
