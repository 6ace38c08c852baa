// Driving scores over a seeded October 2026 (UTC): the figures, the formula's score, what is not
// counted (excluded, dismissed, not harsh), the four subjects, an operator's page with its trend,
// breakdown, events and fleet median, another tenant kept apart, and bad input refused with the
// translated message.
import { beforeAll, describe, expect, it } from 'vitest';
import { startHarness } from '../../testing/harness.ts';
import { perFile } from '../../testing/perFile.ts';
import { expectRefused } from '../../testing/refusal.ts';
import {
  INSERT_OPERATOR_SQL,
  insertedId,
  insertGroup,
  insertVehicleWithDevice,
  type VehicleWithDevice,
} from '../../testing/rows.ts';

const h = perFile(startHarness);
const ids: Record<string, string> = {};

const one = (sql: string, params?: unknown[]) => insertedId(h.database, sql, params);

const vehicle = (customer: string, name: string, deviceId: string, group: string | null) =>
  insertVehicleWithDevice(h.database, customer, name, deviceId, group);
type Vehicle = VehicleWithDevice;

const operator = (customer: string, code: string, last: string, group: string | null) =>
  one(INSERT_OPERATOR_SQL, [customer, code, 'Score', last, group]);

/** The operator signs on at `from` and off at `to` (UTC), driving the whole time: a position a minute at 10 km/h. */
async function drive(v: Vehicle, op: string, from: string, to: string) {
  await h.database.query(
    `INSERT INTO operator_sign_ons (device_pk, message_id, customer_id, vehicle_id, action, rfid, operator_id, time)
     VALUES ($1, $2, $3, $4, 'sign-on', 'CARD', $5, $6), ($1, $7, $3, $4, 'sign-off', 'CARD', $5, $8)`,
    [v.device, `on-${from}`, v.customer, v.id, op, `${from}Z`, `off-${to}`, `${to}Z`],
  );
  await h.database.query(
    `INSERT INTO device_positions (device_pk, message_id, customer_id, vehicle_id, time, lat, lng, speed, direction)
     SELECT $1, 'p-' || $5::text || '-' || n, $2, $3, $4::timestamptz + make_interval(mins => n), 35.6 + n * 0.0001, 139.77, 10, 0
       FROM generate_series(0, $6::int) n`,
    [
      v.device,
      v.customer,
      v.id,
      `${from}Z`,
      from,
      Math.floor((Date.parse(`${to}Z`) - Date.parse(`${from}Z`)) / 60_000),
    ],
  );
}

/** An event the device reported with the operator's card signed on. */
async function event(v: Vehicle, op: string, time: string, type: string, extra = '') {
  const id = await one(
    `INSERT INTO device_events (device_pk, message_id, customer_id, vehicle_id, operator_id, time, type, lat, lng,
       speed, direction, gx, gy, gz, roll, pitch, yaw, cameras)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 35.6, 139.77, 10, 0, 0.5, 0, 1, 0, 0, 0, 0) RETURNING id`,
    [v.device, `e-${time}-${type}`, v.customer, v.id, op, `${time}Z`, type],
  );
  if (extra) await h.database.query(`UPDATE device_events SET ${extra} WHERE id = $1`, [id]);
  return id;
}

beforeAll(async () => {
  const harbor = await h.companyId('harbor');
  const other = await h.addCompany('otherscore', 'Other Score Co');
  const yard = await insertGroup(h.database, 'vehicle_groups', harbor, 'Score Yard');
  const crew = await insertGroup(h.database, 'operator_groups', harbor, 'Score Crew');
  const v1 = await vehicle(harbor, 'Score Reach 1', '600100001', yard);
  const v2 = await vehicle(harbor, 'Score Reach 2', '600100002', yard);
  const ann = await operator(harbor, 'SC-1', 'Ann', crew);
  const ben = await operator(harbor, 'SC-2', 'Ben', crew);
  const cat = await operator(harbor, 'SC-3', 'Cat', null);
  // Ann drives V1 two hours; Ben V2 an hour and a half; Cat V2 half an hour (too little for a score).
  await drive(v1, ann, '2026-10-05T08:00:00', '2026-10-05T10:00:30');
  await drive(v2, ben, '2026-10-06T08:00:00', '2026-10-06T09:30:30');
  await drive(v2, cat, '2026-10-07T08:00:00', '2026-10-07T08:30:30');
  // Ann's events: an impact and a sudden acceleration count; the rest do not.
  ids.impact = await event(v1, ann, '2026-10-05T08:30:00', 'Impact');
  ids.acceleration = await event(v1, ann, '2026-10-05T09:00:00', 'SuddenAcceleration');
  ids.excluded = await event(v1, ann, '2026-10-05T09:10:00', 'Speed', 'excluded = true');
  // Dismissed as the review dismisses: the event is excluded from scores with it.
  ids.dismissed = await event(
    v1,
    ann,
    '2026-10-05T09:20:00',
    'SuddenTurn',
    "review_state = 'dismissed', excluded = true, excluded_by_review = true",
  );
  await event(v1, ann, '2026-10-05T09:30:00', 'Random');
  // Another company's operator, vehicle and groups, with events of their own.
  const bYard = await insertGroup(h.database, 'vehicle_groups', other, 'Otherco Score Yard');
  const bCrew = await insertGroup(h.database, 'operator_groups', other, 'Otherco Score Crew');
  const bVehicle = await vehicle(other, 'Otherco Score Truck', '600900009', bYard);
  const zed = await operator(other, 'SC-B', 'Otherco Zed', bCrew);
  await drive(bVehicle, zed, '2026-10-05T08:00:00', '2026-10-05T10:00:30');
  await event(bVehicle, zed, '2026-10-05T08:30:00', 'Impact');
  Object.assign(ids, { harbor, yard, crew, v1: v1.id, v2: v2.id, ann, ben, cat, zed });
});

const OCTOBER = 'timing=monthly&period=2026-10&timesetting=0';
type Row = { id: string; name: string; score: number | null; driving_seconds: number; events: object };
const list = async (subject: string, more = '', period = OCTOBER) => {
  const res = await h.as('manager').get(`/driving-scores?${period}&subject=${subject}&perPage=1000${more}`);
  expect(res.status).toBe(200);
  return res.body.data as { list: Row[]; total: number; median: number | null; start: string; end: string };
};
const row = (rows: Row[], id: string | undefined) => rows.find((r) => r.id === id);

describe('the scores of a period', () => {
  it('scores operators by weighted events per driving hour, counting neither excluded, dismissed nor other events', async () => {
    const data = await list('operator');
    expect(data.start).toBe('2026-10-01T00:00:00.000Z');
    expect(data.end).toBe('2026-11-01T00:00:00.000Z');
    // Ann: (impact 10 + sudden acceleration 3) / 2 h = 6.5 an hour: 100 − 65.
    expect(row(data.list, ids.ann)).toMatchObject({
      name: 'Score Ann',
      driving_seconds: 7200,
      events: { Impact: 1, SuddenAcceleration: 1 },
      event_count: 2,
      weighted_events: 13,
      per_hour: 6.5,
      score: 35,
    });
    expect(row(data.list, ids.ben)).toMatchObject({ driving_seconds: 5400, event_count: 0, score: 100 });
    // Half an hour is no score, not a 100.
    expect(row(data.list, ids.cat)).toMatchObject({ driving_seconds: 1800, score: null });
    expect(data.median).toBe(67.5);
  });

  it('scores alike in a time setting of part of an hour, read from raw data', async () => {
    const india = await list('operator', '', 'timing=monthly&period=2026-10&timesetting=330');
    expect(india.start).toBe('2026-09-30T18:30:00.000Z');
    expect(row(india.list, ids.ann)).toMatchObject({ driving_seconds: 7200, score: 35 });
    expect(row(india.list, ids.ben)).toMatchObject({ driving_seconds: 5400, score: 100 });
  });

  it('scores vehicles, vehicle groups and operator groups by the same formula', async () => {
    expect(row((await list('vehicle')).list, ids.v1)).toMatchObject({ driving_seconds: 7200, score: 35 });
    expect(row((await list('vehicle')).list, ids.v2)).toMatchObject({ driving_seconds: 7200, score: 100 });
    // 13 weighted events over 4 hours: 100 − 32.5, rounded.
    expect(row((await list('vehicleGroup')).list, ids.yard)).toMatchObject({
      driving_seconds: 14400,
      score: 68,
    });
    // Ann and Ben: 13 over 3.5 hours.
    expect(row((await list('operatorGroup')).list, ids.crew)).toMatchObject({
      driving_seconds: 12600,
      score: 63,
    });
  });

  it('sorts by score with the unscored last, pages, and narrows by name', async () => {
    const sorted = await list('operator', '&order_by=score&order=desc&filter=score');
    expect(sorted.list.map((r) => r.name)).toEqual(['Score Ben', 'Score Ann', 'Score Cat']);
    const page = (
      await h
        .as('manager')
        .get(`/driving-scores?${OCTOBER}&subject=operator&filter=score&perPage=1&page=2&order_by=score`)
    ).body.data;
    expect(page).toMatchObject({ total: 3, page: 2, perPage: 1 });
    expect(page.list.map((r: Row) => r.name)).toEqual(['Score Ben']);
  });

  it('sums a manual range, and a week and a day of their own', async () => {
    const manual = await list('operator', '', 'timing=manual&start=2026-10-05&end=2026-10-06&timesetting=0');
    expect(row(manual.list, ids.ann)?.score).toBe(35);
    expect(row(manual.list, ids.cat)?.driving_seconds).toBe(0);
    const week = await list('operator', '', 'timing=weekly&period=2026-10-07&timesetting=0');
    expect(week.start).toBe('2026-10-05T00:00:00.000Z');
    expect(row(week.list, ids.ben)?.score).toBe(100);
    const day = await list('operator', '', 'timing=daily&period=2026-10-06&timesetting=0');
    expect(row(day.list, ids.ann)?.driving_seconds).toBe(0);
    expect(row(day.list, ids.ben)?.driving_seconds).toBe(5400);
  });

  it("shows none of another company's subjects", async () => {
    for (const subject of ['operator', 'vehicle', 'vehicleGroup', 'operatorGroup']) {
      const data = await list(subject);
      expect(JSON.stringify(data)).not.toContain('Otherco');
      expect(row(data.list, ids.zed)).toBeUndefined();
    }
  });

  it('requires the selection of what is scored, and refuses bad periods, with translated messages', async () => {
    const missing = await h.as('manager').get(`/driving-scores?${OCTOBER}`);
    expect(missing.status).toBe(400);
    expect(missing.body.data.fields).toMatchObject([
      {
        field: 'querystring.subject',
        message: 'Select an operator, vehicle, vehicle group or operator group.',
      },
    ]);
    const ja = await h.as('manager', { lang: 'ja' }).get(`/driving-scores?${OCTOBER}`);
    expect(ja.body.data.fields[0].message).toBe(
      'オペレーター、車両、車両グループ、またはオペレーターグループを選択してください。',
    );
    const backwards = await h
      .as('manager')
      .get('/driving-scores?timing=manual&start=2026-10-10&end=2026-10-01&subject=operator');
    expectRefused(backwards, {
      'querystring.end': 'The last day of the range cannot be before its first day.',
    });
    const long = await h
      .as('manager')
      .get('/driving-scores?timing=manual&start=2026-01-01&end=2026-10-01&subject=operator');
    expect(long.body.data.fields[0].message).toBe('A manual range covers at most 93 days.');
    const month = await h.as('manager').get('/driving-scores?timing=monthly&period=2026-13&subject=operator');
    expect(month.status).toBe(400);
    expect(
      (await h.as('manager').get(`/driving-scores/operators/${ids.ann}?timing=daily&period=2026-02-30`))
        .status,
    ).toBe(400);
  });
});

describe("an operator's score", () => {
  it('gives the breakdown per behaviour, the events behind it, the trend and the fleet median', async () => {
    const res = await h.as('manager').get(`/driving-scores/operators/${ids.ann}?${OCTOBER}`);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.operator).toMatchObject({ id: ids.ann, name: 'Score Ann', customer: { id: ids.harbor } });
    expect(data.figures).toMatchObject({ driving_seconds: 7200, score: 35, event_count: 2 });
    expect(data.fleet).toMatchObject({ median: 67.5, scored: 2 });
    const deduction = Object.fromEntries(
      data.breakdown.map((b: { type: string; deduction: number }) => [b.type, b.deduction]),
    );
    expect(deduction).toMatchObject({ Impact: 50, SuddenAcceleration: 15, Speed: 0, SuddenTurn: 0 });
    expect(data.breakdown[0]).toMatchObject({ type: 'Impact', count: 1, weight: 10 });
    // The events behind it, newest first: neither the excluded, the dismissed nor the random one.
    expect(data.events.map((e: { id: string }) => e.id)).toEqual([ids.acceleration, ids.impact]);
    expect(data.events[0]).toMatchObject({
      type: 'SuddenAcceleration',
      vehicle: { id: ids.v1, name: 'Score Reach 1' },
    });
    // Twelve months up to October, the fleet's median beside each.
    expect(data.trend).toHaveLength(12);
    expect(data.trend[0].day).toBe('2025-11-01');
    expect(data.trend[11]).toEqual({
      day: '2026-10-01',
      score: 35,
      median: 67.5,
      driving_seconds: 7200,
      event_count: 2,
    });
    expect(data.trend[10]).toMatchObject({ score: null, median: null });
  });

  it('follows daily intervals for a day and a manual range', async () => {
    const daily = (
      await h
        .as('manager')
        .get(`/driving-scores/operators/${ids.ann}?timing=daily&period=2026-10-05&timesetting=0`)
    ).body.data;
    expect(daily.trend).toHaveLength(14);
    expect(daily.trend[13]).toMatchObject({ day: '2026-10-05', score: 35, median: 35 });
    const manual = (
      await h
        .as('manager')
        .get(
          `/driving-scores/operators/${ids.ben}?timing=manual&start=2026-10-01&end=2026-10-10&timesetting=0`,
        )
    ).body.data;
    expect(manual.trend.map((p: { day: string }) => p.day)).toHaveLength(10);
    expect(manual.figures.score).toBe(100);
  });

  it('refuses a time setting out of bounds, however large, on the list and on one operator', async () => {
    for (const timesetting of ['1e308', '-1e308', '1e20', '841', '0.5'])
      for (const url of [
        `/driving-scores/operators/${ids.ann}?timing=monthly&timesetting=${timesetting}`,
        `/driving-scores?subject=operator&timing=daily&timesetting=${timesetting}`,
      ])
        expectRefused(await h.as('manager').get(url), {
          'querystring.timesetting':
            'The time setting must be an offset from UTC in minutes, between -720 and 840.',
        });
  });

  it("answers another company's operator as missing", async () => {
    const res = await h.as('manager').get(`/driving-scores/operators/${ids.zed}?${OCTOBER}`);
    expect(res.status).toBe(404);
  });

  it('is refused to a user without the score privilege', async () => {
    expect((await h.as('operator').get(`/driving-scores/operators/${ids.ann}`)).status).toBe(403);
    expect((await h.as('operator').get('/driving-scores?subject=operator')).status).toBe(403);
  });
});

// Zone breaches count only where the customer chooses (off by default): then each weighs as a
// speeding event, in every subject's score, the raw-data reading too, the operator's breakdown and
// events; another company's settings stay its own; the choice is audited.
describe('zone breaches in the scores, where the customer counts them', () => {
  const settingsOf = (customer: string) => h.as('manager').get(`/driving-scores/settings/${customer}`);
  const count = (customer: string, on: boolean) =>
    h.as('manager').put(`/driving-scores/settings/${customer}`, { count_zone_breaches: on });

  it('counts none by default, and each breach as a speeding event once switched on', async () => {
    await h.grant('Fleet manager', ['op_score:edit']);
    const v1 = { id: ids.v1 ?? '', customer: ids.harbor ?? '' };
    const [device] = await h.database.query<{ device_pk: string }>(
      'SELECT device_pk FROM device_events WHERE id = $1',
      [ids.impact],
    );
    const breach = await event(
      { ...v1, device: device?.device_pk ?? '' },
      ids.ann ?? '',
      '2026-10-05T09:40:00',
      'ZoneBreach',
    );
    const before = await settingsOf(ids.harbor ?? '');
    expect(before.status).toBe(200);
    expect(before.body.data).toEqual({
      customer_id: ids.harbor,
      count_zone_breaches: false,
      is_default: true,
    });
    expect(row((await list('operator')).list, ids.ann)).toMatchObject({ score: 35, event_count: 2 });

    const set = await count(ids.harbor ?? '', true);
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ count_zone_breaches: true, is_default: false });
    // Ann: (impact 10 + sudden acceleration 3 + breach 4) / 2 h = 8.5 an hour: 100 − 85.
    const counted = { events: { Impact: 1, SuddenAcceleration: 1, ZoneBreach: 1 }, score: 15 };
    expect(row((await list('operator')).list, ids.ann)).toMatchObject(counted);
    expect(row((await list('vehicle')).list, ids.v1)).toMatchObject({ events: { ZoneBreach: 1 } });
    expect(row((await list('vehicleGroup')).list, ids.yard)).toMatchObject({ events: { ZoneBreach: 1 } });
    expect(row((await list('operatorGroup')).list, ids.crew)).toMatchObject({ events: { ZoneBreach: 1 } });
    const india = await list('operator', '', 'timing=monthly&period=2026-10&timesetting=330');
    expect(row(india.list, ids.ann)).toMatchObject(counted);

    const mine = (await h.as('manager').get(`/driving-scores/operators/${ids.ann}?${OCTOBER}`)).body.data;
    expect(mine.figures).toMatchObject({ score: 15, event_count: 3 });
    expect(mine.breakdown).toContainEqual({ type: 'ZoneBreach', count: 1, weight: 4, deduction: 20 });
    expect(mine.events.map((e: { id: string }) => e.id)).toContain(breach);

    // Switched off again: the score is the harsh events' alone.
    expect((await count(ids.harbor ?? '', false)).status).toBe(200);
    expect(row((await list('operator')).list, ids.ann)).toMatchObject({ score: 35, event_count: 2 });
    const log = await h.database.query<{ action: string; after: { count_zone_breaches: boolean } }>(
      "SELECT action, after FROM audit_log WHERE entity = 'score_settings' AND entity_id = $1 ORDER BY id",
      [ids.harbor],
    );
    expect(log.map((e) => [e.action, e.after.count_zone_breaches])).toEqual([
      ['create', true],
      ['update', false],
    ]);
  });

  it("keeps another company's settings apart, and refuses a bad body in the caller's language", async () => {
    const other = await h.companyId('otherscore');
    expect((await settingsOf(other)).status).toBe(404);
    expect((await count(other, true)).status).toBe(404);
    expect(
      (await h.database.query('SELECT 1 FROM score_settings WHERE customer_id = $1', [other])).length,
    ).toBe(0);
    const bad = await h
      .as('manager', { lang: 'ja' })
      .put(`/driving-scores/settings/${ids.harbor}`, { count_zone_breaches: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.text).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  });

  it('is set only under the score edit privilege', async () => {
    expect((await h.as('operator').get(`/driving-scores/settings/${ids.harbor}`)).status).toBe(403);
    expect(
      (await h.as('operator').put(`/driving-scores/settings/${ids.harbor}`, { count_zone_breaches: true }))
        .status,
    ).toBe(403);
  });
});
