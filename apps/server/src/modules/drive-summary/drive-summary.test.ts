import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../testing/harness.ts';
import {
  insertedId,
  insertGroup,
  insertVehicleWithDevice,
  type VehicleWithDevice,
} from '../../testing/rows.ts';

let h: Harness;
const ids: Record<string, string> = {};

/** 0.001° of latitude on the haversine sphere (R = 6371008.8 m). */
const STEP_M = (2 * Math.PI * 6371008.8) / 360 / 1000;
const TOKYO = 540;

const one = (sql: string, params?: unknown[]) => insertedId(h.database, sql, params);

const vehicle = (customer: string, name: string, deviceId: string, group: string | null) =>
  insertVehicleWithDevice(h.database, customer, name, deviceId, group);
type Vehicle = VehicleWithDevice;

/** Positions [local Tokyo time, latitude, speed km/h], on one meridian. */
async function positions(v: Vehicle, rows: [string, number, number][]) {
  for (const [i, [time, lat, speed]] of rows.entries())
    await h.database.query(
      `INSERT INTO device_positions (device_pk, message_id, customer_id, vehicle_id, time, lat, lng, speed, direction)
       VALUES ($1, $2, $3, $4, $5, $6, 139.77, $7, 0)`,
      [v.device, `p-${time}-${i}`, v.customer, v.id, `${time}+09:00`, lat, speed],
    );
}

async function events(v: Vehicle, rows: [string, string][]) {
  for (const [time, type] of rows)
    await h.database.query(
      `INSERT INTO device_events (device_pk, message_id, customer_id, vehicle_id, time, type, lat, lng, speed,
         direction, gx, gy, gz, roll, pitch, yaw, cameras)
       VALUES ($1, $2, $3, $4, $5, $6, 35.6, 139.77, 10, 0, 0.5, 0, 1, 0, 0, 0, 0)`,
      [v.device, `e-${time}-${type}`, v.customer, v.id, `${time}+09:00`, type],
    );
}

async function signOn(v: Vehicle, operator: string | null, time: string, action = 'sign-on') {
  await h.database.query(
    `INSERT INTO operator_sign_ons (device_pk, message_id, customer_id, vehicle_id, action, rfid, operator_id, time)
     VALUES ($1, $2, $3, $4, $5, 'CARD', $6, $7)`,
    [v.device, `s-${time}-${action}`, v.customer, v.id, action, operator, `${time}+09:00`],
  );
}

async function operator(customer: string, code: string, group: string) {
  return one(
    `INSERT INTO operators (customer_id, operator_code, first_name, last_name, birth_date, address, license_number,
       license_received_on, license_valid_till, license_location, phone, group_id)
     VALUES ($1, $2, 'Op', $2, '1980-01-01', 'Street 1', 'LIC', '2000-01-01', '2040-01-01', 'Tokyo', '0123', $3)
     RETURNING id`,
    [customer, code, group],
  );
}

beforeAll(async () => {
  h = await startHarness();
  await h.database.query(
    "UPDATE roles SET privileges = array_append(array_remove(privileges, 'drive_sum:view'), 'drive_sum:view') WHERE name = 'Fleet manager'",
  );
  const harbor = await h.companyId('harbor');
  const other = await one(
    "INSERT INTO customers (stk_user, name, realm, functions) VALUES ('othersum', 'Other Summary Co', 'fleet', '{}') RETURNING id",
  );
  const group = await insertGroup(h.database, 'vehicle_groups', harbor, 'Yard A');
  const bGroup = await insertGroup(h.database, 'vehicle_groups', other, 'Other Yard');
  const a = await vehicle(harbor, 'Summary Reach 1', '500100001', group);
  const a2 = await vehicle(harbor, 'Summary Reach 2', '500100002', group);
  const b = await vehicle(other, 'Other Summary 9', '500900009', bGroup);

  // A: a trip 09:00:00–09:00:30 (3 segments, a stop), a gap of an hour, a trip 10:00:00–10:00:20
  // (2 segments, a stop), then a short trip the next morning. Each segment climbs 0.001°.
  await positions(a, [
    ['2026-11-01T23:59:50', 35.5, 20],
    ['2026-11-02T09:00:00', 35.6, 0],
    ['2026-11-02T09:00:10', 35.601, 10],
    ['2026-11-02T09:00:20', 35.602, 10],
    ['2026-11-02T09:00:30', 35.603, 0],
    ['2026-11-02T09:01:00', 35.603, 0],
    ['2026-11-02T10:00:00', 35.604, 10],
    ['2026-11-02T10:00:10', 35.605, 10],
    ['2026-11-02T10:00:20', 35.606, 0],
    ['2026-11-03T07:00:00', 35.61, 5],
    ['2026-11-03T07:00:10', 35.611, 0],
  ]);
  await events(a, [
    ['2026-11-02T09:00:05', 'SuddenAcceleration'],
    ['2026-11-02T09:00:25', 'SuddenDeceleration'],
    ['2026-11-02T10:00:15', 'Impact'],
    ['2026-11-02T10:00:16', 'Button'],
  ]);
  // A2, in the same group: one 20 s trip of 0.002°, no stop.
  await positions(a2, [
    ['2026-11-02T09:30:00', 35.7, 8],
    ['2026-11-02T09:30:20', 35.702, 8],
  ]);
  // B (another company): the same times, far bigger figures, many events.
  await positions(b, [
    ['2026-11-02T09:00:00', 10, 30],
    ['2026-11-02T09:00:10', 11, 30],
  ]);
  await events(b, [['2026-11-02T09:00:05', 'Impact']]);

  const crew = await insertGroup(h.database, 'operator_groups', harbor, 'Day Crew');
  const bCrew = await insertGroup(h.database, 'operator_groups', other, 'Other Crew');
  const o1 = await operator(harbor, 'SUM-OP-1', crew);
  const o2 = await operator(harbor, 'SUM-OP-2', crew);
  const bOp = await operator(other, 'SUM-OP-B', bCrew);
  // O1 drives A from 09:00:15 to 10:00:05; O2 from 10:00:10 on.
  await signOn(a, o1, '2026-11-02T09:00:15');
  await signOn(a, o1, '2026-11-02T10:00:05', 'sign-off');
  await signOn(a, o2, '2026-11-02T10:00:10');
  // A forged row of B naming O1 at B's vehicle: it stays B's, never O1's.
  await signOn(b, o1, '2026-11-02T08:00:00');
  Object.assign(ids, { a: a.id, group, o1, o2, crew, b: b.id, bGroup, bOp, bCrew });
});
afterAll(async () => h?.close());

const query = (start: string, end: string, interval: string, timesetting = TOKYO) =>
  `start=${encodeURIComponent(start)}&end=${encodeURIComponent(end)}&interval=${interval}&timesetting=${timesetting}`;
/** Vehicle A's drive summary as the manager reads it. */
const summaryOfA = (start: string, end: string, interval: string, timesetting = TOKYO) =>
  h.as('manager').get(`/vehicles/${ids.a}/drive-summary?${query(start, end, interval, timesetting)}`);
const NOV_2 = query('2026-11-02T00:00:00+09:00', '2026-11-03T00:00:00+09:00', 'hour');

type Bucket = { start: string; operating_seconds: number; distance_m: number; stops: number; events: object };
const at = (buckets: Bucket[], start: string) => buckets.find((b) => b.start === start);

describe("a vehicle's drive summary", () => {
  it('figures operating time, distance, stops and harsh events per local hour, exactly', async () => {
    const res = await h.as('manager').get(`/vehicles/${ids.a}/drive-summary?${NOV_2}`);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.subject).toEqual({ kind: 'vehicle', id: ids.a, name: 'Summary Reach 1' });
    expect(data.buckets).toHaveLength(24);
    expect(data.buckets[0].start).toBe('2026-11-02T00:00:00+09:00');
    const nine = at(data.buckets, '2026-11-02T09:00:00+09:00');
    expect(nine?.operating_seconds).toBe(30);
    expect(nine?.distance_m).toBeCloseTo(3 * STEP_M, 3);
    expect(nine?.stops).toBe(1);
    expect(nine?.events).toEqual({ SuddenAcceleration: 1, SuddenDeceleration: 1 });
    const ten = at(data.buckets, '2026-11-02T10:00:00+09:00');
    expect(ten).toMatchObject({ operating_seconds: 20, stops: 1, events: { Impact: 1 }, event_count: 1 });
    expect(ten?.distance_m).toBeCloseTo(2 * STEP_M, 3);
    // The standing half minute, the hour-long gap and the button press count for nothing.
    expect(data.totals).toMatchObject({ operating_seconds: 50, stops: 2, event_count: 3 });
    expect(data.totals.distance_m).toBeCloseTo(5 * STEP_M, 3);
    expect(at(data.buckets, '2026-11-02T11:00:00+09:00')).toMatchObject({
      operating_seconds: 0,
      event_count: 0,
    });
  });

  it('puts buckets on the local days of the time setting', async () => {
    const tokyo = (await summaryOfA('2026-11-02T00:00:00+09:00', '2026-11-04T00:00:00+09:00', 'day')).body
      .data;
    expect(tokyo.buckets.map((b: Bucket) => [b.start, b.operating_seconds, b.stops])).toEqual([
      ['2026-11-02T00:00:00+09:00', 50, 2],
      ['2026-11-03T00:00:00+09:00', 10, 1],
    ]);
    // In UTC, 07:00 in Tokyo on the 3rd is still the 2nd.
    const utc = (await summaryOfA('2026-11-02T00:00:00Z', '2026-11-03T00:00:00Z', 'day', 0)).body.data;
    expect(utc.buckets).toHaveLength(1);
    expect(utc.buckets[0]).toMatchObject({
      start: '2026-11-02T00:00:00+00:00',
      operating_seconds: 60,
      stops: 3,
    });
    const week = (await summaryOfA('2026-11-01T00:00:00+09:00', '2026-11-10T00:00:00+09:00', 'week')).body
      .data;
    // Weeks begin on Monday: Sunday the 1st is in the week of 26 October.
    expect(week.buckets.map((b: Bucket) => [b.start, b.operating_seconds])).toEqual([
      ['2026-10-26T00:00:00+09:00', 0],
      ['2026-11-02T00:00:00+09:00', 60],
      ['2026-11-09T00:00:00+09:00', 0],
    ]);
  });

  it('answers every interval of a period without data, all zero', async () => {
    const res = await summaryOfA('2026-01-01T00:00:00+09:00', '2026-04-01T00:00:00+09:00', 'month');
    expect(res.body.data.buckets.map((b: Bucket) => b.start)).toEqual([
      '2026-01-01T00:00:00+09:00',
      '2026-02-01T00:00:00+09:00',
      '2026-03-01T00:00:00+09:00',
    ]);
    expect(res.body.data.totals).toEqual({
      operating_seconds: 0,
      distance_m: 0,
      stops: 0,
      events: {},
      event_count: 0,
    });
  });

  it('refuses a wrong interval, a backwards or too long period and a bad time setting, translated', async () => {
    const year = await h.as('manager').get(`/vehicles/${ids.a}/drive-summary?interval=year`);
    expect(year.status).toBe(400);
    expect(year.body.data.fields[0]).toMatchObject({
      field: 'querystring.interval',
      key: 'summaryInterval',
    });
    const backwards = await summaryOfA('2026-11-03T00:00:00Z', '2026-11-02T00:00:00Z', 'day');
    expect(backwards.body.data.fields[0]).toMatchObject({ key: 'endAfterStart' });
    const long = await h
      .as('manager', { lang: 'ja' })
      .get(
        `/vehicles/${ids.a}/drive-summary?${query('2026-11-01T00:00:00Z', '2026-11-09T00:00:01Z', 'hour')}`,
      );
    expect(long.status).toBe(400);
    expect(long.body.data.fields[0]).toMatchObject({ key: 'summaryPeriodTooLong' });
    expect(long.body.data.fields[0].message).not.toMatch(/[A-Za-z]{4}/);
    const tz = await h.as('manager').get(`/vehicles/${ids.a}/drive-summary?timesetting=900`);
    expect(tz.body.data.fields[0]).toMatchObject({ field: 'querystring.timesetting', key: 'timesetting' });
  });
});

describe("a group's, an operator's and an operator group's drive summary", () => {
  it('sums the vehicles of a vehicle group', async () => {
    const data = (
      await h
        .as('manager')
        .get(
          `/vehicle-groups/${ids.group}/drive-summary?${query('2026-11-02T00:00:00+09:00', '2026-11-03T00:00:00+09:00', 'day')}`,
        )
    ).body.data;
    expect(data.subject).toMatchObject({ kind: 'vehicleGroup', name: 'Yard A' });
    expect(data.members).toBe(2);
    expect(data.totals).toMatchObject({ operating_seconds: 70, stops: 2, event_count: 3 });
    expect(data.totals.distance_m).toBeCloseTo(7 * STEP_M, 3);
  });

  it("counts an operator's signed-on time only, and the group's operators together", async () => {
    const o1 = (await h.as('manager').get(`/operators/${ids.o1}/drive-summary?${NOV_2}`)).body.data;
    expect(o1.subject).toMatchObject({ kind: 'operator', name: 'Op SUM-OP-1' });
    expect(o1.totals).toMatchObject({ operating_seconds: 10, stops: 1, events: { SuddenDeceleration: 1 } });
    expect(o1.totals.distance_m).toBeCloseTo(STEP_M, 3);
    const o2 = (await h.as('manager').get(`/operators/${ids.o2}/drive-summary?${NOV_2}`)).body.data;
    expect(o2.totals).toMatchObject({ operating_seconds: 10, stops: 1, events: { Impact: 1 } });
    const crew = (await h.as('manager').get(`/operator-groups/${ids.crew}/drive-summary?${NOV_2}`)).body.data;
    expect(crew).toMatchObject({ members: 2, subject: { name: 'Day Crew' } });
    expect(crew.totals).toMatchObject({ operating_seconds: 20, stops: 2, event_count: 2 });
    expect(crew.totals.distance_m).toBeCloseTo(2 * STEP_M, 3);
  });
});

describe('tenant isolation and privileges', () => {
  it("answers 404 for another company's vehicle, group, operator and operator group", async () => {
    for (const url of [
      `/vehicles/${ids.b}/drive-summary`,
      `/vehicle-groups/${ids.bGroup}/drive-summary`,
      `/operators/${ids.bOp}/drive-summary`,
      `/operator-groups/${ids.bCrew}/drive-summary`,
    ]) {
      const res = await h.as('manager').get(`${url}?${NOV_2}`);
      expect(res.status, url).toBe(404);
      expect(res.text).not.toContain('Other');
    }
  });

  it("staff read any company's summary, and it holds only that company's data", async () => {
    const res = await h.as('admin').get(`/vehicles/${ids.b}/drive-summary?${NOV_2}`);
    expect(res.status).toBe(200);
    expect(res.body.data.totals).toMatchObject({ operating_seconds: 10, event_count: 1 });
  });

  it('refuses a user without drive_sum:view', async () => {
    expect((await h.as('operator').get(`/vehicles/${ids.a}/drive-summary`)).status).toBe(403);
  });
});
