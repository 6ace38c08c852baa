// Site safety zones over the API and from real device messages: a manager draws zones for their
// company (bad outlines and rules refused in the caller's language, nothing stored), another
// company's zones answer as missing, and positions published over MQTT make ZoneBreach events in
// the event list of the device's company only, once per stay. Positions carry their own times,
// minutes before now: any date, any time zone.
import type { ZoneBody } from '@fleetlens/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { publisherOf, registerTestDevice, type TestDevice, until } from '../../testing/deviceLink.ts';
import { linkPerFile } from '../../testing/linkPerFile.ts';
import { zoneBodyOver } from '../../testing/zones.ts';

const { link, h } = linkPerFile();

// A yard near Tokyo; the other company draws its own zone over the same ground.
const YARD: [number, number][] = [
  [139.7, 35.6],
  [139.71, 35.6],
  [139.71, 35.61],
  [139.7, 35.61],
  [139.7, 35.6],
];
const INSIDE = { lng: 139.705, lat: 35.605 };
const OUTSIDE = { lng: 139.69, lat: 35.605 };

const zoneBody = zoneBodyOver(YARD, 'Zone');

let harbor = '';
let other = '';
let otherZone = '';

beforeAll(async () => {
  await h().grant('Fleet manager', [
    'location:view',
    'location:add',
    'location:edit',
    'location:delete',
    'event:view',
  ]);
  harbor = link.customerId;
  other = await h().addCompany('zoneother', 'Zone Other Co');
  const made = await h()
    .as('admin')
    .post(
      '/zones',
      zoneBody(other, { name: 'Other secret yard', kind: 'no-go', rules: [{ type: 'no-entry' }] }),
    );
  expect(made.status).toBe(201);
  otherZone = made.body.data.id;
});

const zoneCount = async () =>
  Number((await h().database.query<{ n: string }>('SELECT count(*) AS n FROM zones'))[0]?.n);

describe('zones over the API', () => {
  it('a manager adds, reads, changes and removes a zone of their company', async () => {
    const made = await h()
      .as('manager')
      .post('/zones', zoneBody(harbor, { name: 'Dock walkway' }));
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({
      name: 'Dock walkway',
      kind: 'pedestrian',
      customer: { id: harbor },
      rules: [{ type: 'speed-limit', speed_kmh: 10 }],
      time_zone: 'UTC',
      polygon: { type: 'Polygon', coordinates: [YARD] },
    });
    const id = made.body.data.id as string;
    const list = await h().as('manager').get('/zones');
    expect((list.body.data.list as { name: string }[]).map((z) => z.name)).toContain('Dock walkway');
    expect(list.text).not.toContain('Other secret yard');
    const changed = await h()
      .as('manager')
      .put(`/zones/${id}`, {
        name: 'Dock walkway',
        kind: 'speed',
        // Sent open (without the first point again), stored and answered closed.
        polygon: { type: 'Polygon', coordinates: [YARD.slice(0, 4)] },
        rules: [{ type: 'hours', from: '22:00', to: '06:00' }],
        time_zone: 'Asia/Tokyo',
      });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({
      kind: 'speed',
      time_zone: 'Asia/Tokyo',
      polygon: { coordinates: [YARD] },
    });
    expect((await h().as('manager').delete(`/zones/${id}`)).status).toBe(200);
    expect((await h().as('manager').get(`/zones/${id}`)).status).toBe(404);
  });

  it('records each write in the audit log: who, the company, the zone before and after', async () => {
    const made = await h()
      .as('manager')
      .post('/zones', zoneBody(harbor, { name: 'Audited crossing' }));
    const id = made.body.data.id as string;
    await h()
      .as('manager')
      .put(`/zones/${id}`, {
        name: 'Audited crossing',
        kind: 'pedestrian',
        polygon: { type: 'Polygon', coordinates: [YARD] },
        rules: [{ type: 'speed-limit', speed_kmh: 5 }],
      });
    await h().as('manager').delete(`/zones/${id}`);
    const log = await h().database.query<{
      action: string;
      actor_name: string;
      customer_id: string;
      before: { rules: unknown } | null;
      after: { rules: unknown; name: string } | null;
    }>(
      `SELECT action, actor_name, customer_id, before, after FROM audit_log
        WHERE entity = 'zone' AND entity_id = $1 ORDER BY id`,
      [id],
    );
    expect(log.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect(log.every((e) => e.actor_name === 'manager' && e.customer_id === harbor)).toBe(true);
    expect(log[0]?.after?.name).toBe('Audited crossing');
    expect(log[1]?.before?.rules).toEqual([{ type: 'speed-limit', speed_kmh: 10 }]);
    expect(log[1]?.after?.rules).toEqual([{ type: 'speed-limit', speed_kmh: 5 }]);
    expect(log[2]?.after).toBeNull();
  });

  it('records nothing for a refused write or another company’s zone', async () => {
    const count = async () =>
      Number(
        (
          await h().database.query<{ n: string }>("SELECT count(*) AS n FROM audit_log WHERE entity = 'zone'")
        )[0]?.n,
      );
    const before = await count();
    const bad = await h()
      .as('manager')
      .post('/zones', zoneBody(harbor, { polygon: { type: 'Polygon', coordinates: [YARD.slice(0, 2)] } }));
    expect(bad.status).toBe(400);
    expect((await h().as('manager').delete(`/zones/${otherZone}`)).status).toBe(404);
    expect(await count()).toBe(before);
  });

  it('lists a page of zones found by name, sorted as asked', async () => {
    for (const name of ['Filter north gate', 'Filter south gate', 'Unrelated bay'])
      expect((await h().as('manager').post('/zones', zoneBody(harbor, { name }))).status).toBe(201);
    const found = await h().as('manager').get('/zones?filter=filter%20&order_by=name&order=desc&perPage=1');
    expect(found.status).toBe(200);
    expect(found.body.data).toMatchObject({ total: 2, page: 1, perPage: 1 });
    expect((found.body.data.list as { name: string }[]).map((z) => z.name)).toEqual(['Filter south gate']);
    const refused = await h().as('manager').get('/zones?order_by=polygon');
    expect(refused.status).toBe(400);
  });

  it('refuses a second zone of the same name in the company', async () => {
    const body = zoneBody(harbor, { name: 'Twice' });
    expect((await h().as('manager').post('/zones', body)).status).toBe(201);
    const again = await h().as('manager').post('/zones', body);
    expect(again.status).toBe(409);
    expect(again.fields.name).toBe('This company already has a zone with this name.');
  });

  it('refuses bad outlines and rules with a translated message, storing nothing', async () => {
    const before = await zoneCount();
    const refused = async (more: Partial<ZoneBody>, lang = 'en') => {
      const res = await h().as('manager', { lang }).post('/zones', zoneBody(harbor, more));
      expect(res.status).toBe(400);
      return res.fields;
    };
    const ring = (points: [number, number][]) => ({
      polygon: { type: 'Polygon' as const, coordinates: [points] },
    });
    const bowtie = ring([
      [139.7, 35.6],
      [139.71, 35.61],
      [139.71, 35.6],
      [139.7, 35.61],
    ]);
    expect(await refused(bowtie)).toEqual({
      'polygon.coordinates': "The zone's outline crosses or touches itself: draw it without crossing lines.",
    });
    expect((await refused(bowtie, 'ja'))['polygon.coordinates']).toBe(
      'ゾーンの輪郭が交差または接しています。線が交差しないように描いてください。',
    );
    expect(
      await refused(
        ring([
          [139.7, 35.6],
          [139.71, 35.6],
          [139.7, 35.6],
        ]),
      ),
    ).toEqual({ 'polygon.coordinates': 'A zone needs at least 3 different points.' });
    expect(
      await refused(
        ring([
          [139.7, 35.6],
          [200, 35.6],
          [139.7, 35.61],
        ]),
      ),
    ).toEqual({
      'polygon.coordinates.0.1':
        'Each point must be [longitude, latitude]: longitude from -180 to 180, latitude from -90 to 90.',
    });
    expect(await refused({ rules: [{ type: 'dwell' }] })).toEqual({
      'rules.0.minutes': 'A dwell rule needs its number of minutes.',
    });
    expect((await refused({ rules: [{ type: 'speed-limit' }] }, 'zh'))['rules.0.speed_kmh']).toBe(
      '限速规则需要填写限速值（km/h）。',
    );
    expect(await refused({ time_zone: 'Mars/Olympus' })).toEqual({
      time_zone: 'Choose a valid time zone.',
    });
    expect(await zoneCount()).toBe(before);
  });

  it("answers another company's zone as missing, and changes nothing of it", async () => {
    for (const call of [
      h().as('manager').get(`/zones/${otherZone}`),
      h()
        .as('manager')
        .put(`/zones/${otherZone}`, {
          name: 'Taken over',
          kind: 'speed',
          polygon: { type: 'Polygon', coordinates: [YARD] },
        }),
      h().as('manager').delete(`/zones/${otherZone}`),
    ])
      expect((await call).status).toBe(404);
    const sneaky = await h()
      .as('manager')
      .post('/zones', zoneBody(other, { name: 'Sneaky' }));
    expect(sneaky.status).toBe(400);
    expect((await h().as('admin').get(`/zones/${otherZone}`)).body.data.name).toBe('Other secret yard');
  });

  it('needs the location privileges: an operator may neither read nor write zones', async () => {
    expect((await h().as('operator').get('/zones')).status).toBe(403);
    expect((await h().as('operator').post('/zones', zoneBody(harbor))).status).toBe(403);
  });
});

describe('breaches from device messages', () => {
  let mine: TestDevice;
  let theirs: TestDevice;

  beforeAll(async () => {
    // Only this zone of the company: the earlier tests' are removed (through the API, as a user would).
    const earlier = (await h().as('manager').get('/zones')).body.data.list as { id: string }[];
    for (const zone of earlier)
      expect((await h().as('manager').delete(`/zones/${zone.id}`)).status).toBe(200);
    const made = await h()
      .as('manager')
      .post(
        '/zones',
        zoneBody(harbor, {
          name: 'Pedestrian yard',
          rules: [{ type: 'speed-limit', speed_kmh: 10 }, { type: 'no-entry' }],
        }),
      );
    expect(made.status).toBe(201);
    mine = await registerTestDevice(h().database, harbor, 1);
    theirs = await registerTestDevice(h().database, other);
  });

  const breachesOf = async (device: TestDevice) =>
    h().database.query<{
      details: { zone_name: string; rule: string; measured: string | null };
      cameras: number;
    }>(
      "SELECT details, cameras FROM device_events WHERE device_pk = $1 AND type = 'ZoneBreach' ORDER BY time, details->>'rule'",
      [device.pk],
    );

  it('a vehicle entering its company’s zone too fast makes one breach of each rule per stay, listed for its company only', async () => {
    const start = Date.now() - 20 * 60_000;
    const time = (s: number) => new Date(start + s * 1000).toISOString();
    const publishMine = publisherOf(await link.signIn(mine), mine);
    const publishTheirs = publisherOf(await link.signIn(theirs), theirs);
    // Outside, then in at 14 km/h and 18 km/h (one stay), out, and in again slowly.
    const track: [number, typeof INSIDE, number][] = [
      [0, OUTSIDE, 20],
      [1, INSIDE, 14],
      [2, INSIDE, 18],
      [3, OUTSIDE, 20],
      [4, INSIDE, 5],
    ];
    for (const [s, at, speed] of track)
      await publishMine('positions', { ...at, speed, direction: 90, time: time(s) });
    // The other company's vehicle drives through the same ground: only its company's zone counts.
    for (const [s, at, speed] of track)
      await publishTheirs('positions', { ...at, speed, direction: 90, time: time(s) });

    const mineBreaches = await until('the breaches of the vehicle', async () => {
      const rows = await breachesOf(mine);
      return rows.length >= 3 && rows;
    });
    await until('the breach of the other vehicle', async () => (await breachesOf(theirs)).length >= 2);
    expect(mineBreaches.map((r) => [r.details.rule, r.details.measured])).toEqual([
      ['no-entry', null],
      ['speed-limit', '14'],
      ['no-entry', null],
    ]);
    expect(mineBreaches.every((r) => r.details.zone_name === 'Pedestrian yard' && r.cameras === 1)).toBe(
      true,
    );
    expect((await breachesOf(theirs)).map((r) => [r.details.zone_name, r.details.rule])).toEqual([
      ['Other secret yard', 'no-entry'],
      ['Other secret yard', 'no-entry'],
    ]);

    const listed = await h().as('manager').get('/events?type=ZoneBreach&perPage=100');
    expect(listed.status).toBe(200);
    const list = listed.body.data.list as {
      device: { id: string };
      zone_breach: { zone_name: string } | null;
      type_code: number;
    }[];
    expect(list.filter((e) => e.device.id === mine.pk)).toHaveLength(3);
    expect(list.every((e) => e.device.id === mine.pk && e.zone_breach?.zone_name === 'Pedestrian yard')).toBe(
      true,
    );
    expect(listed.text).not.toContain('Other secret yard');
    expect(list[0]?.type_code).toBe(40);
    // The breach asks its vehicle's camera for the clip around it, as any event does.
    const [clipsPending] = await h().database.query<{ n: string }>(
      "SELECT count(*) AS n FROM device_events WHERE device_pk = $1 AND type = 'ZoneBreach' AND (clips_pending OR video_status <> 1)",
      [mine.pk],
    );
    expect(Number(clipsPending?.n)).toBe(3);
  });
});
