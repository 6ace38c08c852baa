// Figures (figures.ts, 0037_figures.sql) kept current through the ingest's own writes, with a late
// and a replayed message, sign-ons, an exclusion and a deletion after the fact, answer every drive summary
// exactly as raw data does, and a rebuild from raw data gives the same rows.
import type { DeviceEvent, DevicePosition } from '@fleetlens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inScope } from '../../platform/tenancy.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/database.ts';
import { impactEventBody } from '../../testing/deviceLink.ts';
import { INSERT_DEVICE_SQL } from '../../testing/rows.ts';
import { insertEvents, insertPositions, type LinkedDevice, type Stored } from '../device-link/repository.ts';
import { FIGURE_COLUMNS, settleFigures } from './figures.repository.ts';
import { CURRENT_HOURS_EVERY_MS, figuresJob, rebuildFigures } from './figures.ts';
import { figureTotals } from './figures-read.repository.ts';
import { driveSummaryService } from './service.ts';

let db: TestDatabase;
const ids: Record<string, string> = {};
const devices: LinkedDevice[] = [];
const staff = { customerIds: null, inScope };
const MONTH = { from: Date.parse('2026-11-01T00:00:00Z'), days: 30 };
const MINUTE = 60_000;

/** A small deterministic random source, so every run seeds the same month. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

const one = async (sql: string, params: unknown[] = []) =>
  (await db.query<{ id: string }>(sql, params))[0]?.id ?? '';

/** The days from `first` up to `end` (UTC midnights), day by day. */
const utcDays = (first: string, end: string) =>
  ({ start: `${first}T00:00:00Z`, end: `${end}T00:00:00Z`, interval: 'day', timesetting: 0 }) as const;

const EVENT_TYPES = ['SuddenAcceleration', 'SuddenDeceleration', 'Impact', 'Button'] as const;

/** One vehicle's day: two trips of positions every 30 s, standing spells, a gap; a few events. */
function dayOf(device: LinkedDevice, day: number, rand: () => number) {
  const positions: Stored<DevicePosition>[] = [];
  const events: Stored<DeviceEvent>[] = [];
  let lat = 35 + day / 100;
  // The trips cross UTC hours and, in Tokyo, the local midnight (15:00 UTC).
  for (const [startMinute, minutes] of [
    [6 * 60 + 40 + Math.floor(rand() * 30), 40],
    [14 * 60 + 30 + Math.floor(rand() * 20), 45],
  ] as const) {
    let speed = 0;
    for (let s = 0; s < minutes * 2; s++) {
      // Now and then the device is off for 6 to 8 minutes: no segment across the gap.
      const gap = rand() < 0.015 ? 6 * 2 + Math.floor(rand() * 4) : 0;
      s += gap;
      if (rand() < 0.15) speed = rand() < 0.35 ? 0 : Math.round(rand() * 40 * 10) / 10;
      lat += (speed / 3600) * 30 * 0.00001;
      const time = new Date(
        MONTH.from + day * 1440 * MINUTE + startMinute * MINUTE + s * 30_000,
      ).toISOString();
      positions.push({
        device,
        body: { id: `p-${day}-${startMinute}-${s}`, time, lat, lng: 139.7, speed, direction: 0 },
      });
      if (rand() < 0.03) {
        const type = EVENT_TYPES[Math.floor(rand() * EVENT_TYPES.length)] ?? 'Impact';
        events.push({
          device,
          body: impactEventBody(`e-${day}-${startMinute}-${s}`, { time, type, lat, speed, direction: 0 }),
        });
      }
    }
  }
  return { positions, events };
}

async function signOn(vehicle: string, device: string, operator: string, at: number, action = 'sign-on') {
  await db.query(
    `INSERT INTO operator_sign_ons (device_pk, message_id, customer_id, vehicle_id, action, rfid, operator_id, time)
     VALUES ($1, $2, $3, $4, $5, 'CARD', $6, $7)`,
    [device, `s-${at}-${action}`, ids.customer, vehicle, action, operator, new Date(at).toISOString()],
  );
}

/** The nine figure tables and the operators' running seconds per vehicle and day, rounded, in order. */
async function figureRows() {
  const rounded = (v: unknown): unknown =>
    typeof v === 'number' ? Math.round(v * 1e6) / 1e6 : Array.isArray(v) ? v.map(rounded) : v;
  const rows: Record<string, unknown[]> = {};
  for (const table of [
    'vehicle_hour_figures',
    'vehicle_day_figures',
    'vehicle_month_figures',
    'operator_hour_figures',
    'operator_day_figures',
    'operator_month_figures',
    'fleet_hour_figures',
    'fleet_day_figures',
    'fleet_month_figures',
    'operator_vehicle_day_figures',
  ])
    rows[table] = (await db.query<Record<string, unknown>>(`SELECT * FROM ${table} ORDER BY 1, 2, 3, 4`)).map(
      (row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, rounded(v)])),
    );
  return rows;
}

let late: { positions: Stored<DevicePosition>[]; events: Stored<DeviceEvent>[] };
let replayed: { positions: Stored<DevicePosition>[]; events: Stored<DeviceEvent>[] };

beforeAll(async () => {
  db = await createTestDatabase();
  ids.customer = await one(
    "INSERT INTO customers (stk_user, name, realm, functions) VALUES ('figures', 'Figures Co', 'fleet', '{}') RETURNING id",
  );
  ids.group = await one('INSERT INTO vehicle_groups (customer_id, name) VALUES ($1, $2) RETURNING id', [
    ids.customer,
    'Yard',
  ]);
  ids.crew = await one('INSERT INTO operator_groups (customer_id, name) VALUES ($1, $2) RETURNING id', [
    ids.customer,
    'Crew',
  ]);
  for (const n of [1, 2]) {
    const vehicle = await one(
      'INSERT INTO vehicles (customer_id, name, introduce_date, group_id) VALUES ($1, $2, $3, $4) RETURNING id',
      [ids.customer, `Figures ${n}`, '2024-04-01', ids.group],
    );
    const pk = await one(INSERT_DEVICE_SQL, [ids.customer, `60010000${n}`, vehicle]);
    ids[`v${n}`] = vehicle;
    devices.push({ pk, deviceId: `60010000${n}`, customerId: ids.customer as string, vehicleId: vehicle });
  }
  for (const n of [1, 2, 3])
    ids[`o${n}`] = await one(
      `INSERT INTO operators (customer_id, operator_code, first_name, last_name, birth_date, address, license_number,
         license_received_on, license_valid_till, license_location, phone, group_id)
       VALUES ($1, $2, 'Op', $2, '1980-01-01', 'Street 1', 'LIC', '2000-01-01', '2040-01-01', 'Tokyo', '0123', $3)
       RETURNING id`,
      [ids.customer, `FIG-OP-${n}`, ids.crew],
    );

  // The month as it arrives: each day's data in time order, hour by hour, settled as the
  // figures job would. Vehicle 2's day 10 arrives late, at the end; day 3 arrives twice.
  const rand = random(7);
  for (let day = 0; day < MONTH.days; day++) {
    const dayStart = MONTH.from + day * 1440 * MINUTE;
    const [d1, d2] = devices as [LinkedDevice, LinkedDevice];
    // O1 drives vehicle 1 all morning (signed off at noon); O2 and then O3 vehicle 2, switching mid-trip.
    if (day % 5 !== 4) {
      await signOn(ids.v1 as string, d1.pk, ids.o1 as string, dayStart + 6 * 60 * MINUTE);
      await signOn(ids.v1 as string, d1.pk, ids.o1 as string, dayStart + 12 * 60 * MINUTE, 'sign-off');
    }
    await signOn(ids.v2 as string, d2.pk, ids.o2 as string, dayStart + 6 * 60 * MINUTE);
    await signOn(ids.v2 as string, d2.pk, ids.o3 as string, dayStart + (14 * 60 + 50) * MINUTE);
    for (const device of devices) {
      const data = dayOf(device, day, rand);
      if (device === d2 && day === 10) {
        late = data;
        continue;
      }
      if (day === 3 && device === d1) replayed = data;
      for (let hour = 0; hour < 24; hour++) {
        const inHour = <T extends { body: { time: string } }>(rows: T[]) =>
          rows.filter((r) => Math.floor((Date.parse(r.body.time) - dayStart) / (60 * MINUTE)) === hour);
        const [positions, events] = [inHour(data.positions), inHour(data.events)];
        if (positions.length + events.length === 0) continue;
        await insertPositions(db, positions);
        await insertEvents(db, events);
        // The job's round, hourly the first ten days: the next hour's first position ends a
        // segment of this one.
        if (day < 10) await settleFigures(db);
      }
    }
    await settleFigures(db);
  }
  // A replayed day (stored once), then the late day.
  expect(await insertPositions(db, replayed.positions)).toEqual([]);
  expect(await insertEvents(db, replayed.events)).toEqual([]);
  await insertPositions(db, late.positions.toReversed());
  await insertEvents(db, late.events);
  // A safety manager excludes an event after the fact.
  await db.query(
    `UPDATE device_events SET excluded = true
      WHERE id = (SELECT id FROM device_events WHERE customer_id = $1 AND type = 'Impact' ORDER BY time LIMIT 1)`,
    [ids.customer],
  );
  // And deletes another (events/repository.ts deleteEvent).
  await db.query(
    `DELETE FROM device_events
      WHERE id = (SELECT id FROM device_events WHERE customer_id = $1 AND type = 'SuddenAcceleration' ORDER BY time LIMIT 1)`,
    [ids.customer],
  );
  // The job's round settles what is left.
  await figuresJob(db).run(new Date(), new Date());
}, 120_000);
afterAll(async () => db?.drop());

const summaries = () => driveSummaryService(db);
const PERIODS = [
  { start: '2026-11-01T00:00:00+09:00', end: '2026-12-01T00:00:00+09:00', interval: 'day', timesetting: 540 },
  {
    start: '2026-10-26T00:00:00+09:00',
    end: '2026-12-07T00:00:00+09:00',
    interval: 'week',
    timesetting: 540,
  },
  {
    start: '2026-11-01T00:00:00-05:00',
    end: '2026-12-01T00:00:00-05:00',
    interval: 'month',
    timesetting: -300,
  },
  { start: '2026-11-09T00:00:00Z', end: '2026-11-13T00:00:00Z', interval: 'hour', timesetting: 0 },
  // Whole UTC months: read from the month rows.
  { start: '2026-10-01T00:00:00Z', end: '2027-01-01T00:00:00Z', interval: 'month', timesetting: 0 },
] as const;

describe('figures kept current by the ingest', () => {
  it('leave no hour dirty after the job', async () => {
    expect(await db.query('SELECT * FROM figures_dirty_hours')).toEqual([]);
    expect((await db.query('SELECT 1 FROM vehicle_hour_figures')).length).toBeGreaterThan(100);
    expect((await db.query('SELECT 1 FROM operator_month_figures')).length).toBeGreaterThan(0);
  });

  it('answer every subject and interval exactly as raw data does', async () => {
    for (const [kind, id] of [
      ['vehicle', ids.v1],
      ['vehicleGroup', ids.group],
      ['operator', ids.o3],
      ['operatorGroup', ids.crew],
    ] as const)
      for (const q of PERIODS) {
        const fromFigures = await summaries().of(staff, kind, id as string, q);
        const fromRaw = await summaries().of(staff, kind, id as string, q, 'raw');
        const what = `${kind} ${q.interval}`;
        expect(fromFigures.buckets.length, what).toBe(fromRaw.buckets.length);
        expect(fromRaw.totals.operating_seconds, what).toBeGreaterThan(0);
        for (const [i, bucket] of fromFigures.buckets.entries()) {
          const raw = fromRaw.buckets[i];
          expect(bucket.start, what).toBe(raw?.start);
          expect(bucket.operating_seconds, `${what} ${bucket.start}`).toBeCloseTo(
            raw?.operating_seconds ?? -1,
            6,
          );
          expect(bucket.distance_m, `${what} ${bucket.start}`).toBeCloseTo(raw?.distance_m ?? -1, 6);
          expect(bucket.stops, `${what} ${bucket.start}`).toBe(raw?.stops);
          expect(bucket.events, `${what} ${bucket.start}`).toEqual(raw?.events);
        }
      }
  });

  it('hold the late day and the exclusion', async () => {
    const day = utcDays('2026-11-11', '2026-11-12');
    const late = await summaries().of(staff, 'vehicle', ids.v2 as string, day);
    expect(late.totals.operating_seconds).toBeGreaterThan(0);
    const totals = await figureTotals(
      db,
      'vehicle',
      ids.customer as string,
      [ids.v1 as string, ids.v2 as string],
      new Date(MONTH.from),
      new Date(MONTH.from + MONTH.days * 1440 * MINUTE),
    );
    const all = [...totals.values()];
    expect(all).toHaveLength(2);
    expect(all.every((t) => t.idle_seconds > 0 && t.operating_seconds > 0)).toBe(true);
    expect(all.reduce((n, t) => n + (t.excluded_events.Impact ?? 0), 0)).toBe(1);
  });

  it('sum up: operators over their vehicles, the fleet over its vehicles, days and months over hours', async () => {
    const sums = FIGURE_COLUMNS.map((c) => `round(sum(${c})::numeric, 4) AS ${c}`).join(', ');
    const grouped = (table: string, key: string, grain: string, unit = grain) =>
      db.query(
        `SELECT customer_id, ${key}${key ? ', ' : ''}date_trunc('${unit}', ${grain}, 'UTC') AS at, ${sums}
           FROM ${table} GROUP BY customer_id, ${key}${key ? ', ' : ''}at ORDER BY 1, 2, 3`,
      );
    for (const [kind, key] of [
      ['vehicle', 'vehicle_id'],
      ['operator', 'operator_id'],
      ['fleet', ''],
    ] as const) {
      expect(await grouped(`${kind}_day_figures`, key, 'day'), kind).toEqual(
        await grouped(`${kind}_hour_figures`, key, 'hour', 'day'),
      );
      expect(await grouped(`${kind}_month_figures`, key, 'month'), kind).toEqual(
        await grouped(`${kind}_day_figures`, key, 'day', 'month'),
      );
    }
    expect(await grouped('fleet_hour_figures', '', 'hour')).toEqual(
      await grouped('vehicle_hour_figures', '', 'hour'),
    );
    expect((await grouped('fleet_month_figures', '', 'month')).length).toBeGreaterThan(0);
    // The operators' running seconds at a vehicle per day: each hour's step is that hour's seconds.
    const steps = await db.query(
      `SELECT o.customer_id, o.vehicle_id, o.operator_id, (o.day::timestamp + make_interval(hours => i - 1)) AS hour,
              round((o.seconds_through[i] - coalesce(o.seconds_through[i - 1], 0))::numeric, 4) AS seconds
         FROM operator_vehicle_day_figures o, generate_series(1, 24) i
        WHERE o.seconds_through[i] - coalesce(o.seconds_through[i - 1], 0) <> 0 ORDER BY 1, 2, 3, 4`,
    );
    expect(steps.length).toBeGreaterThan(0);
    expect(steps).toEqual(
      await db.query(
        `SELECT customer_id, vehicle_id, operator_id, hour AT TIME ZONE 'UTC' AS hour,
                round(operating_seconds::numeric, 4) AS seconds
           FROM operator_hour_figures WHERE operating_seconds <> 0 ORDER BY 1, 2, 3, 4`,
      ),
    );
  });

  it('keep a count column per device event type', async () => {
    for (const table of ['vehicle_hour_figures', 'operator_day_figures', 'fleet_month_figures']) {
      const columns = await db.query<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns
          WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
        [table],
      );
      expect(
        columns.map((c) => c.column_name).filter((c) => !/_id$|^(hour|day|month)$/.test(c)),
        table,
      ).toEqual([...FIGURE_COLUMNS]);
    }
  });

  it('equal a rebuild from raw data', async () => {
    const incremental = await figureRows();
    await rebuildFigures(db, {
      customerId: ids.customer as string,
      from: new Date('2026-10-31T00:00:00Z'),
      to: new Date('2026-12-02T00:00:00Z'),
    });
    expect(await figureRows()).toEqual(incremental);
  });

  it('are what the summaries read: raw positions removed unseen leave their answer alone', async () => {
    const q = utcDays('2026-11-05', '2026-11-06');
    const before = await summaries().of(staff, 'vehicle', ids.v1 as string, q);
    await db.query('ALTER TABLE device_positions DISABLE TRIGGER device_positions_removed_figures');
    await db.query('DELETE FROM device_positions WHERE vehicle_id = $1 AND time >= $2 AND time < $3', [
      ids.v1,
      q.start,
      q.end,
    ]);
    await db.query('ALTER TABLE device_positions ENABLE TRIGGER device_positions_removed_figures');
    expect(
      (await summaries().of(staff, 'vehicle', ids.v1 as string, q, 'raw')).totals.operating_seconds,
    ).toBe(0);
    expect((await summaries().of(staff, 'vehicle', ids.v1 as string, q)).totals).toEqual(before.totals);
    expect(before.totals.operating_seconds).toBeGreaterThan(0);
  });

  it('settle past hours each round and the hours still being driven every few minutes', async () => {
    const job = figuresJob(db);
    const now = Date.parse('2026-11-15T10:20:00Z');
    const mark = () =>
      db.query(
        `INSERT INTO figures_dirty_hours (customer_id, vehicle_id, hour)
         VALUES ($1, $2, '2026-11-15T08:00:00Z'), ($1, $2, '2026-11-15T10:00:00Z')`,
        [ids.customer, ids.v1],
      );
    const left = async () =>
      (await db.query<{ hour: Date }>('SELECT hour FROM figures_dirty_hours')).map((r) =>
        new Date(r.hour).toISOString(),
      );
    await mark();
    await job.run(new Date(now), new Date(now));
    expect(await left()).toEqual([]);
    await mark();
    await job.run(new Date(now), new Date(now + 15_000));
    expect(await left()).toEqual(['2026-11-15T10:00:00.000Z']);
    await job.run(new Date(now), new Date(now + CURRENT_HOURS_EVERY_MS));
    expect(await left()).toEqual([]);
  });
});
