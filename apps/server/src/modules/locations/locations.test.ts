import { envelopeSchema, TRACK_MAX_POINTS, trackSchema } from '@fleetlens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { type Harness, startHarness } from '../../testing/harness.ts';
import { INSERT_DEVICE_SQL } from '../../testing/rows.ts';
import { trackPointsJson } from './repository.ts';

let h: Harness;
const ids: Record<string, string> = {};
const HOUR = 60 * 60 * 1000;
const base = Date.now() - 3 * HOUR;

const one = async (sql: string, params: unknown[] = []) =>
  (await h.database.query<{ id: string }>(sql, params))[0]?.id ?? '';

/** A vehicle with a device; the device reported a state and `count` positions, `stepMs` apart from `base`. */
async function vehicleWithTrack(
  customer: string,
  name: string,
  deviceId: string,
  lng: number,
  count: number,
  stepMs = 60_000,
) {
  const vehicle = await one(
    `INSERT INTO vehicles (customer_id, name, introduce_date, vehicle_type, icon)
     VALUES ($1, $2, '2024-04-01', 'reach', 'b') RETURNING id`,
    [customer, name],
  );
  const device = await one(INSERT_DEVICE_SQL, [customer, deviceId, vehicle]);
  await h.database.query(
    `INSERT INTO device_positions (device_pk, message_id, customer_id, vehicle_id, time, lat, lng, speed, direction)
     SELECT $1, 'm' || i, $2, $3, to_timestamp(($4::float8 + i::float8 * $7::float8) / 1000), 35.6 + i * 0.0001, $5::float8, 8, 0
       FROM generate_series(0, $6::int - 1) AS i`,
    [device, customer, vehicle, base, lng, count, stepMs],
  );
  await h.database.query(
    `INSERT INTO device_states (device_pk, customer_id, online, motion, position_time, lat, lng, speed, direction)
     VALUES ($1, $2, true, 'running', to_timestamp($3::float8 / 1000), 35.7, $4, 8, 45)`,
    [device, customer, base + count * stepMs, lng],
  );
  return { vehicle, device };
}

beforeAll(async () => {
  h = await startHarness();
  await h.grant('Fleet manager', ['location:view', 'dashboard:view']);
  const harbor = await h.companyId('harbor');
  const north = await h.companyId('harbor-north');
  const other = await one(
    "INSERT INTO customers (stk_user, name, realm, functions) VALUES ('othermaps', 'Other Maps Co', 'fleet', '{d-map,r-map}') RETURNING id",
  );
  const a = await vehicleWithTrack(harbor, 'Harbor Reach 1', '100200300', 139.77, 30);
  const n = await vehicleWithTrack(north, 'North Reach 2', '100200301', 139.78, 5);
  const b = await vehicleWithTrack(other, 'Other Reach 9', '900900900', 2.35, 10);
  await one(
    "INSERT INTO vehicles (customer_id, name, introduce_date) VALUES ($1, 'Harbor Spare 3', '2024-04-01') RETURNING id",
    [harbor],
  );
  Object.assign(ids, {
    harbor,
    aVehicle: a.vehicle,
    aDevice: a.device,
    nVehicle: n.vehicle,
    bVehicle: b.vehicle,
    bDevice: b.device,
  });
});
afterAll(async () => h?.close());

const period = (fromMs: number, toMs: number) =>
  `start=${encodeURIComponent(new Date(fromMs).toISOString())}&end=${encodeURIComponent(new Date(toMs).toISOString())}`;

describe('the dashboard map: latest positions', () => {
  it("a customer's manager sees the vehicles of their company and its sub company, never another's", async () => {
    const res = await h.as('manager').get('/locations');
    expect(res.status).toBe(200);
    const list = res.body.data.list as { name: string; lng: number | null; online: boolean }[];
    const names = list.map((v) => v.name);
    expect(names).toEqual(expect.arrayContaining(['Harbor Reach 1', 'North Reach 2', 'Harbor Spare 3']));
    expect(names).not.toContain('Other Reach 9');
    expect(res.text).not.toContain('900900900');
    expect(list.find((v) => v.name === 'Harbor Reach 1')).toMatchObject({
      vehicle_type: 'reach',
      icon: 'b',
      device: { device_id: '100200300' },
      lat: 35.7,
      lng: 139.77,
      speed: 8,
      direction: 45,
      motion: 'running',
      online: true,
      customer: { name: 'Harbor Logistics' },
    });
    // Never reported: listed without a position, offline.
    expect(list.find((v) => v.name === 'Harbor Spare 3')).toMatchObject({
      lat: null,
      lng: null,
      online: false,
      device: null,
    });
  });

  it('staff see every customer, and may narrow to one', async () => {
    const all = (await h.as('admin').get('/locations')).body.data.list as { name: string }[];
    expect(all.map((v) => v.name)).toEqual(expect.arrayContaining(['Harbor Reach 1', 'Other Reach 9']));
    const one = (await h.as('admin').get(`/locations?customer_id=${ids.harbor}`)).body.data.list as {
      name: string;
    }[];
    expect(one.map((v) => v.name)).not.toContain('Other Reach 9');
  });

  it("needs the company's dashboard-map function (d-map) and location:view", async () => {
    await h.database.query(
      "UPDATE customers SET functions = array_remove(functions, 'd-map') WHERE stk_user = 'harbor'",
    );
    try {
      expect((await h.as('manager').get('/locations')).status).toBe(403);
    } finally {
      await h.database.query(
        "UPDATE customers SET functions = functions || '{d-map}' WHERE stk_user = 'harbor'",
      );
    }
    expect((await h.as('manager').get('/locations')).status).toBe(200);
    expect((await h.as('operator').get('/locations')).status).toBe(403);
  });
});

describe("one vehicle's map", () => {
  it('answers the positions of the period in time order, as [time, lng, lat, speed, direction]', async () => {
    const res = await h
      .as('manager')
      .get(`/vehicles/${ids.aVehicle}/map?${period(base + 10 * 60000, base + 19 * 60000)}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    // The points are spliced in as JSON text (platform/envelope.ts): the whole answer still
    // matches the route's schema, and its fields are the schema's.
    const track = envelopeSchema(trackSchema).strict().parse(res.body).data;
    expect(Object.keys(track).sort()).toEqual(Object.keys(trackSchema.shape).sort());
    expect(track.vehicle).toMatchObject({ id: ids.aVehicle, name: 'Harbor Reach 1', vehicle_type: 'reach' });
    expect(track.device).toMatchObject({ device_id: '100200300' });
    expect(track.points).toHaveLength(10);
    expect(track.points[0]).toEqual([base + 10 * 60000, 139.77, expect.closeTo(35.601, 6), 8, 0]);
    const times = track.points.map((p: number[]) => p[0]);
    expect(times).toEqual([...times].sort((x?: number, y?: number) => (x ?? 0) - (y ?? 0)));
    expect(track.thinned).toBe(false);
  });

  it('answers an empty list of points for a period with none', async () => {
    const res = await h
      .as('manager')
      .get(`/vehicles/${ids.aVehicle}/map?${period(base - 2 * HOUR, base - HOUR)}`);
    expect(res.status).toBe(200);
    expect(envelopeSchema(trackSchema).parse(res.body).data).toMatchObject({ points: [], thinned: false });
  });

  it('without a period answers the last day', async () => {
    const res = await h.as('manager').get(`/vehicles/${ids.nVehicle}/map`);
    expect(res.status).toBe(200);
    expect(res.body.data.points).toHaveLength(5);
  });

  it("answers 404 for another customer's vehicle, as if it did not exist", async () => {
    const res = await h.as('manager').get(`/vehicles/${ids.bVehicle}/map?${period(base, base + HOUR)}`);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('Other Reach 9');
    expect(
      (await h.as('admin').get(`/vehicles/${ids.bVehicle}/map?${period(base, base + HOUR)}`)).status,
    ).toBe(200);
  });

  it('refuses a period that ends before it starts, or spans more than 7 days, with a translated message', async () => {
    const backwards = await h.as('manager').get(`/vehicles/${ids.aVehicle}/map?${period(base, base - HOUR)}`);
    expect(backwards.status).toBe(400);
    expect(backwards.body.data.fields).toEqual([
      expect.objectContaining({ field: 'querystring.end', message: 'The end must be after the start.' }),
    ]);
    const long = await h
      .as('manager')
      .get(`/vehicles/${ids.aVehicle}/map?${period(base - 8 * 24 * HOUR, base)}`);
    expect(long.status).toBe(400);
    expect(long.body.data.fields[0].message).toBe('The period can be at most 7 days.');
    const ja = await h.as('manager', { lang: 'ja' }).get(`/vehicles/${ids.aVehicle}/map?start=yesterday`);
    expect(ja.status).toBe(400);
    expect(ja.body.data.fields[0]).toMatchObject({ field: 'querystring.start', key: 'invalidDate' });
    expect(ja.body.data.fields[0].message).not.toMatch(/[A-Za-z]{4}/);
  });

  it('thins a track longer than one answer carries, evenly, keeping the first and last', async () => {
    const { vehicle } = await vehicleWithTrack(
      ids.harbor ?? '',
      'Harbor Busy 4',
      '100200399',
      139.79,
      TRACK_MAX_POINTS + 10,
      10_000,
    );
    const res = await h
      .as('manager')
      .get(`/vehicles/${vehicle}/map?${period(base, base + 7 * 24 * HOUR - 1)}`);
    expect(res.status).toBe(200);
    const track = res.body.data;
    expect(track.thinned).toBe(true);
    expect(track.points.length).toBeLessThanOrEqual(TRACK_MAX_POINTS);
    expect(track.points[0][0]).toBe(base);
    expect(track.points.at(-1)[0]).toBe(base + (TRACK_MAX_POINTS + 9) * 10_000);
    const times = track.points.map((p: number[]) => p[0]);
    expect(times).toEqual([...times].sort((x?: number, y?: number) => (x ?? 0) - (y ?? 0)));
  });
});

describe("one device's drive route", () => {
  it('answers the route by the device id (digits) or the record id, with its vehicle', async () => {
    for (const key of ['100200300', ids.aDevice]) {
      const res = await h.as('manager').get(`/devices/${key}/drive-route?${period(base, base + HOUR)}`);
      expect(res.status).toBe(200);
      expect(res.body.data.points).toHaveLength(30);
      expect(res.body.data.vehicle).toMatchObject({ name: 'Harbor Reach 1' });
    }
    expect(
      (await h.as('kitting').get(`/devices/100200300/drive-route?${period(base, base + HOUR)}`)).status,
    ).toBe(200);
  });

  it("answers 404 for another customer's device, by either id", async () => {
    for (const key of ['900900900', ids.bDevice]) {
      const res = await h.as('manager').get(`/devices/${key}/drive-route?${period(base, base + HOUR)}`);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('Other Reach 9');
    }
  });

  it('needs the route-map function (r-map) and refuses users without location:view', async () => {
    expect((await h.as('operator').get(`/devices/100200300/drive-route`)).status).toBe(403);
    await h.database.query(
      "UPDATE customers SET functions = array_remove(functions, 'r-map') WHERE stk_user = 'harbor'",
    );
    try {
      expect((await h.as('manager').get(`/devices/100200300/drive-route`)).status).toBe(403);
    } finally {
      await h.database.query(
        "UPDATE customers SET functions = functions || '{r-map}' WHERE stk_user = 'harbor'",
      );
    }
  });

  it('answers a device key that is neither digits nor a record id as not found', async () => {
    const res = await h.as('manager').get('/devices/abc/drive-route');
    expect(res.status).toBe(404);
  });
});

describe('the map style', () => {
  it('is named by the public configuration: empty for the built-in offline style', async () => {
    const res = await h.as(null).get('/config');
    expect(res.body.data.map_style_url).toBe('');
  });

  it('takes an http(s) URL or a path on this server, and refuses anything else at start', () => {
    expect(loadConfig({ MAP_STYLE_URL: 'https://tiles.example.com/style.json' }).MAP_STYLE_URL).toBe(
      'https://tiles.example.com/style.json',
    );
    expect(loadConfig({ MAP_STYLE_URL: '/styles/yard.json' }).MAP_STYLE_URL).toBe('/styles/yard.json');
    expect(() => loadConfig({ MAP_STYLE_URL: 'javascript:alert(1)' })).toThrow(/MAP_STYLE_URL/);
  });
});

describe('the points as JSON text', () => {
  it("joins PostgreSQL's text of each position as it stands, and refuses what would not be JSON numbers", () => {
    const point = { p: '[1763976000123,139.7761,35.6172,11.8,1e-05]' };
    expect(JSON.parse(trackPointsJson([point, point]))).toEqual([
      [1763976000123, 139.7761, 35.6172, 11.8, 0.00001],
      [1763976000123, 139.7761, 35.6172, 11.8, 0.00001],
    ]);
    expect(trackPointsJson([])).toBe('[]');
    for (const bad of ['NaN', 'Infinity', '-Infinity', ''])
      expect(() => trackPointsJson([point, { p: `[1763976000123,139.7761,35.6172,${bad},0]` }])).toThrow(
        /not a finite number/,
      );
  });
});
