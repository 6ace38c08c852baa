import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../testing/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  // The manager's role may view customers (and edit live settings) of their own companies.
  await h.grant('Fleet manager', ['customer:view', 'customer:edit']);
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

describe('customers', () => {
  it('support creates a customer with every field and reads it back', async () => {
    const res = await h.as('support').post('/customers', body({ parent_id: await h.companyId('harbor') }));
    expect(res.status).toBe(201);
    const created = res.body.data;
    expect(created).toMatchObject({
      name: 'Dockside Cranes',
      stk_user: 'dockside1',
      enabled: true,
      staging: true,
      force_mfa: false,
      functions: ['l-video', 'r-map'],
      parent: { name: 'Harbor Logistics' },
    });
    const parent = await h.as('admin').get(`/customers/${await h.companyId('harbor')}`);
    expect(parent.body.data.sub_companies.map((s: { name: string }) => s.name)).toContain('Dockside Cranes');
  });

  it('refuses a second STK user with the spec message, and changes nothing', async () => {
    const res = await h.as('support').post('/customers', body({ name: 'Copy' }));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('STK user is already in use.');
    expect(res.body.data.fields).toEqual([
      expect.objectContaining({ field: 'stk_user', message: 'STK user is already in use.' }),
    ]);
    const [row] = await h.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM customers WHERE name = 'Copy'",
    );
    expect(row?.n).toBe(0);
  });

  it('checks every field with a translated message', async () => {
    const res = await h.as('admin', { lang: 'ja' }).post('/customers', {
      name: '',
      stk_user: '1abc',
      realm: 'fleet',
      functions: ['teleport'],
      document_url: 'ftp://x',
    });
    expect(res.status).toBe(400);
    const fields = res.fields;
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
    const harbor = await h.companyId('harbor');
    const north = await h.companyId('harbor-north');
    const current = (await h.as('admin').get(`/customers/${harbor}`)).body.data;
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
    const res = await h.as('admin').put(`/customers/${harbor}`, { ...editable, parent_id: north });
    expect(res.status).toBe(400);
    expect(res.body.data.fields[0].field).toBe('parent_id');
    const renamed = await h.as('admin').put(`/customers/${harbor}`, {
      ...editable,
      parent_id: null,
      name: 'Harbor Logistics Ltd',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.name).toBe('Harbor Logistics Ltd');
  });

  it('lists with filter and paging', async () => {
    const res = await h.as('sales').get('/customers?filter=harbor&perPage=1&page=2&order_by=name');
    expect(res.status).toBe(200);
    const page = res.body.data;
    expect(page.total).toBe(2);
    expect(page.list).toHaveLength(1);
    expect(page.perPage).toBe(1);
    // LIKE's own characters are matched as text: "%" finds no company name.
    const percent = await h.as('sales').get(`/customers?filter=${encodeURIComponent('%')}`);
    expect(percent.body.data.total).toBe(0);
  });

  it('lets create and edit only to admin and support', async () => {
    for (const who of ['sales', 'kitting', 'manager']) {
      const res = await h.as(who).post('/customers', body({ stk_user: `x${who}` }));
      expect(res.status, who).toBe(403);
    }
  });

  it("shows a customer's user only their company and its sub companies", async () => {
    const other = await h.as('admin').post('/customers', body({ name: 'Quayside', stk_user: 'quayside' }));
    expect(other.status).toBe(201);
    const list = (await h.as('manager').get('/customers')).body.data.list;
    // Dockside Cranes was created under Harbor Logistics: a sub company, so it is theirs too.
    expect(list.map((c: { stk_user: string }) => c.stk_user).sort()).toEqual([
      'dockside1',
      'harbor',
      'harbor-north',
    ]);
    for (const stk of ['fleetlens', 'quayside']) {
      const res = await h.as('manager').get(`/customers/${await h.companyId(stk)}`);
      expect(res.status, stk).toBe(404);
    }
    // The sub company's user sees neither the parent nor its sibling.
    const operator = (await h.as('operator').get('/customers')).status;
    expect(operator).toBe(403);
  });

  it('sets live-camera limits as provider staff only, remaining never above the monthly maximum', async () => {
    const north = await h.companyId('harbor-north');
    const limits = {
      live_continuous_seconds: 120,
      live_monthly_max_seconds: 3600,
      live_remaining_seconds: 1800,
    };
    const ok = await h.as('support').put(`/customers/${north}/live-settings`, limits);
    expect(ok.status).toBe(200);
    expect(ok.body.data.live_remaining_seconds).toBe(1800);
    const over = await h.as('support').put(`/customers/${north}/live-settings`, {
      ...limits,
      live_remaining_seconds: 7200,
    });
    expect(over.status).toBe(400);
    expect(over.body.data.fields[0].field).toBe('live_remaining_seconds');
    // A customer's own customer:edit does not raise its allowance: the limits are the provider's.
    await h.database.query(
      "UPDATE roles SET privileges = array_append(privileges, 'customer:edit') WHERE name = 'Fleet manager'",
    );
    const own = await h.as('manager').put(`/customers/${north}/live-settings`, {
      ...limits,
      live_monthly_max_seconds: 31 * 86_400,
    });
    expect(own.status).toBe(403);
    const [row] = await h.database.query<{ max: number }>(
      'SELECT live_monthly_max_seconds AS max FROM customers WHERE id = $1',
      [north],
    );
    expect(row?.max).toBe(3600);
    await h.database.query(
      "UPDATE roles SET privileges = array_remove(privileges, 'customer:edit') WHERE name = 'Fleet manager'",
    );
  });
  it('keeps company names unique under one parent, in any case, on create and on rename', async () => {
    const harbor = await h.companyId('harbor');
    // "Dockside Cranes" is already under Harbor Logistics (the first test).
    const twin = await h
      .as('support', { lang: 'ja' })
      .post('/customers', body({ name: 'DOCKSIDE cranes', stk_user: 'dockside2', parent_id: harbor }));
    expect(twin.status).toBe(409);
    expect(twin.body.data.fields).toEqual([
      expect.objectContaining({
        field: 'name',
        key: 'customerNameInUse',
        message: expect.stringContaining('親会社'),
      }),
    ]);
    const stored = await h.database.query("SELECT 1 FROM customers WHERE stk_user = 'dockside2'");
    expect(stored).toHaveLength(0);
    // The same name under another parent, or at the top level, is another place in the tree.
    const north = await h.companyId('harbor-north');
    const elsewhere = await h
      .as('support')
      .post('/customers', body({ name: 'Dockside Cranes', stk_user: 'dockside3', parent_id: north }));
    expect(elsewhere.status).toBe(201);
    const top = await h
      .as('support')
      .post('/customers', body({ name: 'Dockside Cranes', stk_user: 'dockside4' }));
    expect(top.status).toBe(201);
    const topTwin = await h
      .as('support')
      .post('/customers', body({ name: 'dockside cranes', stk_user: 'dockside5' }));
    expect(topTwin.status).toBe(409);
    // Renaming into a sibling's name is refused the same way, and the name stays.
    const { id, is_provider, parent, sub_companies, created_at, updated_at, ...rest } = elsewhere.body.data;
    const editable = {
      name: rest.name,
      description: rest.description,
      stk_user: rest.stk_user,
      realm: rest.realm,
      functions: rest.functions,
      download_types: rest.download_types,
      parent_id: harbor,
    };
    const moved = await h.as('admin').put(`/customers/${id}`, editable);
    expect(moved.status).toBe(409);
    expect(moved.body.message).toBe(
      'Another company under the same parent company (or at the top level) already has this name.',
    );
    const renamed = await h.as('admin').put(`/customers/${top.body.data.id}`, {
      ...editable,
      stk_user: 'dockside4',
      parent_id: null,
      name: 'Quayside',
    });
    expect(renamed.status).toBe(409);
    expect((await h.as('admin').get(`/customers/${id}`)).body.data.parent.id).toBe(north);
    expect((await h.as('admin').get(`/customers/${top.body.data.id}`)).body.data.name).toBe(
      'Dockside Cranes',
    );
  });
});
