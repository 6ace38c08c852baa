// The vehicle registry through the API: vendors, models, groups and vehicles with their rules
// and messages, the list's parameters, and tenancy (a customer's user never reaches another
// customer's registry, even by pointing a body at it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type Harness, startHarness, tokenOf } from '../../testing/harness.ts';
import { registerTestDevice } from '../device-link/testing.ts';

let h: Harness;
const token: Record<string, string> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  h = await startHarness();
  for (const name of ['admin', 'support', 'sales', 'kitting', 'manager', 'operator'])
    token[name] = await tokenOf(h.app, name);
  await h.database.query(
    `UPDATE roles SET privileges = privileges || '{vehicle:view,vehicle:add,vehicle:edit,vehicle:delete,group:view,group:add,group:delete,manufacturer:view,veh_mod:view}'
      WHERE name = 'Fleet manager'`,
  );
  const customers = await h.database.query<{ id: string; stk_user: string }>(
    'SELECT id, stk_user FROM customers',
  );
  for (const c of customers) ids[c.stk_user] = c.id;
  ids.other = (
    await h.database.query<{ id: string }>(
      "INSERT INTO customers (stk_user, name, realm) VALUES ('rival', 'Rival Port', 'fleet') RETURNING id",
    )
  )[0]?.id as string;
});
afterAll(async () => h?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (who: string, method: Method, url: string, payload?: object, lang = 'en') =>
  h.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...bearer(token[who] ?? ''), 'accept-language': lang },
    payload,
  });
const fieldsOf = (res: { json: () => { data: { fields?: { field: string; message: string }[] } } }) =>
  Object.fromEntries((res.json().data.fields ?? []).map((f) => [f.field, f.message]));

describe('vehicle vendors and models', () => {
  it('kitting creates a vendor and a model with every specification field', async () => {
    const vendor = await call('kitting', 'POST', '/manufacturers', {
      customer_id: ids.harbor,
      name: 'Toyota L&F',
      description: 'Forklifts',
    });
    expect(vendor.statusCode).toBe(201);
    ids.vendor = vendor.json().data.id;
    const model = await call('kitting', 'POST', '/vehicle-models', {
      manufacturer_id: ids.vendor,
      name: 'Geneo 2.5t',
      series_name: 'Geneo',
      model_name: '8FBN25',
      power_type: 'battery',
      structure: 'Counterbalance',
      engine_model: 'AC motor',
      rated_load_kg: 2500,
      fork_length_mm: 1070,
      fork_width_mm: 122,
      standard_lift_mm: 3000,
      maximum_lift_mm: 6000,
      battery_voltage_v: 48,
      battery_capacity_ah: 565,
      fuel_tank_l: null,
      body_weight_kg: 4210,
      body_length_mm: 2530,
      body_width_mm: 1150,
      head_guard_height_mm: 2125,
      min_turning_radius_mm: 2140,
      load_center_mm: 500,
      front_tire_size: '21x8-9',
      rear_tire_size: '18x7-8',
      remarks: 'Standard mast',
    });
    expect(model.statusCode).toBe(201);
    expect(model.json().data).toMatchObject({
      customer: { id: ids.harbor, name: 'Harbor Logistics' },
      manufacturer: { id: ids.vendor, name: 'Toyota L&F' },
      rated_load_kg: 2500,
      battery_capacity_ah: 565,
      fuel_tank_l: null,
      rear_tire_size: '18x7-8',
    });
    ids.model = model.json().data.id;
  });

  it('gives each required field its own translated message', async () => {
    const vendor = await call(
      'kitting',
      'POST',
      '/manufacturers',
      { customer_id: ids.harbor, name: ' ' },
      'ja',
    );
    expect(fieldsOf(vendor)).toEqual({ name: '車両メーカー名を入力してください。' });
    const model = await call('kitting', 'POST', '/vehicle-models', { rated_load_kg: -1 });
    expect(fieldsOf(model)).toMatchObject({
      manufacturer_id: 'Choose the vehicle vendor.',
      name: 'Enter the vehicle model name.',
      series_name: 'Enter the series name.',
      model_name: 'Enter the model name.',
      rated_load_kg: 'Enter a value of at least 0.',
    });
  });

  it('refuses a second vendor or model of the same name, on its field', async () => {
    const vendor = await call('support', 'POST', '/manufacturers', {
      customer_id: ids.harbor,
      name: 'Toyota L&F',
    });
    expect(vendor.statusCode).toBe(409);
    expect(fieldsOf(vendor)).toEqual({ name: 'This customer already has a vehicle vendor with this name.' });
    const model = await call('support', 'POST', '/vehicle-models', {
      manufacturer_id: ids.vendor,
      name: 'Geneo 2.5t',
      series_name: 'x',
      model_name: 'y',
    });
    expect(model.statusCode).toBe(409);
    expect(fieldsOf(model)).toEqual({ name: 'This vendor already has a vehicle model with this name.' });
    // The same name in another customer is fine.
    const elsewhere = await call('support', 'POST', '/manufacturers', {
      customer_id: ids.other,
      name: 'Toyota L&F',
    });
    expect(elsewhere.statusCode).toBe(201);
    ids.otherVendor = elsewhere.json().data.id;
  });

  it('lists models filtered by vendor and searched by series', async () => {
    const res = await call('kitting', 'GET', `/vehicle-models?manufacturer_id=${ids.vendor}&filter=geneo`);
    expect(res.json().data).toMatchObject({ total: 1, list: [{ name: 'Geneo 2.5t' }] });
    const none = await call('kitting', 'GET', `/vehicle-models?manufacturer_id=${ids.otherVendor}`);
    expect(none.json().data.total).toBe(0);
  });
});

describe('vehicle groups', () => {
  it('support creates a group; the name is required and unique per customer', async () => {
    const res = await call('support', 'POST', '/vehicle-groups', { customer_id: ids.harbor, name: 'Yard A' });
    expect(res.statusCode).toBe(201);
    ids.group = res.json().data.id;
    const again = await call('support', 'POST', '/vehicle-groups', {
      customer_id: ids.harbor,
      name: 'Yard A',
    });
    expect(fieldsOf(again)).toEqual({ name: 'This customer already has a vehicle group with this name.' });
    const empty = await call('support', 'POST', '/vehicle-groups', { name: '' });
    expect(fieldsOf(empty)).toEqual({ customer_id: 'Choose the customer.', name: 'Enter the group name.' });
  });

  it('kitting may read groups for the vehicle form but not create them', async () => {
    expect((await call('kitting', 'GET', '/vehicle-groups')).statusCode).toBe(200);
    const res = await call('kitting', 'POST', '/vehicle-groups', { customer_id: ids.harbor, name: 'Yard B' });
    expect(res.statusCode).toBe(403);
  });
});

const vehicleBody = (over: Record<string, unknown> = {}) => ({
  customer_id: ids.harbor,
  name: 'FL-001',
  description: 'Reefer yard forklift',
  introduce_date: '2025-04-01',
  group_id: ids.group,
  manufacturer_id: ids.vendor,
  model_id: ids.model,
  series: 'Geneo',
  power_type: 'battery',
  structure: 'Counterbalance',
  weight_kg: 4210,
  fork_length_mm: 1070,
  standard_lift_mm: 3000,
  maximum_lift_mm: 6000,
  battery_voltage_v: 48,
  battery_capacity_ah: 565,
  initial_hour_meter: 120.5,
  hour_meter_correction: -0.5,
  installation_type: 'leases',
  key_number: 'K-17',
  installation_location: 'Gate 3',
  remark: 'Night shift',
  maintenance_mode: false,
  serial_number: 'SN-88001',
  fuel_capacity_l: null,
  engine_type: 'AC',
  vehicle_type: 'reach',
  icon: 'b',
  rated_output: 15,
  rated_output_unit: 'kw',
  kitting_id: 'KIT-9',
  ...over,
});

describe('vehicles', () => {
  it('kitting creates a vehicle with every field; the hour meters are derived', async () => {
    const res = await call('kitting', 'POST', '/vehicles', vehicleBody());
    expect(res.statusCode).toBe(201);
    const v = res.json().data;
    expect(v).toMatchObject({
      name: 'FL-001',
      introduce_date: '2025-04-01',
      customer: { name: 'Harbor Logistics' },
      group: { id: ids.group, name: 'Yard A' },
      manufacturer: { name: 'Toyota L&F' },
      model: { name: 'Geneo 2.5t' },
      device: null,
      installation_type: 'leases',
      vehicle_type: 'reach',
      icon: 'b',
      cumulative_uptime_hours: 0,
      current_uptime_hours: 120,
      last_position: null,
    });
    expect(v.elapsed_hours).toBeGreaterThan(24 * 200);
    ids.vehicle = v.id;
  });

  it('gives the required fields their own messages and refuses a name in use', async () => {
    const empty = await call('kitting', 'POST', '/vehicles', { installation_type: 'sold' });
    expect(fieldsOf(empty)).toEqual({
      customer_id: 'Choose the customer of the vehicle.',
      name: 'Enter the vehicle name.',
      introduce_date: 'Enter the introduce date.',
      installation_type: 'Choose one of the offered values.',
    });
    const taken = await call('kitting', 'POST', '/vehicles', vehicleBody());
    expect(taken.statusCode).toBe(409);
    expect(fieldsOf(taken)).toEqual({ name: 'This customer already has a vehicle with this name.' });
    const badDate = await call(
      'kitting',
      'POST',
      '/vehicles',
      vehicleBody({ name: 'X', introduce_date: '2025-02-30x' }),
    );
    expect(fieldsOf(badDate)).toEqual({ introduce_date: 'Enter a valid date.' });
    // A well-formed day that the calendar lacks is the same 400, never a database error.
    const noSuchDay = await call(
      'kitting',
      'POST',
      '/vehicles',
      vehicleBody({ name: 'X', introduce_date: '2023-02-30' }),
    );
    expect(noSuchDay.statusCode).toBe(400);
    expect(fieldsOf(noSuchDay)).toEqual({ introduce_date: 'Enter a valid date.' });
  });

  it("refuses another customer's group, vendor or model, and a model of another vendor", async () => {
    const rivalGroup = (
      await call('support', 'POST', '/vehicle-groups', { customer_id: ids.other, name: 'Rival yard' })
    ).json().data.id;
    const res = await call(
      'kitting',
      'POST',
      '/vehicles',
      vehicleBody({ name: 'FL-X', group_id: rivalGroup, manufacturer_id: ids.otherVendor }),
    );
    expect(res.statusCode).toBe(400);
    expect(Object.keys(fieldsOf(res))).toEqual(['group_id']);
    const vendor2 = (
      await call('kitting', 'POST', '/manufacturers', { customer_id: ids.harbor, name: 'Komatsu' })
    ).json().data.id;
    const mismatch = await call(
      'kitting',
      'POST',
      '/vehicles',
      vehicleBody({ name: 'FL-Y', manufacturer_id: vendor2 }),
    );
    expect(fieldsOf(mismatch)).toEqual({
      model_id: 'The model does not belong to the chosen vehicle vendor.',
    });
  });

  it('lists with paging, sorting, every filter and the search box', async () => {
    for (const [name, type, mode] of [
      ['FL-002', 'counter', true],
      ['Crane 7', 'crane', false],
      ['FL-003', 'counter', false],
    ] as const)
      await call(
        'support',
        'POST',
        '/vehicles',
        vehicleBody({
          name,
          vehicle_type: type,
          maintenance_mode: mode,
          group_id: null,
          serial_number: `S-${name}`,
        }),
      );
    const page = await call('sales', 'GET', '/vehicles?perPage=2&page=2&order_by=name&order=desc');
    expect(page.json().data).toMatchObject({ total: 4, page: 2, perPage: 2 });
    expect(page.json().data.list.map((v: { name: string }) => v.name)).toEqual(['FL-001', 'Crane 7']);
    const byType = await call('sales', 'GET', '/vehicles?vehicle_type=counter&maintenance_mode=false');
    expect(byType.json().data.list.map((v: { name: string }) => v.name)).toEqual(['FL-003']);
    const byGroup = await call('sales', 'GET', `/vehicles?group_id=${ids.group}`);
    expect(byGroup.json().data.total).toBe(1);
    const search = await call('sales', 'GET', '/vehicles?filter=s-crane');
    expect(search.json().data.list.map((v: { name: string }) => v.name)).toEqual(['Crane 7']);
    const wrongOrder = await call('sales', 'GET', '/vehicles?order_by=password');
    expect(wrongOrder.statusCode).toBe(400);
    const bySort = await call('sales', 'GET', '/vehicles?order_by=current_uptime_hours&order=desc&perPage=1');
    expect(bySort.json().data.list).toHaveLength(1);
  });

  it('refuses a page beyond the last possible one with a 400, not a database error', async () => {
    expect((await call('kitting', 'GET', '/vehicles?page=1000001&perPage=10000')).statusCode).toBe(400);
    const last = await call('kitting', 'GET', '/vehicles?page=1000000&perPage=10000');
    expect(last.statusCode).toBe(200);
    expect(last.json().data.list).toEqual([]);
  });

  it('edits a vehicle; it keeps its customer', async () => {
    const res = await call(
      'kitting',
      'PUT',
      `/vehicles/${ids.vehicle}`,
      (({ customer_id: _c, ...rest }) => rest)(
        vehicleBody({ name: 'FL-001b', maintenance_mode: true, icon: 'a' }),
      ),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'FL-001b', maintenance_mode: true, icon: 'a' });
    const moved = await call(
      'kitting',
      'PUT',
      `/vehicles/${ids.vehicle}`,
      vehicleBody({ customer_id: ids.other }),
    );
    expect(moved.statusCode).toBe(400);
  });

  it('refuses to delete a vehicle that has a device, in the spec words, and keeps the link', async () => {
    const linked = await registerTestDevice(h.database, ids.harbor as string);
    const refused = await call('kitting', 'DELETE', `/vehicles/${linked.vehicleId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Cannot delete a vehicle that has a device. Remove the device from the vehicle first.',
    );
    const [row] = await h.database.query<{ vehicle_id: string | null }>(
      'SELECT vehicle_id FROM devices WHERE id = $1',
      [linked.pk],
    );
    expect(row?.vehicle_id).toBe(linked.vehicleId);
    await h.database.query('DELETE FROM devices WHERE id = $1', [linked.pk]);
    expect((await call('kitting', 'DELETE', `/vehicles/${linked.vehicleId}`)).statusCode).toBe(200);
  });

  it('cannot delete a group that has vehicles, in the spec words; can once it is empty', async () => {
    const refused = await call('support', 'DELETE', `/vehicle-groups/${ids.group}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Cannot delete a group that has vehicles.');
    const ja = await call('support', 'DELETE', `/vehicle-groups/${ids.group}`, undefined, 'ja');
    expect(ja.json().message).toBe('車両が所属しているグループは削除できません。');
    const model = await call('kitting', 'DELETE', `/vehicle-models/${ids.model}`);
    expect(model.json().message).toBe('Cannot delete a vehicle model that vehicles use.');
    const vendor = await call('kitting', 'DELETE', `/manufacturers/${ids.vendor}`);
    expect(vendor.json().message).toBe('Cannot delete a vehicle vendor that has models or vehicles.');
    expect((await call('kitting', 'DELETE', `/vehicles/${ids.vehicle}`)).statusCode).toBe(200);
    expect((await call('support', 'DELETE', `/vehicle-groups/${ids.group}`)).statusCode).toBe(200);
    expect((await call('support', 'GET', `/vehicle-groups/${ids.group}`)).statusCode).toBe(404);
  });
});

describe('tenancy of the vehicle registry', () => {
  it("a customer's user sees and uses only their own companies' registry", async () => {
    const own = await call('manager', 'GET', '/vehicles');
    expect(own.statusCode).toBe(200);
    expect(own.json().data.total).toBe(3);
    const rivalVendor = await call('manager', 'GET', `/manufacturers?customer_id=${ids.other}`);
    expect(rivalVendor.json().data.total).toBe(0);
    const groups = await call('manager', 'GET', '/vehicle-groups');
    expect(groups.json().data.list.map((g: { name: string }) => g.name)).not.toContain('Rival yard');
    const create = await call(
      'manager',
      'POST',
      '/vehicles',
      vehicleBody({ name: 'Mine', customer_id: ids.other }),
    );
    expect(create.statusCode).toBe(400);
    expect(fieldsOf(create)).toEqual({ customer_id: 'The company does not exist.' });
    const rivalVehicle = (
      await call(
        'support',
        'POST',
        '/vehicles',
        vehicleBody({
          name: 'Rival 1',
          customer_id: ids.other,
          group_id: null,
          manufacturer_id: null,
          model_id: null,
        }),
      )
    ).json().data.id;
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await call(
        'manager',
        method,
        `/vehicles/${rivalVehicle}`,
        method === 'PUT' ? vehicleBody({ name: 'Taken', customer_id: undefined }) : undefined,
      );
      expect(res.statusCode).toBe(404);
    }
  });

  it('the operator without privileges is refused', async () => {
    expect((await call('operator', 'GET', '/vehicles')).statusCode).toBe(403);
    expect((await call('operator', 'GET', '/manufacturers')).statusCode).toBe(403);
  });
});
