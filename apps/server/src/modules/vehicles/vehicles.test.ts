// The vehicle registry through the API: vendors, models, groups and vehicles with their rules
// and messages, the list's parameters, and tenancy (a customer's user never reaches another
// customer's registry, even by pointing a body at it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTestDevice } from '../../testing/deviceLink.ts';
import { type Harness, startHarness } from '../../testing/harness.ts';

let h: Harness;
const ids: Record<string, string> = {};

beforeAll(async () => {
  h = await startHarness();
  await h.grant('Fleet manager', [
    'vehicle:view',
    'vehicle:add',
    'vehicle:edit',
    'vehicle:delete',
    'group:view',
    'group:add',
    'group:delete',
    'manufacturer:view',
    'veh_mod:view',
  ]);
  Object.assign(ids, await h.companies());
  ids.other = await h.addCompany('rival', 'Rival Port');
});
afterAll(async () => h?.close());

describe('vehicle vendors and models', () => {
  it('kitting creates a vendor and a model with every specification field', async () => {
    const vendor = await h.as('kitting').post('/manufacturers', {
      customer_id: ids.harbor,
      name: 'Toyota L&F',
      description: 'Forklifts',
    });
    expect(vendor.status).toBe(201);
    ids.vendor = vendor.body.data.id;
    const model = await h.as('kitting').post('/vehicle-models', {
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
    expect(model.status).toBe(201);
    expect(model.body.data).toMatchObject({
      customer: { id: ids.harbor, name: 'Harbor Logistics' },
      manufacturer: { id: ids.vendor, name: 'Toyota L&F' },
      rated_load_kg: 2500,
      battery_capacity_ah: 565,
      fuel_tank_l: null,
      rear_tire_size: '18x7-8',
    });
    ids.model = model.body.data.id;
  });

  it('gives each required field its own translated message', async () => {
    const vendor = await h
      .as('kitting', { lang: 'ja' })
      .post('/manufacturers', { customer_id: ids.harbor, name: ' ' });
    expect(vendor.fields).toEqual({ name: '車両メーカー名を入力してください。' });
    const model = await h.as('kitting').post('/vehicle-models', { rated_load_kg: -1 });
    expect(model.fields).toMatchObject({
      manufacturer_id: 'Choose the vehicle vendor.',
      name: 'Enter the vehicle model name.',
      series_name: 'Enter the series name.',
      model_name: 'Enter the model name.',
      rated_load_kg: 'Enter 0 or more; this cannot be negative.',
    });
  });

  it('refuses a second vendor or model of the same name, on its field', async () => {
    const toyotaIn = (customer_id: string | undefined) =>
      h.as('support').post('/manufacturers', { customer_id, name: 'Toyota L&F' });
    const vendor = await toyotaIn(ids.harbor);
    expect(vendor.status).toBe(409);
    expect(vendor.fields).toEqual({ name: 'This customer already has a vehicle vendor with this name.' });
    const model = await h.as('support').post('/vehicle-models', {
      manufacturer_id: ids.vendor,
      name: 'Geneo 2.5t',
      series_name: 'x',
      model_name: 'y',
    });
    expect(model.status).toBe(409);
    expect(model.fields).toEqual({ name: 'This vendor already has a vehicle model with this name.' });
    // The same name in another customer is fine.
    const elsewhere = await toyotaIn(ids.other);
    expect(elsewhere.status).toBe(201);
    ids.otherVendor = elsewhere.body.data.id;
  });

  it('lists models filtered by vendor and searched by series', async () => {
    const res = await h.as('kitting').get(`/vehicle-models?manufacturer_id=${ids.vendor}&filter=geneo`);
    expect(res.body.data).toMatchObject({ total: 1, list: [{ name: 'Geneo 2.5t' }] });
    const none = await h.as('kitting').get(`/vehicle-models?manufacturer_id=${ids.otherVendor}`);
    expect(none.body.data.total).toBe(0);
  });
});

describe('vehicle groups', () => {
  it('support creates a group; the name is required and unique per customer', async () => {
    const res = await h.as('support').post('/vehicle-groups', { customer_id: ids.harbor, name: 'Yard A' });
    expect(res.status).toBe(201);
    ids.group = res.body.data.id;
    const again = await h.as('support').post('/vehicle-groups', {
      customer_id: ids.harbor,
      name: 'Yard A',
    });
    expect(again.fields).toEqual({ name: 'This customer already has a vehicle group with this name.' });
    const empty = await h.as('support').post('/vehicle-groups', { name: '' });
    expect(empty.fields).toEqual({ customer_id: 'Choose the customer.', name: 'Enter the group name.' });
  });

  it('kitting may read groups for the vehicle form but not create them', async () => {
    expect((await h.as('kitting').get('/vehicle-groups')).status).toBe(200);
    const res = await h.as('kitting').post('/vehicle-groups', { customer_id: ids.harbor, name: 'Yard B' });
    expect(res.status).toBe(403);
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
    const res = await h.as('kitting').post('/vehicles', vehicleBody());
    expect(res.status).toBe(201);
    const v = res.body.data;
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
    const empty = await h.as('kitting').post('/vehicles', { installation_type: 'sold' });
    expect(empty.fields).toEqual({
      customer_id: 'Choose the customer of the vehicle.',
      name: 'Enter the vehicle name.',
      introduce_date: 'Enter the introduce date.',
      installation_type: 'Choose one of the offered values.',
    });
    const taken = await h.as('kitting').post('/vehicles', vehicleBody());
    expect(taken.status).toBe(409);
    expect(taken.fields).toEqual({ name: 'This customer already has a vehicle with this name.' });
    const badDate = await h
      .as('kitting')
      .post('/vehicles', vehicleBody({ name: 'X', introduce_date: '2025-02-30x' }));
    expect(badDate.fields).toEqual({ introduce_date: 'Enter a valid date.' });
    // A well-formed day that the calendar lacks is the same 400, never a database error.
    const noSuchDay = await h
      .as('kitting')
      .post('/vehicles', vehicleBody({ name: 'X', introduce_date: '2023-02-30' }));
    expect(noSuchDay.status).toBe(400);
    expect(noSuchDay.fields).toEqual({ introduce_date: 'Enter a valid date.' });
  });

  it("refuses a negative hour meter or size with its own message, in the caller's language; saves nothing", async () => {
    const negative = await h
      .as('kitting', { lang: 'ja' })
      .post(
        '/vehicles',
        vehicleBody({ name: 'NEG-1', initial_hour_meter: -5, weight_kg: -1, rated_output: -2 }),
      );
    expect(negative.status).toBe(400);
    const message = '0 以上の値を入力してください。負の値は指定できません。';
    expect(negative.fields).toEqual({
      initial_hour_meter: message,
      weight_kg: message,
      rated_output: message,
    });
    const left = await h.as('kitting').get('/vehicles?filter=NEG-1');
    expect(left.body.data.total).toBe(0);
  });

  it("refuses another customer's group, vendor or model, and a model of another vendor", async () => {
    const rivalGroup = (
      await h.as('support').post('/vehicle-groups', { customer_id: ids.other, name: 'Rival yard' })
    ).body.data.id;
    const res = await h
      .as('kitting')
      .post(
        '/vehicles',
        vehicleBody({ name: 'FL-X', group_id: rivalGroup, manufacturer_id: ids.otherVendor }),
      );
    expect(res.status).toBe(400);
    expect(Object.keys(res.fields)).toEqual(['group_id']);
    const vendor2 = (
      await h.as('kitting').post('/manufacturers', { customer_id: ids.harbor, name: 'Komatsu' })
    ).body.data.id;
    const mismatch = await h
      .as('kitting')
      .post('/vehicles', vehicleBody({ name: 'FL-Y', manufacturer_id: vendor2 }));
    expect(mismatch.fields).toEqual({
      model_id: 'The model does not belong to the chosen vehicle vendor.',
    });
  });

  it('lists with paging, sorting, every filter and the search box', async () => {
    for (const [name, type, mode] of [
      ['FL-002', 'counter', true],
      ['Crane 7', 'crane', false],
      ['FL-003', 'counter', false],
    ] as const)
      await h.as('support').post(
        '/vehicles',
        vehicleBody({
          name,
          vehicle_type: type,
          maintenance_mode: mode,
          group_id: null,
          serial_number: `S-${name}`,
        }),
      );
    const page = await h.as('sales').get('/vehicles?perPage=2&page=2&order_by=name&order=desc');
    expect(page.body.data).toMatchObject({ total: 4, page: 2, perPage: 2 });
    expect(page.body.data.list.map((v: { name: string }) => v.name)).toEqual(['FL-001', 'Crane 7']);
    const byType = await h.as('sales').get('/vehicles?vehicle_type=counter&maintenance_mode=false');
    expect(byType.body.data.list.map((v: { name: string }) => v.name)).toEqual(['FL-003']);
    const byGroup = await h.as('sales').get(`/vehicles?group_id=${ids.group}`);
    expect(byGroup.body.data.total).toBe(1);
    const search = await h.as('sales').get('/vehicles?filter=s-crane');
    expect(search.body.data.list.map((v: { name: string }) => v.name)).toEqual(['Crane 7']);
    const wrongOrder = await h.as('sales').get('/vehicles?order_by=password');
    expect(wrongOrder.status).toBe(400);
    const bySort = await h.as('sales').get('/vehicles?order_by=current_uptime_hours&order=desc&perPage=1');
    expect(bySort.body.data.list).toHaveLength(1);
  });

  it('refuses a page beyond the last possible one with a 400, not a database error', async () => {
    expect((await h.as('kitting').get('/vehicles?page=1000001&perPage=10000')).status).toBe(400);
    const last = await h.as('kitting').get('/vehicles?page=1000000&perPage=10000');
    expect(last.status).toBe(200);
    expect(last.body.data.list).toEqual([]);
  });

  it('edits a vehicle; it keeps its customer', async () => {
    const res = await h
      .as('kitting')
      .put(
        `/vehicles/${ids.vehicle}`,
        (({ customer_id: _c, ...rest }) => rest)(
          vehicleBody({ name: 'FL-001b', maintenance_mode: true, icon: 'a' }),
        ),
      );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'FL-001b', maintenance_mode: true, icon: 'a' });
    const moved = await h
      .as('kitting')
      .put(`/vehicles/${ids.vehicle}`, vehicleBody({ customer_id: ids.other }));
    expect(moved.status).toBe(400);
  });

  it("refuses an edit pointing at another customer's group or vendor, or a model of another vendor; changes nothing", async () => {
    const rivalGroup = (
      await h.as('support').post('/vehicle-groups', { customer_id: ids.other, name: 'Rival depot' })
    ).body.data.id;
    const edit = (over: Record<string, unknown>) =>
      h
        .as('kitting')
        .put(`/vehicles/${ids.vehicle}`, (({ customer_id: _c, ...rest }) => rest)(vehicleBody(over)));
    // What an edit writes; the derived hours move with the clock.
    const saved = async () => {
      const { name, group, manufacturer, model, updated_at } = (
        await h.as('kitting').get(`/vehicles/${ids.vehicle}`)
      ).body.data;
      return { name, group, manufacturer, model, updated_at };
    };
    const before = await saved();
    expect(before.name).not.toBe('FL-moved');
    const group = await edit({ name: 'FL-moved', group_id: rivalGroup, manufacturer_id: ids.otherVendor });
    expect(group.status).toBe(400);
    expect(Object.keys(group.fields)).toEqual(['group_id']);
    expect(Object.keys((await edit({ name: 'FL-moved', manufacturer_id: ids.otherVendor })).fields)).toEqual([
      'manufacturer_id',
    ]);
    const vendor = (
      await h.as('kitting').post('/manufacturers', { customer_id: ids.harbor, name: 'Hitachi' })
    ).body.data.id;
    expect((await edit({ name: 'FL-moved', manufacturer_id: vendor })).fields).toEqual({
      model_id: 'The model does not belong to the chosen vehicle vendor.',
    });
    expect(await saved()).toEqual(before);
  });

  it('refuses to delete a vehicle that has a device, in the spec words, and keeps the link', async () => {
    const linked = await registerTestDevice(h.database, ids.harbor as string);
    const refused = await h.as('kitting').delete(`/vehicles/${linked.vehicleId}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Cannot delete a vehicle that has a device. Remove the device from the vehicle first.',
    );
    const [row] = await h.database.query<{ vehicle_id: string | null }>(
      'SELECT vehicle_id FROM devices WHERE id = $1',
      [linked.pk],
    );
    expect(row?.vehicle_id).toBe(linked.vehicleId);
    await h.database.query('DELETE FROM devices WHERE id = $1', [linked.pk]);
    expect((await h.as('kitting').delete(`/vehicles/${linked.vehicleId}`)).status).toBe(200);
  });

  it('cannot delete a group that has vehicles, in the spec words; can once it is empty', async () => {
    const refused = await h.as('support').delete(`/vehicle-groups/${ids.group}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Cannot delete a group that has vehicles.');
    const ja = await h.as('support', { lang: 'ja' }).delete(`/vehicle-groups/${ids.group}`);
    expect(ja.body.message).toBe('車両が所属しているグループは削除できません。');
    const model = await h.as('kitting').delete(`/vehicle-models/${ids.model}`);
    expect(model.body.message).toBe('Cannot delete a vehicle model that vehicles use.');
    const vendor = await h.as('kitting').delete(`/manufacturers/${ids.vendor}`);
    expect(vendor.body.message).toBe('Cannot delete a vehicle vendor that has models or vehicles.');
    expect((await h.as('kitting').delete(`/vehicles/${ids.vehicle}`)).status).toBe(200);
    expect((await h.as('support').delete(`/vehicle-groups/${ids.group}`)).status).toBe(200);
    expect((await h.as('support').get(`/vehicle-groups/${ids.group}`)).status).toBe(404);
  });
});

describe('tenancy of the vehicle registry', () => {
  it("a customer's user sees and uses only their own companies' registry", async () => {
    const own = await h.as('manager').get('/vehicles');
    expect(own.status).toBe(200);
    expect(own.body.data.total).toBe(3);
    const rivalVendor = await h.as('manager').get(`/manufacturers?customer_id=${ids.other}`);
    expect(rivalVendor.body.data.total).toBe(0);
    const groups = await h.as('manager').get('/vehicle-groups');
    expect(groups.body.data.list.map((g: { name: string }) => g.name)).not.toContain('Rival yard');
    const create = await h
      .as('manager')
      .post('/vehicles', vehicleBody({ name: 'Mine', customer_id: ids.other }));
    expect(create.status).toBe(400);
    expect(create.fields).toEqual({ customer_id: 'The company does not exist.' });
    const rivalVehicle = (
      await h.as('support').post(
        '/vehicles',
        vehicleBody({
          name: 'Rival 1',
          customer_id: ids.other,
          group_id: null,
          manufacturer_id: null,
          model_id: null,
        }),
      )
    ).body.data.id;
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await h
        .as('manager')
        .request(
          method,
          `/vehicles/${rivalVehicle}`,
          method === 'PUT' ? vehicleBody({ name: 'Taken', customer_id: undefined }) : undefined,
        );
      expect(res.status).toBe(404);
    }
  });

  it('the operator without privileges is refused', async () => {
    expect((await h.as('operator').get('/vehicles')).status).toBe(403);
    expect((await h.as('operator').get('/manufacturers')).status).toBe(403);
  });
});
