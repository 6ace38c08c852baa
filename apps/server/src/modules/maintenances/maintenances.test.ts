// Maintenance master items and plans through the API: every required value with its own message,
// the warning shorter than its cycle, the unique item name, the codes 400008 and 400009, a plan
// with vehicles kept, and tenancy (another customer's item or plan is never reached).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../testing/harness.ts';

let h: Harness;
const ids: Record<string, string> = {};
const MAINTENANCE = ['maintenance:view', 'maintenance:add', 'maintenance:edit', 'maintenance:delete'];

beforeAll(async () => {
  h = await startHarness();
  await h.grant('Fleet manager', MAINTENANCE);
  Object.assign(ids, await h.companies());
  ids.other = await h.addCompany('rival', 'Rival Port');
});
afterAll(async () => h?.close());

const plan = (over: Record<string, unknown> = {}) => ({
  customer_id: ids.harbor,
  item_id: ids.item,
  cycle_unit: 'operating_hours',
  cycle_value: 500,
  warning_time: 50,
  warning_type: 'operating_hours',
  ...over,
});

describe('maintenance master items', () => {
  it('the manager creates an item, unique by name in the customer', async () => {
    const item = await h
      .as('manager')
      .post('/maintenance-items', { customer_id: ids.harbor, name: 'Oil change' });
    expect(item.status).toBe(201);
    expect(item.body.data).toMatchObject({ name: 'Oil change', plan_count: 0, customer: { id: ids.harbor } });
    ids.item = item.body.data.id;
    const again = await h
      .as('manager')
      .post('/maintenance-items', { customer_id: ids.harbor, name: 'Oil change' });
    expect(again.status).toBe(409);
    expect(again.fields).toEqual({ name: 'This customer already has a maintenance item with this name.' });
    const required = await h
      .as('manager', { lang: 'ja' })
      .post('/maintenance-items', { customer_id: ids.harbor });
    expect(required.fields).toEqual({ name: 'メンテナンス項目名を入力してください。' });
    const elsewhere = await h
      .as('support')
      .post('/maintenance-items', { customer_id: ids.other, name: 'Oil change' });
    expect(elsewhere.status).toBe(201);
    ids.otherItem = elsewhere.body.data.id;
  });

  it('keeps another customer out of the items', async () => {
    expect((await h.as('manager').get(`/maintenance-items/${ids.otherItem}`)).status).toBe(404);
    const list = await h.as('manager').get('/maintenance-items');
    expect(list.body.data.list.map((i: { id: string }) => i.id)).toEqual([ids.item]);
    const other = await h.as('manager').post('/maintenance-items', { customer_id: ids.other, name: 'Tyres' });
    expect(other.fields).toEqual({ customer_id: 'The company does not exist.' });
  });
});

describe('maintenance plans', () => {
  it('gives each required value its own message', async () => {
    const res = await h.as('manager').post('/maintenances', { customer_id: ids.harbor });
    expect(res.status).toBe(400);
    expect(res.fields).toMatchObject({
      item_id: 'Choose the maintenance type.',
      cycle_unit: 'Choose the cycle.',
      cycle_value: 'Enter the cycle value.',
      warning_time: 'Enter the warning time.',
      warning_type: 'Choose the warning type.',
    });
  });

  it('refuses a warning not shorter than the cycle, or told in the other kind of unit', async () => {
    for (const over of [
      { warning_time: 500 },
      { warning_time: 600 },
      { cycle_unit: 'months', cycle_value: 1, warning_type: 'days', warning_time: 30 },
      { warning_type: 'days', warning_time: 1 },
    ]) {
      const res = await h.as('manager', { lang: 'zh' }).post('/maintenances', plan(over));
      expect(res.fields, JSON.stringify(over)).toEqual({ warning_time: '预警时间必须小于保养周期值。' });
    }
    const days = await h
      .as('manager')
      .post(
        '/maintenances',
        plan({ cycle_unit: 'months', cycle_value: 1, warning_type: 'days', warning_time: 29 }),
      );
    expect(days.status).toBe(201);
    ids.monthly = days.body.data.id;
  });

  it('creates a plan on the meter with a calendar cycle beside it, and refuses a calendar cycle alone', async () => {
    const res = await h
      .as('manager')
      .post('/maintenances', plan({ calendar_unit: 'years', calendar_value: 1 }));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      item: { id: ids.item, name: 'Oil change' },
      cycle_unit: 'operating_hours',
      cycle_value: 500,
      calendar_unit: 'years',
      calendar_value: 1,
      vehicle_count: 0,
    });
    ids.plan = res.body.data.id;
    const half = await h.as('manager').post('/maintenances', plan({ calendar_unit: 'years' }));
    expect(half.fields).toHaveProperty('calendar_value');
    const onTime = await h
      .as('manager')
      .post(
        '/maintenances',
        plan({ cycle_unit: 'days', warning_type: 'days', calendar_unit: 'years', calendar_value: 1 }),
      );
    expect(onTime.fields).toHaveProperty('calendar_value');
  });

  it('names only an item of the plan’s own customer, and keeps other customers’ plans out', async () => {
    const res = await h.as('support').post('/maintenances', plan({ item_id: ids.otherItem }));
    expect(res.fields).toEqual({ item_id: 'The maintenance item belongs to another customer.' });
    const theirs = await h
      .as('support')
      .post('/maintenances', plan({ customer_id: ids.other, item_id: ids.otherItem }));
    expect(theirs.status).toBe(201);
    ids.otherPlan = theirs.body.data.id;
    expect((await h.as('manager').get(`/maintenances/${ids.otherPlan}`)).status).toBe(404);
    const { customer_id: _, ...update } = plan();
    expect((await h.as('manager').put(`/maintenances/${ids.otherPlan}`, update)).status).toBe(404);
    expect((await h.as('manager').delete(`/maintenances/${ids.otherPlan}`)).status).toBe(404);
    const list = await h.as('manager').get('/maintenances');
    expect(list.body.data.list.map((p: { id: string }) => p.id).sort()).toEqual(
      [ids.plan, ids.monthly].sort(),
    );
  });

  it('edits a plan, held to the same rules', async () => {
    const { customer_id: _, ...body } = plan({
      cycle_value: 250,
      warning_time: 25,
      description: 'Engine oil',
    });
    const res = await h.as('manager').put(`/maintenances/${ids.plan}`, body);
    expect(res.body.data).toMatchObject({ cycle_value: 250, warning_time: 25, description: 'Engine oil' });
    const bad = await h.as('manager').put(`/maintenances/${ids.plan}`, { ...body, warning_time: 250 });
    expect(bad.fields).toEqual({
      warning_time: 'Warning time must be less than the maintenance cycle value.',
    });
  });

  it('keeps an item that plans use (400009), and one whose plans have history from changing (400008)', async () => {
    const held = await h.as('manager').delete(`/maintenance-items/${ids.item}`);
    expect(held.status).toBe(409);
    expect(held.body.code).toBe(400009);
    expect(held.body.message).toBe('This maintenance type cannot be deleted: maintenance plans use it.');
    const renamed = await h
      .as('manager')
      .put(`/maintenance-items/${ids.item}`, { name: 'Engine oil change' });
    expect(renamed.status).toBe(200);
    const vehicle = await h.addVehicle(ids.harbor ?? '', 'Item history truck');
    await h.database.query(
      `INSERT INTO maintenance_executions (customer_id, maintenance_id, vehicle_id, done_at, recorded_by_name)
       VALUES ($1, $2, $3, now(), 'test')`,
      [ids.harbor, ids.plan, vehicle],
    );
    const locked = await h
      .as('manager', { lang: 'ja' })
      .put(`/maintenance-items/${ids.item}`, { name: 'Oil' });
    expect(locked.status).toBe(409);
    expect(locked.body.code).toBe(400008);
    expect(locked.body.message).toBe(
      'このメンテナンス種別は更新できません。実施記録のあるメンテナンスが使用しています。',
    );
    expect((await h.as('manager').get(`/maintenance-items/${ids.item}`)).body.data.name).toBe(
      'Engine oil change',
    );
  });

  it('keeps a plan with vehicles, deletes one without, then its item', async () => {
    const vehicle = await h.addVehicle(ids.harbor ?? '', 'Plan truck');
    await h.database.query(
      'INSERT INTO maintenance_vehicles (customer_id, maintenance_id, vehicle_id) VALUES ($1, $2, $3)',
      [ids.harbor, ids.monthly, vehicle],
    );
    const held = await h.as('manager', { lang: 'my' }).delete(`/maintenances/${ids.monthly}`);
    expect(held.status).toBe(409);
    expect(held.body.message).toBe('ယာဉ်များ သတ်မှတ်ထားသော ပြုပြင်ထိန်းသိမ်းမှုကို ဖျက်၍မရပါ။');
    await h.database.query('DELETE FROM maintenance_vehicles WHERE maintenance_id = $1', [ids.monthly]);
    expect((await h.as('manager').delete(`/maintenances/${ids.monthly}`)).status).toBe(200);
    expect((await h.as('manager').delete(`/maintenances/${ids.plan}`)).status).toBe(200);
    expect((await h.as('manager').delete(`/maintenance-items/${ids.item}`)).status).toBe(200);
  });

  it('answers 403 to a user without the maintenance privilege', async () => {
    expect((await h.as('operator').get('/maintenances')).status).toBe(403);
    expect((await h.as('operator').get('/maintenance-items')).status).toBe(403);
  });
});
