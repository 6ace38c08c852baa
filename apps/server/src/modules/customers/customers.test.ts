import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type Harness, startHarness, tokenOf } from '../../testing/harness.ts';

let h: Harness;
const token: Record<string, string> = {};
beforeAll(async () => {
  h = await startHarness();
  for (const name of ['admin', 'support', 'sales', 'kitting', 'manager', 'operator'])
    token[name] = await tokenOf(h.app, name);
  // The manager's role may view customers (and edit live settings) of their own companies.
  await h.database.query(
    "UPDATE roles SET privileges = privileges || '{customer:view,customer:edit}' WHERE name = 'Fleet manager'",
  );
});
afterAll(async () => h?.close());

const body = (over: Record<string, unknown> = {}) => ({
  name: 'Dockside Cranes',
  description: 'Container terminal operator',
  stk_user: 'dockside1',
  realm: 'fleet',
  functions: ['l-video', 'r-map'],
  download_types: ['event-list'],
  staging: true,
  ...over,
});

const call = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  h.app.inject({ method, url, headers: { ...bearer(token[who] ?? ''), 'accept-language': 'en' }, payload });

const idOf = async (stk: string) =>
  (await h.database.query<{ id: string }>('SELECT id FROM customers WHERE stk_user = $1', [stk]))[0]?.id ??
  '';

describe('customers', () => {
  it('support creates a customer with every field and reads it back', async () => {
    const res = await call('support', 'POST', '/api/v1/customers', body({ parent_id: await idOf('harbor') }));
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      name: 'Dockside Cranes',
      stk_user: 'dockside1',
      enabled: true,
      staging: true,
      force_mfa: false,
      functions: ['l-video', 'r-map'],
      parent: { name: 'Harbor Logistics' },
    });
    const parent = await call('admin', 'GET', `/api/v1/customers/${await idOf('harbor')}`);
    expect(parent.json().data.sub_companies.map((s: { name: string }) => s.name)).toContain(
      'Dockside Cranes',
    );
  });

  it('refuses a second STK user with the spec message, and changes nothing', async () => {
    const res = await call('support', 'POST', '/api/v1/customers', body({ name: 'Copy' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('STK user is already in use.');
    expect(res.json().data.fields).toEqual([
      expect.objectContaining({ field: 'stk_user', message: 'STK user is already in use.' }),
    ]);
    const [row] = await h.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM customers WHERE name = 'Copy'",
    );
    expect(row?.n).toBe(0);
  });

  it('checks every field with a translated message', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/customers',
      headers: { ...bearer(token.admin ?? ''), 'accept-language': 'ja' },
      payload: {
        name: '',
        stk_user: '1abc',
        realm: 'fleet',
        functions: ['teleport'],
        document_url: 'ftp://x',
      },
    });
    expect(res.statusCode).toBe(400);
    const fields = Object.fromEntries(
      res.json().data.fields.map((f: { field: string; message: string }) => [f.field, f.message]),
    );
    expect(Object.keys(fields).sort()).toEqual([
      'description',
      'document_url',
      'functions.0',
      'name',
      'stk_user',
    ]);
    expect(fields.stk_user).toContain('小文字');
    // Each missing field names itself (spec §5).
    expect(fields.name).toBe('顧客名を入力してください。');
    expect(fields.description).toBe('顧客の説明を入力してください。');
  });

  it('refuses a parent that would make the tree loop', async () => {
    const harbor = await idOf('harbor');
    const north = await idOf('harbor-north');
    const current = (await call('admin', 'GET', `/api/v1/customers/${harbor}`)).json().data;
    const {
      id,
      is_provider,
      parent,
      sub_companies,
      created_at,
      updated_at,
      live_continuous_seconds,
      live_monthly_max_seconds,
      live_remaining_seconds,
      ...editable
    } = current;
    const res = await call('admin', 'PUT', `/api/v1/customers/${harbor}`, { ...editable, parent_id: north });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields[0].field).toBe('parent_id');
    const renamed = await call('admin', 'PUT', `/api/v1/customers/${harbor}`, {
      ...editable,
      parent_id: null,
      name: 'Harbor Logistics Ltd',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.name).toBe('Harbor Logistics Ltd');
  });

  it('lists with filter and paging', async () => {
    const res = await call('sales', 'GET', '/api/v1/customers?filter=harbor&perPage=1&page=2&order_by=name');
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page.total).toBe(2);
    expect(page.list).toHaveLength(1);
    expect(page.perPage).toBe(1);
    // LIKE's own characters are matched as text: "%" finds no company name.
    const percent = await call('sales', 'GET', `/api/v1/customers?filter=${encodeURIComponent('%')}`);
    expect(percent.json().data.total).toBe(0);
  });

  it('lets create and edit only to admin and support', async () => {
    for (const who of ['sales', 'kitting', 'manager']) {
      const res = await call(who, 'POST', '/api/v1/customers', body({ stk_user: `x${who}` }));
      expect(res.statusCode, who).toBe(403);
    }
  });

  it("shows a customer's user only their company and its sub companies", async () => {
    const other = await call(
      'admin',
      'POST',
      '/api/v1/customers',
      body({ name: 'Quayside', stk_user: 'quayside' }),
    );
    expect(other.statusCode).toBe(201);
    const list = (await call('manager', 'GET', '/api/v1/customers')).json().data.list;
    // Dockside Cranes was created under Harbor Logistics: a sub company, so it is theirs too.
    expect(list.map((c: { stk_user: string }) => c.stk_user).sort()).toEqual([
      'dockside1',
      'harbor',
      'harbor-north',
    ]);
    for (const stk of ['fleetlens', 'quayside']) {
      const res = await call('manager', 'GET', `/api/v1/customers/${await idOf(stk)}`);
      expect(res.statusCode, stk).toBe(404);
    }
    // The sub company's user sees neither the parent nor its sibling.
    const operator = (await call('operator', 'GET', '/api/v1/customers')).statusCode;
    expect(operator).toBe(403);
  });

  it('sets live-camera limits as provider staff only, remaining never above the monthly maximum', async () => {
    const north = await idOf('harbor-north');
    const limits = {
      live_continuous_seconds: 120,
      live_monthly_max_seconds: 3600,
      live_remaining_seconds: 1800,
    };
    const ok = await call('support', 'PUT', `/api/v1/customers/${north}/live-settings`, limits);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.live_remaining_seconds).toBe(1800);
    const over = await call('support', 'PUT', `/api/v1/customers/${north}/live-settings`, {
      ...limits,
      live_remaining_seconds: 7200,
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().data.fields[0].field).toBe('live_remaining_seconds');
    // A customer's own customer:edit does not raise its allowance: the limits are the provider's.
    await h.database.query(
      "UPDATE roles SET privileges = array_append(privileges, 'customer:edit') WHERE name = 'Fleet manager'",
    );
    const own = await call('manager', 'PUT', `/api/v1/customers/${north}/live-settings`, {
      ...limits,
      live_monthly_max_seconds: 31 * 86_400,
    });
    expect(own.statusCode).toBe(403);
    const [row] = await h.database.query<{ max: number }>(
      'SELECT live_monthly_max_seconds AS max FROM customers WHERE id = $1',
      [north],
    );
    expect(row?.max).toBe(3600);
    await h.database.query(
      "UPDATE roles SET privileges = array_remove(privileges, 'customer:edit') WHERE name = 'Fleet manager'",
    );
  });
});
