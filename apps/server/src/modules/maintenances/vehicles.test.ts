// Vehicles under maintenance plans through the API and the evaluation: assigned once, of the
// plan's customer, with a comment and a last maintenance not in the future; states from the
// checked hour meter (a reading that runs backwards or too fast is kept aside) and the calendar;
// an execution restarts the cycle and stays in the history; a plan with vehicles is kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../testing/harness.ts';
import { fitMeterDevice, readMeter } from '../../testing/hourMeter.ts';
import { addPlan, MONTHLY } from '../../testing/maintenance.ts';
import { evaluateAll } from './evaluation.ts';
import { maintenanceMail } from './mail.ts';

let h: Harness;
const ids: Record<string, string> = {};
const HOUR = 3_600_000;
const serverTime = (t: Date) => t.toISOString().slice(0, 19).replace('T', ' ');

/** A device in the vehicle whose hour meter reads `meter` at `at`, as the device link stores it. */
const reading = (vehicleId: string, meter: number, at: Date) =>
  readMeter(h, { device: ids.device ?? '', customerId: ids.harbor ?? '', vehicleId }, meter, at);

beforeAll(async () => {
  h = await startHarness();
  await h.grant('Fleet manager', [
    'maintenance:view',
    'maintenance:add',
    'maintenance:edit',
    'maintenance:delete',
  ]);
  Object.assign(ids, await h.companies());
  ids.other = await h.addCompany('rival', 'Rival Port');
  const harbor = ids.harbor ?? '';
  ids.truck = await h.addVehicle(harbor, 'Meter truck');
  ids.van = await h.addVehicle(harbor, 'Calendar van');
  ids.rival = await h.addVehicle(ids.other, 'Rival truck');
  await h.database.query(
    'UPDATE vehicles SET initial_hour_meter = 100, hour_meter_correction = -10 WHERE id = $1',
    [ids.truck],
  );
  ids.device = await fitMeterDevice(h, harbor, ids.truck, '7770001');
  const { item, plan } = await addPlan(h.as('manager'), harbor, 'Grease', {
    cycle_unit: 'operating_hours',
    cycle_value: 100,
    warning_time: 10,
    warning_type: 'operating_hours',
  });
  ids.plan = plan.body.data.id;
  const monthly = await h
    .as('manager')
    .post('/maintenances', { customer_id: harbor, item_id: item.body.data.id, ...MONTHLY });
  ids.monthly = monthly.body.data.id;
});
afterAll(async () => h?.close());

const vehiclesOf = (plan: string | undefined) => `/maintenances/${plan}/vehicles`;

describe('assigning vehicles', () => {
  it('assigns a vehicle once, counting from its checked hour meter now', async () => {
    const start = new Date(Date.now() - 200 * HOUR);
    await reading(ids.truck ?? '', 1000, start);
    await evaluateAll(h.database, new Date());
    const res = await h
      .as('manager')
      .post(vehiclesOf(ids.plan), { vehicle_id: ids.truck, comment: 'Left side' });
    expect(res.status).toBe(201);
    // 100 initial − 10 correction + 1000 from the device.
    expect(res.body.data).toMatchObject({
      vehicle: { name: 'Meter truck' },
      comment: 'Left side',
      last_hour_meter: 1090,
    });
    const again = await h.as('manager', { lang: 'ja' }).post(vehiclesOf(ids.plan), { vehicle_id: ids.truck });
    expect(again.status).toBe(409);
    expect(again.fields).toEqual({ vehicle_id: 'この車両はすでにメンテナンスに追加されています。' });
  });

  it('refuses another customer’s vehicle, a missing one and a last maintenance in the future', async () => {
    const rival = await h.as('support').post(vehiclesOf(ids.plan), { vehicle_id: ids.rival });
    expect(rival.fields).toEqual({
      vehicle_id: 'The vehicle belongs to another customer than the maintenance.',
    });
    const none = await h.as('manager').post(vehiclesOf(ids.plan), {});
    expect(none.fields).toEqual({ vehicle_id: 'Choose the vehicle.' });
    const future = await h.as('manager').post(vehiclesOf(ids.monthly), {
      vehicle_id: ids.van,
      last_maintenance_at: serverTime(new Date(Date.now() + 48 * HOUR)),
    });
    expect(future.fields).toEqual({
      last_maintenance_at: 'The last maintenance time cannot be in the future.',
    });
  });

  it('keeps a plan with vehicles: "Maintenance with assigned vehicles cannot be deleted."', async () => {
    const res = await h.as('manager').delete(`/maintenances/${ids.plan}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Maintenance with assigned vehicles cannot be deleted.');
  });
});

describe('states', () => {
  it('goes to warning when the checked meter crosses the warning, and says the forecast', async () => {
    await reading(ids.truck ?? '', 1085, new Date(Date.now() - 10 * HOUR));
    await evaluateAll(h.database, new Date());
    const res = await h.as('manager').get(`${vehiclesOf(ids.plan)}/${ids.truck}`);
    expect(res.body.data).toMatchObject({ state: 'ok', hours_left: 15, hour_meter: 1175 });
    expect(res.body.data.daily_hours).toBeCloseTo(85 / (190 / 24), 2);
    await reading(ids.truck ?? '', 1092, new Date());
    await evaluateAll(h.database, new Date());
    const warned = await h.as('manager').get(`${vehiclesOf(ids.plan)}/${ids.truck}`);
    expect(warned.body.data).toMatchObject({ state: 'warning', hours_left: 8 });
    expect(Date.parse(warned.body.data.due_at)).toBeGreaterThan(Date.now());
    const list = await h.as('manager').get(`${vehiclesOf(ids.plan)}?state=warning`);
    expect(list.body.data).toMatchObject({
      total: 1,
      list: [{ vehicle: { id: ids.truck }, state: 'warning' }],
    });
    const none = await h.as('manager').get(`${vehiclesOf(ids.plan)}?state=overdue`);
    expect(none.body.data.total).toBe(0);
    const attention = await h.as('manager').get('/maintenance-vehicles');
    expect(attention.body.data.list.map((a: { vehicle: { id: string } }) => a.vehicle.id)).toEqual([
      ids.truck,
    ]);
  });

  it('mails those whose notifications include maintenance once as the vehicle enters its warning', async () => {
    await h.database.query(
      "UPDATE users SET notify_maintain = (username = 'manager'), email = username || '@harbor.example' WHERE username IN ('manager', 'operator')",
    );
    const sent: { to: string; subject: string; text: string }[] = [];
    const mail = maintenanceMail({
      database: h.database,
      config: {
        SMTP_URL: undefined,
        MAIL_FROM: 'fleet@test',
        MAIL_LANGUAGE: 'en',
        publicUrl: 'http://fleet.test',
      },
      send: async (message) => sent.push(message),
    });
    const rise = {
      customer_id: ids.harbor ?? '',
      maintenance_id: ids.plan ?? '',
      vehicle_id: ids.truck ?? '',
    };
    await mail([{ ...rise, state: 'warning' }]);
    await mail([{ ...rise, state: 'warning' }]);
    expect(sent.map((m) => [m.to, m.subject])).toEqual([
      ['manager@harbor.example', 'FleetLens: Meter truck — Grease is in its warning window'],
    ]);
    expect(sent[0]?.text).toContain(`/maintenances/${ids.plan}/vehicles/${ids.truck}/confirm`);
  });

  it('keeps aside a reading that runs backwards, or gains more than the hours that passed', async () => {
    await reading(ids.truck ?? '', 1050, new Date(Date.now() + 60_000));
    await evaluateAll(h.database, new Date(Date.now() + 60_000));
    await reading(ids.truck ?? '', 1200, new Date(Date.now() + 2 * HOUR));
    await evaluateAll(h.database, new Date(Date.now() + 2 * HOUR));
    const res = await h.as('manager').get(`${vehiclesOf(ids.plan)}/${ids.truck}`);
    expect(res.body.data).toMatchObject({ state: 'warning', hour_meter: 1182, rejected_readings: 2 });
    const rejects = await h.as('manager').get(`${vehiclesOf(ids.plan)}/${ids.truck}/rejected-readings`);
    expect(rejects.body.data.map((r: { problem: string; meter: number }) => [r.problem, r.meter])).toEqual([
      ['too_fast', 1200],
      ['backwards', 1050],
    ]);
  });

  it('follows the calendar for a time cycle, from the last maintenance', async () => {
    const last = new Date(Date.now() - 27 * 24 * HOUR);
    const res = await h.as('manager').post(vehiclesOf(ids.monthly), {
      vehicle_id: ids.van,
      last_maintenance_at: serverTime(last),
    });
    expect(res.status).toBe(201);
    await evaluateAll(h.database, new Date());
    const van = await h.as('manager').get(`${vehiclesOf(ids.monthly)}/${ids.van}`);
    expect(van.body.data.state).toBe('warning');
    await evaluateAll(h.database, new Date(Date.now() + 4 * 24 * HOUR));
    expect((await h.as('manager').get(`${vehiclesOf(ids.monthly)}/${ids.van}`)).body.data.state).toBe('due');
  });
});

describe('confirm and execute', () => {
  it('records an execution, restarts the cycle and keeps the history', async () => {
    const done = await h.as('manager').post(`${vehiclesOf(ids.plan)}/${ids.truck}/executions`, {
      done_at: serverTime(new Date(Date.now() - 60_000)),
      hour_meter: 1182,
      comment: 'Greased all nipples',
    });
    expect(done.status).toBe(201);
    await evaluateAll(h.database, new Date());
    const res = await h.as('manager').get(`${vehiclesOf(ids.plan)}/${ids.truck}`);
    expect(res.body.data).toMatchObject({ state: 'ok', last_hour_meter: 1182, hours_left: 100 });
    const history = await h.as('manager').get(`${vehiclesOf(ids.plan)}/${ids.truck}/executions`);
    expect(history.body.data).toMatchObject([
      { hour_meter: 1182, comment: 'Greased all nipples', recorded_by: 'manager' },
    ]);
    const future = await h.as('manager').post(`${vehiclesOf(ids.plan)}/${ids.truck}/executions`, {
      done_at: serverTime(new Date(Date.now() + 48 * HOUR)),
    });
    expect(future.fields).toEqual({ done_at: 'The maintenance time cannot be in the future.' });
    const missing = await h
      .as('manager', { lang: 'zh' })
      .post(`${vehiclesOf(ids.plan)}/${ids.truck}/executions`, {});
    expect(missing.fields).toEqual({ done_at: '请输入保养的执行时间。' });
  });

  it('edits an assignment, removes it and keeps its executions', async () => {
    const edited = await h.as('manager').put(`${vehiclesOf(ids.plan)}/${ids.truck}`, {
      comment: 'Right side',
      last_maintenance_at: null,
      last_hour_meter: 1100,
    });
    expect(edited.body.data).toMatchObject({ comment: 'Right side', last_hour_meter: 1100 });
    expect((await h.as('manager').delete(`${vehiclesOf(ids.plan)}/${ids.truck}`)).status).toBe(200);
    expect((await h.as('manager').get(`${vehiclesOf(ids.plan)}/${ids.truck}`)).status).toBe(404);
    const kept = await h.database.query('SELECT 1 FROM maintenance_executions WHERE vehicle_id = $1', [
      ids.truck,
    ]);
    expect(kept).toHaveLength(1);
    expect((await h.as('manager').delete(`/maintenances/${ids.plan}`)).status).toBe(200);
  });

  it('keeps another customer’s user out', async () => {
    const rivalPlan = await h.database.query<{ id: string }>(
      `INSERT INTO maintenance_items (customer_id, name) VALUES ($1, 'Rival item') RETURNING id`,
      [ids.other],
    );
    const [plan] = await h.database.query<{ id: string }>(
      `INSERT INTO maintenances (customer_id, item_id, cycle_unit, cycle_value, warning_time, warning_type)
       VALUES ($1, $2, 'days', 10, 1, 'days') RETURNING id`,
      [ids.other, rivalPlan[0]?.id],
    );
    expect((await h.as('manager').get(vehiclesOf(plan?.id))).status).toBe(404);
    expect((await h.as('manager').post(vehiclesOf(plan?.id), { vehicle_id: ids.van })).status).toBe(404);
  });
});
