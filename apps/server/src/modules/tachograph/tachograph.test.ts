import { addDays, localDateOf } from '@fleetlens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../testing/harness.ts';
import { insertedId, insertVehicleWithDevice, type VehicleWithDevice } from '../../testing/rows.ts';

let h: Harness;
const ids: Record<string, string> = {};
const TOKYO = 540;
/** A whole Tokyo day two days back from the clock: every figure is of time gone by. */
const DAY = addDays(localDateOf(Date.now(), TOKYO), -2);
const at = (clock: string) => Date.parse(`${DAY}T${clock}+09:00`);

async function positions(v: VehicleWithDevice, rows: [string, number][]) {
  for (const [clock, speed] of rows)
    await h.database.query(
      `INSERT INTO device_positions (device_pk, message_id, customer_id, vehicle_id, time, lat, lng, speed, direction)
       VALUES ($1, $2, $3, $4, $5, 35.6, 139.77, $6, 0)`,
      [v.device, `tp-${clock}`, v.customer, v.id, new Date(at(clock)), speed],
    );
}

async function motion(v: VehicleWithDevice, clock: string, state: 'running' | 'stopping') {
  await h.database.query(
    `INSERT INTO device_state_changes (device_pk, customer_id, vehicle_id, kind, state, time)
     VALUES ($1, $2, $3, 'motion', $4, $5)`,
    [v.device, v.customer, v.id, state, new Date(at(clock))],
  );
}

async function event(v: VehicleWithDevice, clock: string, type: string) {
  return insertedId(
    h.database,
    `INSERT INTO device_events (device_pk, message_id, customer_id, vehicle_id, time, type, lat, lng, speed,
       direction, gx, gy, gz, roll, pitch, yaw, cameras)
     VALUES ($1, $2, $3, $4, $5, $6, 35.6, 139.77, 25, 0, 0.5, 0, 1, 0, 0, 0, 0) RETURNING id`,
    [v.device, `te-${clock}`, v.customer, v.id, new Date(at(clock)), type],
  );
}

async function signOn(v: VehicleWithDevice, operator: string, clock: string, action: string) {
  await h.database.query(
    `INSERT INTO operator_sign_ons (device_pk, message_id, customer_id, vehicle_id, action, rfid, operator_id, time)
     VALUES ($1, $2, $3, $4, $5, 'CARD', $6, $7)`,
    [v.device, `ts-${clock}`, v.customer, v.id, action, operator, new Date(at(clock))],
  );
}

beforeAll(async () => {
  h = await startHarness();
  const harbor = await h.companyId('harbor');
  const other = await insertedId(
    h.database,
    "INSERT INTO customers (stk_user, name, realm, functions) VALUES ('othertacho', 'Other Tacho Co', 'fleet', '{digi-tacho}') RETURNING id",
  );
  const a = await insertVehicleWithDevice(h.database, harbor, 'Tacho Reach 1', '500200001', null);
  const b = await insertVehicleWithDevice(h.database, other, 'Other Tacho 9', '500200009', null);
  // A: the engine runs from 08:59 to 09:10. Standing 10 s (idle), driving 50 s with a peak of
  // 30 km/h (two samples over the 20 km/h limit), standing 30 s (idle), then nothing for 18
  // minutes (a gap), then standing 30 s with the engine off (stopped).
  await motion(a, '08:59:00', 'running');
  await motion(a, '09:10:00', 'stopping');
  await positions(a, [
    ['09:00:00', 0],
    ['09:00:10', 0],
    ['09:00:20', 10],
    ['09:00:30', 25],
    ['09:00:40', 30],
    ['09:00:50', 5],
    ['09:01:00', 0],
    ['09:01:30', 0],
    ['09:20:00', 0],
    ['09:20:30', 0],
  ]);
  ids.harsh = await event(a, '09:00:25', 'SuddenAcceleration');
  await event(a, '09:00:26', 'Button');
  await positions(b, [
    ['09:00:00', 90],
    ['09:00:10', 90],
  ]);
  const o1 = await insertedId(
    h.database,
    `INSERT INTO operators (customer_id, operator_code, first_name, last_name, birth_date, address, license_number,
       license_received_on, license_valid_till, license_location, phone)
     VALUES ($1, 'TACHO-OP-1', 'Tacho', 'Driver', '1980-01-01', 'Street 1', 'LIC', '2000-01-01', '2040-01-01', 'Tokyo', '0123')
     RETURNING id`,
    [harbor],
  );
  // O1 drives A from 09:00:15 to 09:00:45.
  await signOn(a, o1, '09:00:15', 'sign-on');
  await signOn(a, o1, '09:00:45', 'sign-off');
  Object.assign(ids, { a: a.id, b: b.id, o1 });
});
afterAll(async () => h?.close());

const dayOf = (path: string, extra = '') =>
  h.as('manager').get(`/tachograph/${path}/day?date=${DAY}&timesetting=${TOKYO}${extra}`);

describe("a vehicle's tachograph day", () => {
  it('figures driving, idle, stopped and no data, the day totals and the marks against the default limits', async () => {
    const res = await dayOf(`vehicles/${ids.a}`);
    expect(res.status).toBe(200);
    const day = res.body.data;
    expect(day.subject).toEqual({ kind: 'vehicle', id: ids.a, name: 'Tacho Reach 1' });
    expect(day.day).toEqual({ from: at('00:00:00'), to: at('00:00:00') + 86_400_000 });
    expect(day.limits).toEqual({
      speed_limit_kmh: 20,
      max_continuous_driving_minutes: 270,
      min_break_minutes: 45,
    });
    expect(day.totals).toMatchObject({
      driving_s: 50,
      idle_s: 40,
      stopped_s: 30,
      no_data_s: 86_400 - 120,
      rest_s: 86_400 - 90,
      max_speed_kmh: 30,
      over_speed_count: 1,
      continuous_driving_count: 0,
      longest_continuous_driving_s: 50,
    });
    expect(day.marks.over_speed).toEqual([{ from: at('09:00:30'), to: at('09:00:40'), max_speed_kmh: 30 }]);
  });

  it('sends a sparse day sample by sample, the gap as a null, and only harsh events with their ids', async () => {
    const day = (await dayOf(`vehicles/${ids.a}`)).body.data;
    expect(day.resolution).toBe('samples');
    expect(day.speed.v).toEqual([0, 0, 10, 25, 30, 5, 0, 0, null, 0, 0]);
    expect(day.speed.t[0]).toBe(at('09:00:00') - day.window.from);
    expect(day.events).toEqual([
      { id: ids.harsh, time: at('09:00:25'), type: 'SuddenAcceleration', speed: 25, clips: 0 },
    ]);
  });

  it('answers a 4-minute window at full resolution with its activity runs, the gap as no data', async () => {
    const from = new Date(at('09:00:00')).toISOString();
    const to = new Date(at('09:04:00')).toISOString();
    const day = (await dayOf(`vehicles/${ids.a}`, `&from=${from}&to=${to}`)).body.data;
    expect(day.window).toEqual({ from: at('09:00:00'), to: at('09:04:00') });
    expect(day.activity).toEqual([
      { from: at('09:00:00'), to: at('09:00:10'), activity: 'idle' },
      { from: at('09:00:10'), to: at('09:01:00'), activity: 'driving' },
      { from: at('09:01:00'), to: at('09:01:30'), activity: 'idle' },
      { from: at('09:01:30'), to: at('09:04:00'), activity: 'noData' },
    ]);
    // The day's totals stay the whole day's whatever the window.
    expect(day.totals.driving_s).toBe(50);
  });

  it('answers a zoom without totals from the window alone', async () => {
    const from = new Date(at('09:00:15')).toISOString();
    const to = new Date(at('09:00:45')).toISOString();
    const day = (await dayOf(`vehicles/${ids.a}`, `&from=${from}&to=${to}&totals=false`)).body.data;
    expect(day).toMatchObject({ totals: null, marks: null, limits: null, resolution: 'samples' });
    expect(day.speed.v).toEqual([10, 25, 30]);
    expect(day.events.map((e: { id: string }) => e.id)).toEqual([ids.harsh]);
    // The segments at the window's edges still count: the runs begin and end at its bounds.
    expect(day.activity).toEqual([{ from: at('09:00:15'), to: at('09:00:45'), activity: 'driving' }]);
  });

  it('marks against the limits the customer set', async () => {
    const harbor = await h.companyId('harbor');
    await h.database.query(
      'INSERT INTO tachograph_limits (customer_id, speed_limit_kmh, max_continuous_driving_minutes, min_break_minutes) VALUES ($1, 8, 60, 15)',
      [harbor],
    );
    try {
      const day = (await dayOf(`vehicles/${ids.a}`)).body.data;
      expect(day.limits.speed_limit_kmh).toBe(8);
      expect(day.marks.over_speed).toEqual([{ from: at('09:00:20'), to: at('09:00:40'), max_speed_kmh: 30 }]);
    } finally {
      await h.database.query('DELETE FROM tachograph_limits WHERE customer_id = $1', [harbor]);
    }
  });
});

describe("an operator's day, the list and the driving history", () => {
  it("counts an operator's signed-on time only", async () => {
    const day = (await dayOf(`operators/${ids.o1}`)).body.data;
    expect(day.subject).toMatchObject({ kind: 'operator', name: 'Tacho Driver' });
    expect(day.totals).toMatchObject({ driving_s: 20, idle_s: 0, stopped_s: 0, max_speed_kmh: 30 });
    expect(day.speed.v).toEqual([10, 25, 30]);
    expect(day.events.map((e: { id: string }) => e.id)).toEqual([ids.harsh]);
  });

  it("lists the caller's vehicles and operators with the day's totals", async () => {
    const vehicles = (await h.as('manager').get(`/tachograph?date=${DAY}&timesetting=${TOKYO}&filter=Tacho`))
      .body.data;
    expect(vehicles.list.map((r: { name: string }) => r.name)).toEqual(['Tacho Reach 1']);
    expect(vehicles.list[0].totals).toMatchObject({ driving_s: 50, idle_s: 40 });
    const operators = (
      await h.as('manager').get(`/tachograph?kind=operator&date=${DAY}&timesetting=${TOKYO}&filter=TACHO-OP`)
    ).body.data;
    expect(operators).toMatchObject({ total: 1, list: [{ id: ids.o1, totals: { driving_s: 20 } }] });
  });

  it("gives a vehicle's days newest first", async () => {
    const history = (
      await h
        .as('manager')
        .get(`/tachograph/vehicles/${ids.a}/history?date=${addDays(DAY, 1)}&days=3&timesetting=${TOKYO}`)
    ).body.data;
    expect(
      history.days.map((d: { date: string; totals: { driving_s: number } }) => [d.date, d.totals.driving_s]),
    ).toEqual([
      [addDays(DAY, 1), 0],
      [DAY, 50],
      [addDays(DAY, -1), 0],
    ]);
  });
});

describe('refusals', () => {
  it('refuses a bad width, a half window and a window over 24 hours, translated', async () => {
    const narrow = await dayOf(`vehicles/${ids.a}`, '&width=5');
    expect(narrow.status).toBe(400);
    expect(narrow.body.data.fields[0]).toMatchObject({ field: 'querystring.width', key: 'tachographWidth' });
    const half = await dayOf(`vehicles/${ids.a}`, `&from=${new Date(at('09:00:00')).toISOString()}`);
    expect(half.body.data.fields[0]).toMatchObject({ key: 'required' });
    const long = await h
      .as('manager', { lang: 'ja' })
      .get(
        `/tachograph/vehicles/${ids.a}/day?from=${new Date(at('00:00:00')).toISOString()}&to=${new Date(at('00:00:01') + 86_400_000).toISOString()}`,
      );
    expect(long.status).toBe(400);
    expect(long.body.data.fields[0]).toMatchObject({ key: 'tachographWindowTooLong' });
    expect(long.body.data.fields[0].message).not.toMatch(/[A-Za-z]{4}/);
  });

  it("answers 404 for another company's vehicle, and the list holds none of its vehicles", async () => {
    const res = await dayOf(`vehicles/${ids.b}`);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('Other Tacho');
    const list = await h.as('manager').get(`/tachograph?date=${DAY}&timesetting=${TOKYO}&filter=Tacho`);
    expect(list.text).not.toContain('Other Tacho');
  });

  it('refuses a user without digi_tacho:view, and everyone when the company lacks the function', async () => {
    expect((await h.as('operator').get(`/tachograph/vehicles/${ids.a}/day`)).status).toBe(403);
    const harbor = await h.companyId('harbor');
    await h.database.query(
      "UPDATE customers SET functions = array_remove(functions, 'digi-tacho') WHERE id = $1",
      [harbor],
    );
    try {
      expect((await dayOf(`vehicles/${ids.a}`)).status).toBe(403);
    } finally {
      await h.database.query(
        "UPDATE customers SET functions = array_append(functions, 'digi-tacho') WHERE id = $1",
        [harbor],
      );
    }
  });
});

describe("a customer's limits", () => {
  it('answers the defaults until set, then the limits set, each change audited', async () => {
    const harbor = await h.companyId('harbor');
    const first = (await h.as('manager').get(`/tachograph/limits/${harbor}`)).body.data;
    expect(first).toEqual({
      customer_id: harbor,
      speed_limit_kmh: 20,
      max_continuous_driving_minutes: 270,
      min_break_minutes: 45,
      is_default: true,
    });
    const body = { speed_limit_kmh: 12.5, max_continuous_driving_minutes: 240, min_break_minutes: 30 };
    const set = await h.as('manager').put(`/tachograph/limits/${harbor}`, body);
    expect(set.status).toBe(200);
    expect(set.body.data).toEqual({ customer_id: harbor, ...body, is_default: false });
    await h.as('manager').put(`/tachograph/limits/${harbor}`, { ...body, speed_limit_kmh: 15 });
    const audit = await h.database.query<{
      action: string;
      before: unknown;
      after: { speed_limit_kmh: number };
    }>(
      "SELECT action, before, after FROM audit_log WHERE entity = 'tachograph_limits' AND entity_id = $1 ORDER BY id",
      [harbor],
    );
    expect(audit.map((a) => [a.action, a.after.speed_limit_kmh])).toEqual([
      ['create', 12.5],
      ['update', 15],
    ]);
    expect((await dayOf(`vehicles/${ids.a}`)).body.data.limits.speed_limit_kmh).toBe(15);
    await h.database.query('DELETE FROM tachograph_limits WHERE customer_id = $1', [harbor]);
  });

  it('refuses limits out of range, translated, and changes nothing', async () => {
    const harbor = await h.companyId('harbor');
    const res = await h.as('manager', { lang: 'zh' }).put(`/tachograph/limits/${harbor}`, {
      speed_limit_kmh: 0,
      max_continuous_driving_minutes: 1441,
      min_break_minutes: 1.5,
    });
    expect(res.status).toBe(400);
    expect(res.body.data.fields.map((f: { field: string; key: string }) => [f.field, f.key])).toEqual([
      ['speed_limit_kmh', 'tachographSpeedLimit'],
      ['max_continuous_driving_minutes', 'tachographMinutes'],
      ['min_break_minutes', 'tachographMinutes'],
    ]);
    expect(res.body.data.fields[0].message).not.toMatch(/[A-Za-z]{4}/);
    expect((await h.as('manager').get(`/tachograph/limits/${harbor}`)).body.data.is_default).toBe(true);
  });

  it("answers 404 for another company's limits and refuses a user without digi_tacho:edit", async () => {
    const other = await h.companyId('othertacho');
    expect((await h.as('manager').get(`/tachograph/limits/${other}`)).status).toBe(404);
    const body = { speed_limit_kmh: 5, max_continuous_driving_minutes: 5, min_break_minutes: 5 };
    expect((await h.as('manager').put(`/tachograph/limits/${other}`, body)).status).toBe(404);
    const harbor = await h.companyId('harbor');
    expect((await h.as('operator').put(`/tachograph/limits/${harbor}`, body)).status).toBe(403);
  });
});
