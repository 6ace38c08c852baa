import { describe, expect, it } from 'vitest';
import { startHarness } from '../../testing/harness.ts';
import { perFile } from '../../testing/perFile.ts';
import { INSERT_DEVICE_SQL, insertGroup } from '../../testing/rows.ts';
import { settleFigures } from '../drive-summary/figures.repository.ts';
import { idleSeconds } from './counting.ts';
import { DEFAULT_CHARTS } from './service.ts';

const h = perFile(startHarness);
const TOKYO = 540;
const NOV_2 = { period: 'range', range_start: '2026-11-02', range_end: '2026-11-02' };

async function seedVehicle(name: string, deviceId: string) {
  const customer = await h.companyId('harbor');
  const vehicle = await h.addVehicle(customer, name);
  const [device] = await h.database.query<{ id: string }>(INSERT_DEVICE_SQL, [customer, deviceId, vehicle]);
  const devicePk = device?.id ?? '';
  // [local Tokyo time, latitude, km/h]: one 20 s trip of two 0.001° steps at 09:00.
  const path: [string, number, number][] = [
    ['2026-11-02T09:00:00', 35.6, 10],
    ['2026-11-02T09:00:10', 35.601, 10],
    ['2026-11-02T09:00:20', 35.602, 0],
  ];
  for (const [i, [time, lat, speed]] of path.entries())
    await h.database.query(
      `INSERT INTO device_positions (device_pk, message_id, customer_id, vehicle_id, time, lat, lng, speed, direction)
       VALUES ($1, $2, $3, $4, $5, $6, 139.77, $7, 0)`,
      [devicePk, `chart-p-${i}`, customer, vehicle, `${time}+09:00`, lat, speed],
    );
  for (const [i, type] of ['Impact', 'Impact', 'SuddenAcceleration', 'Button'].entries())
    await h.database.query(
      `INSERT INTO device_events (device_pk, message_id, customer_id, vehicle_id, time, type, lat, lng, speed,
         direction, gx, gy, gz, roll, pitch, yaw, cameras)
       VALUES ($1, $2, $3, $4, '2026-11-02T09:00:05+09:00', $5, 35.6, 139.77, 10, 0, 0.5, 0, 1, 0, 0, 0, 0)`,
      [devicePk, `chart-e-${i}`, customer, vehicle, type],
    );
  return vehicle;
}

const chart = (fields: Record<string, unknown>) => ({
  name: 'Test chart',
  template: 'eventsPerType',
  ...fields,
});

describe("a user's dashboard", () => {
  it('starts with the default set, once, named in the language of the first visit', async () => {
    const support = h.as('support', { lang: 'ja' });
    await support.get('/users/my');
    const [first, again] = await Promise.all([support.get('/charts'), support.get('/charts')]);
    expect(first.status).toBe(200);
    expect(first.body.data.list.map((c: { template: string }) => c.template)).toEqual(
      DEFAULT_CHARTS.map((c) => c.template),
    );
    expect(first.body.data.list[0].name).toBe('現在オンラインの車両');
    expect(first.body.data.list.every((c: { private: boolean }) => c.private)).toBe(true);
    expect(again.body.data.list.map((c: { id: string }) => c.id)).toEqual(
      first.body.data.list.map((c: { id: string }) => c.id),
    );
  });

  it('refuses a user without the dashboard privilege', async () => {
    const operator = h.as('operator');
    expect((await operator.get('/charts')).status).toBe(403);
    expect((await operator.post('/charts', chart({}))).status).toBe(403);
    expect((await operator.put('/charts/period', { period: 'yesterday' })).status).toBe(403);
  });

  it('refuses bad input with translated messages and stores nothing', async () => {
    const manager = h.as('manager');
    const before = (await manager.get('/charts')).body.data.list.length;
    const noName = await manager.post('/charts', chart({ name: ' ', template: undefined }));
    expect(noName.status).toBe(400);
    expect(noName.fields).toMatchObject({ name: 'Enter the chart name.', template: 'Choose a chart.' });
    const noRange = await manager.post('/charts', chart({ period: 'range' }));
    expect(noRange.fields.range_start).toBe('Choose the first and last day of the range.');
    const backwards = await manager.post('/charts', chart({ ...NOV_2, range_start: '2026-11-03' }));
    expect(backwards.status).toBe(400);
    const other = await h.addCompany('otherchart', 'Other Chart Co');
    const foreign = await h.addVehicle(other, 'Other Chart Truck');
    const stranger = await manager.post('/charts', chart({ vehicle_ids: [foreign] }));
    expect(stranger.fields.vehicle_ids).toBe('Choose vehicles, groups and operators you can see.');
    expect((await manager.get('/charts')).body.data.list).toHaveLength(before);
  });

  it("refuses operator groups, another customer's or its own: a chart holds none", async () => {
    const manager = h.as('manager');
    const before = (await manager.get('/charts')).body.data.list;
    const harbor = await h.companyId('harbor');
    const other = await h.addCompany('othergroupco', 'Other Group Co');
    const foreign = await insertGroup(h.database, 'operator_groups', other, 'Their drivers');
    const own = await insertGroup(h.database, 'operator_groups', harbor, 'Our drivers');
    for (const ids of [[foreign], [own]]) {
      const created = await manager.post('/charts', chart({ operator_group_ids: ids }));
      expect(created.status).toBe(400);
      expect(created.body.data.fields.map((f: { message: string }) => f.message)).toContain(
        'This field is not expected here.',
      );
    }
    const mine = before[0];
    const changed = await manager.put(`/charts/${mine.id}`, chart({ operator_group_ids: [foreign] }));
    expect(changed.status).toBe(400);
    expect((await manager.get('/charts')).body.data.list).toEqual(before);
  });

  it("counts a chosen vehicle's day from its drive summary", async () => {
    const vehicle = await seedVehicle('Chart Reach 1', '500700001');
    const manager = h.as('manager');
    const made = async (template: string) => {
      const created = await manager.post('/charts', chart({ template, ...NOV_2, vehicle_ids: [vehicle] }));
      expect(created.status).toBe(201);
      return (await manager.get(`/charts/${created.body.data.id}/data?timesetting=${TOKYO}`)).body.data;
    };
    const events = await made('eventsPerType');
    expect(events.axis).toBe('hour');
    expect(events.categories).toHaveLength(24);
    expect(events.categories[9]).toBe('2026-11-02T09:00:00+09:00');
    const impact = events.series.find((s: { key: string }) => s.key === 'Impact');
    expect(impact.values[9]).toBe(2);
    expect(events.series.map((s: { key: string }) => s.key)).not.toContain('Button');
    // India's half hour: local hours the hour figures cannot split, read from raw data.
    const india = (await manager.get(`/charts/${events.chart_id}/data?timesetting=330`)).body.data;
    expect(india.categories[5]).toBe('2026-11-02T05:00:00+05:30');
    expect(india.series.find((s: { key: string }) => s.key === 'Impact').values[5]).toBe(2);
    const distance = await made('distancePerVehicle');
    expect(distance).toMatchObject({
      axis: 'subject',
      categories: ['Chart Reach 1'],
      unit: 'km',
      subjects: 1,
    });
    expect(distance.series[0].values[0]).toBeCloseTo(0.22, 2);
    const operating = await made('operatingPerVehicle');
    expect(operating).toMatchObject({ unit: 'hours', series: [{ key: 'value', values: [0.01] }] });
    // Its device has not reported a state: it counts apart from online and offline.
    const online = await made('vehiclesOnline');
    expect(online).toMatchObject({ axis: 'state', categories: ['online', 'offline', 'none'], subjects: 1 });
    expect(online.series[0].values).toEqual([0, 0, 1]);
    // 20 s of driving is no driving score (the formula's SCORE_MIN_DRIVING_SECONDS).
    const score = await made('scoreTrend');
    expect(score.unit).toBe('score');
    expect(score.series[0].values[9]).toBeNull();
  });

  it('counts every vehicle of the fleet in one read, and scores by the published formula', async () => {
    const customer = await h.companyId('harbor');
    const vehicles: string[] = [];
    for (let n = 0; n < 55; n++) {
      const vehicle = await h.addVehicle(customer, `Fleet Chart ${String(n).padStart(2, '0')}`);
      const [device] = await h.database.query<{ id: string }>(INSERT_DEVICE_SQL, [
        customer,
        `5008${String(n).padStart(5, '0')}`,
        vehicle,
      ]);
      // 65 minutes at 10 km/h from 09:00 Tokyo, a position a minute.
      await h.database.query(
        `INSERT INTO device_positions (device_pk, message_id, customer_id, vehicle_id, time, lat, lng, speed, direction)
         SELECT $1, 'fleet-p-' || m, $2, $3, '2026-11-03T09:00:00+09:00'::timestamptz + make_interval(mins => m),
                35.6 + m * 0.0005, 139.77, 10, 0
           FROM generate_series(0, 65) m`,
        [device?.id, customer, vehicle],
      );
      if (n === 0)
        for (const [i, type] of ['SuddenAcceleration', 'SuddenTurn', 'Button'].entries())
          await h.database.query(
            `INSERT INTO device_events (device_pk, message_id, customer_id, vehicle_id, time, type, lat, lng, speed,
               direction, gx, gy, gz, roll, pitch, yaw, cameras)
             VALUES ($1, $2, $3, $4, '2026-11-03T09:20:00+09:00', $5, 35.6, 139.77, 10, 0, 0.5, 0, 1, 0, 0, 0, 0)`,
            [device?.id, `fleet-e-${i}`, customer, vehicle, type],
          );
      vehicles.push(vehicle);
    }
    // Past SETTLE_VEHICLES_MAX vehicles with dirty hours a chart reads the figures as the job left them: its round.
    while ((await settleFigures(h.database)) > 0);
    const manager = h.as('manager');
    const NOV_3 = { period: 'range', range_start: '2026-11-03', range_end: '2026-11-03' };
    const made = async (template: string, fields: Record<string, unknown> = {}) => {
      const created = await manager.post('/charts', chart({ template, ...NOV_3, ...fields }));
      return (await manager.get(`/charts/${created.body.data.id}/data?timesetting=${TOKYO}`)).body.data;
    };
    const distance = await made('distancePerVehicle');
    expect(distance.subjects).toBeGreaterThanOrEqual(55);
    expect(distance.left_out).toBe(0);
    expect(distance.categories).toHaveLength(distance.subjects);
    const total = distance.series[0].values.reduce((a: number, b: number) => a + b, 0);
    // 65 steps of 0.0005° of latitude (55.6 m) per vehicle.
    expect(total).toBeCloseTo(55 * 65 * 0.0556, 0);
    // Sudden acceleration and sudden turn weigh 3 each: 100 − 10 × 6 per driving hour.
    const score = await made('scoreTrend', { vehicle_ids: [vehicles[0]] });
    expect(score.series[0].values[9]).toBe(40);
    const fleet = await made('scoreTrend');
    expect(fleet.left_out).toBe(0);
    // The same 6 weighted events over 55 hours of the fleet's driving.
    expect(fleet.series[0].values[9]).toBe(Math.round(100 - (10 * 6) / 55));
  });

  it('keeps private charts to their author and shared ones to their company', async () => {
    const manager = h.as('manager');
    const mine = (await manager.post('/charts', chart({ name: 'Only mine', private: true }))).body.data;
    const shared = (await manager.post('/charts', chart({ name: 'For the team' }))).body.data;
    const support = h.as('support');
    expect((await support.get(`/charts/${mine.id}`)).status).toBe(404);
    expect((await support.put(`/charts/${mine.id}`, chart({}))).status).toBe(404);
    expect((await support.get(`/charts/${shared.id}`)).status).toBe(200);
    // Support's dashboard is their own company's; they may not hide the manager's shared chart.
    const names = (await support.get('/charts')).body.data.list.map((c: { name: string }) => c.name);
    expect(names).not.toContain('For the team');
    expect(
      (await support.put(`/charts/${shared.id}`, chart({ name: 'For the team', private: true }))).status,
    ).toBe(403);
    expect((await support.delete(`/charts/${mine.id}`)).status).toBe(404);
    expect((await manager.delete(`/charts/${mine.id}`)).status).toBe(200);
    expect((await manager.get(`/charts/${mine.id}`)).status).toBe(404);
  });

  it("changes every following chart's period at once, and keeps the order it is given", async () => {
    const manager = h.as('manager');
    const fixed = (await manager.post('/charts', chart({ name: 'Fixed period', batch_change: false }))).body
      .data;
    const changed = await manager.put('/charts/period', { period: 'lastMonth' });
    expect(changed.status).toBe(200);
    const list: { id: string; period: string; name: string }[] = (await manager.get('/charts')).body.data
      .list;
    expect(list.filter((c) => c.id !== fixed.id).every((c) => c.period === 'lastMonth')).toBe(true);
    expect(list.find((c) => c.id === fixed.id)?.period).toBe('today');
    expect((await manager.put('/charts/period', { period: 'range' })).status).toBe(400);

    const reversed = list.map((c) => c.id).reverse();
    const ordered = await manager.put('/charts/order', { ids: reversed });
    expect(ordered.body.data.list.map((c: { id: string }) => c.id)).toEqual(reversed);
    const partial = await manager.put('/charts/order', { ids: reversed.slice(1) });
    expect(partial.status).toBe(400);
    expect(partial.fields.ids).toBe('The order must name every chart of the dashboard once.');
  });
});

describe('idle time', () => {
  it('counts the time a vehicle was online and standing, from the state it began the period in', () => {
    const t = (hhmm: string) => `2026-11-02T${hhmm}:00.000Z`;
    const start = Date.parse(t('00:00'));
    const end = Date.parse(t('12:00'));
    const idle = idleSeconds(
      [
        { vehicle_id: 'a', kind: 'connection', state: 'online', time: '2026-11-01T20:00:00.000Z' },
        { vehicle_id: 'a', kind: 'motion', state: 'stopping', time: t('01:00') },
        { vehicle_id: 'a', kind: 'motion', state: 'running', time: t('02:00') },
        { vehicle_id: 'a', kind: 'motion', state: 'stopping', time: t('03:00') },
        { vehicle_id: 'a', kind: 'connection', state: 'offline', time: t('03:30') },
        { vehicle_id: 'b', kind: 'motion', state: 'stopping', time: t('10:00') },
        { vehicle_id: 'b', kind: 'connection', state: 'online', time: t('11:00') },
      ],
      start,
      end,
    );
    expect(idle.get('a')).toBe(1.5 * 3600);
    expect(idle.get('b')).toBe(3600);
  });
});
