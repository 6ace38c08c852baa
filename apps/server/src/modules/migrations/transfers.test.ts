// Past data transfer through the API, on the real queue: a good set of events, positions and a clip
// written as the product's own (listed in the event list, its clip playable), restored back to
// exactly before; a bad set checked in full (every line reported, nothing written); an abort; a
// company's user refused; and the settings kept per company.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness } from '../../testing/harness.ts';
import { queuedJob, settled } from '../../testing/jobs.ts';
import { perFile } from '../../testing/perFile.ts';
import { encodedClip } from '../../testing/video.ts';
import { transferService } from './transfers.service.ts';

const h = perFile(startHarness);

const csv = (field: string, lines: string[]) => ({
  field,
  name: `${field}.csv`,
  data: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`),
});

const ids: Record<string, string> = {};

const finished = (id: string, lang = 'en') =>
  settled(h.as('support', { lang }), `/migration-transfers/${id}`, 300);

/** Everything of the company a transfer may write or change, to compare before and after. */
const history = async () =>
  (
    await h.database.query(
      `SELECT (SELECT json_agg(json_build_object('id', e.id, 'type', e.type, 'time', e.time, 'cameras', e.cameras,
                      'video_status', e.video_status, 'video_start_at', e.video_start_at) ORDER BY e.id)
                 FROM device_events e WHERE e.customer_id = $1) AS events,
              (SELECT count(*)::int FROM device_positions p WHERE p.customer_id = $1) AS positions,
              (SELECT json_agg(k.id ORDER BY k.id) FROM event_clips k WHERE k.customer_id = $1) AS clips`,
      [ids.company],
    )
  )[0];

beforeAll(async () => {
  ids.company = await h.companyId('harbor');
  ids.vehicle = await h.addVehicle(ids.company, 'Transfer Truck 1');
  const [device] = await h.database.query<{ id: string }>(
    `INSERT INTO devices (customer_id, device_id, device_type, channel_number, vehicle_id, acceleration_threshold,
       acceleration_duration, deceleration_threshold, deceleration_duration, impact_threshold, impact_duration,
       quick_handle_threshold, quick_handle_duration)
     VALUES ($1, '771000001', 'dv426', 1, $2, 0.35, 300, 0.4, 300, 1, 100, 0.35, 300) RETURNING id`,
    [ids.company, ids.vehicle],
  );
  ids.device = device?.id as string;
  await h.database.query(
    `INSERT INTO operators (customer_id, operator_code, first_name, last_name, birth_date, address, license_number,
                            license_received_on, license_valid_till, license_location, phone)
     VALUES ($1, 'TR-OP-1', 'Tomo', 'Transfer', '1990-01-01', 'Dock 1', 'L-9', '2010-01-01', '2030-01-01', 'Osaka', '0600')`,
    [ids.company],
  );
});

afterAll(() => {});

// The event list download's own columns, then the layout's optional ones.
const EVENTS = [
  'time,event_id,type,vehicle,operator,lat,lng,speed_kmh',
  '2025-03-02T09:30:00Z,old-1,Impact,Transfer Truck 1,Tomo Transfer,35.61,139.77,12.5',
  '2025-03-03 18:00:05,old-2,SuddenDeceleration,Transfer Truck 1,TR-OP-1,35.62,139.78,20',
];
const POSITIONS = [
  'time;vehicle;lat;lng;speed_kmh;direction',
  '2025-03-02T09:29:58Z;Transfer Truck 1;35.6100;139.7700;10;90',
  '2025-03-02T09:29:59Z;Transfer Truck 1;35.6101;139.7701;11;90',
  '2025-03-02T09:30:00Z;Transfer Truck 1;35.6102;139.7702;12.5;92',
];

describe('past data transfer', () => {
  it('writes a good set as the product’s own events, positions and clip, listed; then restores exactly', async () => {
    const before = await history();
    const clip = await encodedClip(2);
    const query = `customer_id=${ids.company}&from=2025-03-01&to=2025-03-31&kinds=event,regular,video`;
    const up = await h
      .as('support')
      .upload(`/migration-transfers?${query}`, {}, [
        csv('event', EVENTS),
        csv('regular', POSITIONS),
        { field: 'video', name: '771000001_cam1_20250302093000.mp4', data: clip },
      ]);
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(up.body.data).toMatchObject({ status: 'idle', kinds: ['event', 'regular', 'video'] });
    expect(up.body.data.files[0].mapping).toMatchObject({
      time: 'time',
      vehicle: 'vehicle',
      speed_kmh: 'speed_kmh',
    });
    const id = up.body.data.id;
    expect((await h.as('support').post(`/migration-transfers/${id}/start`, {})).status).toBe(200);
    const done = await finished(id);
    expect(done, JSON.stringify(done.issues)).toMatchObject({
      status: 'completed',
      total: 6,
      success: 6,
      failure: 0,
      written: { event: 2, regular: 3, video: 1 },
    });
    // In the company's event list, as its manager sees it, with the operator and the clip.
    const list = await h
      .as('manager')
      .get('/events?start=2025-03-01T00:00:00Z&end=2025-03-31T00:00:00Z&perPage=100');
    expect(list.status).toBe(200);
    const listed = list.body.data.list.filter(
      (e: { vehicle?: { id: string } }) => e.vehicle?.id === ids.vehicle,
    );
    expect(listed.map((e: { type: string }) => e.type).sort()).toEqual(['Impact', 'SuddenDeceleration']);
    const impact = listed.find((e: { type: string }) => e.type === 'Impact');
    expect(impact.video_status).toBe(4);
    const one = await h.as('manager').get(`/events/${impact.id}`);
    expect(one.body.data.clips).toHaveLength(1);
    expect(one.body.data.clips[0]).toMatchObject({ camera: 1, video_status: 4 });
    // A wall-clock time is read in the company's source time setting (UTC unless set).
    const [late] = await h.database.query<{ time: Date; operator: string | null }>(
      `SELECT e.time, o.operator_code AS operator FROM device_events e LEFT JOIN operators o ON o.id = e.operator_id
        WHERE e.customer_id = $1 AND e.type = 'SuddenDeceleration' AND e.vehicle_id = $2`,
      [ids.company, ids.vehicle],
    );
    expect(late).toEqual({ time: new Date('2025-03-03T18:00:05Z'), operator: 'TR-OP-1' });
    // The same files again: every line is stored already.
    const again = await h
      .as('support')
      .upload(
        `/migration-transfers?customer_id=${ids.company}&from=2025-03-01&to=2025-03-31&kinds=event`,
        {},
        [csv('event', EVENTS)],
      );
    await h.as('support').post(`/migration-transfers/${again.body.data.id}/start`, {});
    const twice = await finished(again.body.data.id);
    expect(twice).toMatchObject({ status: 'error', total: 2, success: 0, failure: 2 });
    expect(twice.issues.map((i: { key: string }) => i.key)).toEqual([
      'transferAlreadyStored',
      'transferAlreadyStored',
    ]);

    const restored = await h.as('support').post(`/migration-transfers/${id}/restore`, {});
    expect(restored.status).toBe(200);
    expect(restored.body.data.written).toEqual({ event: 0, regular: 0, video: 0 });
    expect(await history()).toEqual(before);
    expect((await h.as('support').post(`/migration-transfers/${id}/restore`, {})).status).toBe(409);
  }, 60_000);

  it('reports every bad line of a bad set in the reader’s language and writes nothing', async () => {
    const before = await history();
    const up = await h
      .as('support', { lang: 'ja' })
      .upload(
        `/migration-transfers?customer_id=${ids.company}&from=2025-04-01&to=2025-04-30&kinds=event,regular,video`,
        {},
        [
          csv('event', [
            EVENTS[0] as string,
            '2025-04-02T09:30:00Z,a,Impact,Transfer Truck 1,,35.61,139.77,12', // good
            '2025-04-02 25:00:00,b,Impact,Transfer Truck 1,,35.61,139.77,12', // not a time
            '2025-04-02T10:00:00Z,c,Teleport,Transfer Truck 1,,35.61,139.77,12', // no such type
            '2025-04-02T11:00:00Z,d,Impact,=Nowhere(),,35.61,139.77,12', // no such vehicle, named like a formula
            '2025-04-02T12:00:00Z,e,Impact,Transfer Truck 1,Nobody,35.61,139.77,12', // no such operator
            '2025-04-02T12:30:00Z,e2,Impact,Transfer Truck 1,,95,139.77,12', // no such latitude
            '2025-05-02T12:00:00Z,f,Impact,Transfer Truck 1,,35.61,139.77,12', // after the period
            '2025-04-02T09:30:00Z,g,Impact,Transfer Truck 1,,35.61,139.77,12', // as the second line
          ]),
          csv('regular', [POSITIONS[0] as string, '2025-04-02T09:30:00Z;;35.61;139.77;-3;90']),
          { field: 'video', name: 'holiday.mp4', data: Buffer.from('not a video') },
        ],
      );
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const id = up.body.data.id;
    await h.as('support').post(`/migration-transfers/${id}/start`, {});
    const done = await finished(id, 'ja');
    expect(done).toMatchObject({ status: 'error', total: 10, success: 1, failure: 9 });
    expect(done.message).toBe('validation.transferNothingWritten');
    const where = done.issues.map((i: { file: string; line: number; column: string; key: string }) =>
      [i.file, i.line, i.column, i.key].join(' '),
    );
    expect(where).toEqual(
      expect.arrayContaining([
        'event 3 time transferTimeInvalid',
        'event 4 type invalidEnum',
        'event 5 vehicle transferVehicleUnknown',
        'event 6 operator transferOperatorUnknown',
        'event 7 lat transferOutOfRange',
        'event 8 time transferOutsidePeriod',
        'event 9 time importDuplicate',
        'regular 2 vehicle transferVehicleRequired',
        'regular 2 speed_kmh transferOutOfRange',
        'video 1 name transferVideoName',
      ]),
    );
    expect(done.issues.find((i: { key: string }) => i.key === 'transferVehicleUnknown').reason).toBe(
      '会社にこの名前の車両はありません。',
    );
    expect(await history()).toEqual(before);
    const report = await h.as('support', { lang: 'ja' }).get(`/migration-transfers/${id}/issues`);
    expect(report.status).toBe(200);
    expect(report.text.split('\r\n')[0]).toBe('\uFEFFファイル,行,列,値,理由');
    // The file's own cell comes back neutralised, never as a formula (reports/exports.test.ts).
    expect(report.text).toContain("event,5,vehicle,'=Nowhere(),会社にこの名前の車両はありません。");
  }, 60_000);

  it('refuses a file of a kind not chosen and a chosen kind without its file, storing nothing', async () => {
    const base = `/migration-transfers?customer_id=${ids.company}&from=2025-04-01&to=2025-04-30`;
    const extra = await h
      .as('support')
      .upload(`${base}&kinds=event`, {}, [csv('event', EVENTS), csv('regular', POSITIONS)]);
    expect(extra.status).toBe(400);
    expect(extra.fields.regular).toBeDefined();
    const missing = await h.as('support').upload(`${base}&kinds=event,regular`, {}, [csv('event', EVENTS)]);
    expect(missing.status).toBe(400);
    expect(missing.fields.regular).toBeDefined();
    const order = await h
      .as('support')
      .upload(
        `/migration-transfers?customer_id=${ids.company}&from=2025-04-30&to=2025-04-01&kinds=event`,
        {},
        [csv('event', EVENTS)],
      );
    expect(order.status).toBe(400);
  });

  it('aborts a running transfer: aborted, nothing written, counts that add up, not twice', async () => {
    const before = await history();
    const up = await h
      .as('support')
      .upload(
        `/migration-transfers?customer_id=${ids.company}&from=2025-03-01&to=2025-03-31&kinds=regular`,
        {},
        [csv('regular', POSITIONS)],
      );
    const id = up.body.data.id;
    await h.database.query("UPDATE migration_transfers SET status = 'processing' WHERE id = $1", [id]);
    const controller = new AbortController();
    controller.abort();
    const out = await transferService(h.database, h.storage, h.queue).run(
      queuedJob({ transferId: id }, ids.company as string, h.database, controller.signal),
    );
    expect(out).toEqual({ aborted: true });
    const done = (await h.as('support').get(`/migration-transfers/${id}`)).body.data;
    expect(done).toMatchObject({ status: 'aborted', message: 'validation.transferNothingWritten' });
    expect(done.success + done.failure).toBe(done.total);
    expect(await history()).toEqual(before);
    const again = await h.as('support', { lang: 'en' }).post(`/migration-transfers/${id}/abort`, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/Abort import failed/);
  });

  it('aborts through the API while the job runs', async () => {
    const many = [
      POSITIONS[0] as string,
      ...Array.from(
        { length: 6000 },
        (_, i) =>
          `${new Date(Date.UTC(2025, 5, 1) + i * 1000).toISOString()};Transfer Truck 1;35.6;139.7;5;0`,
      ),
    ];
    const before = await history();
    const up = await h
      .as('support')
      .upload(
        `/migration-transfers?customer_id=${ids.company}&from=2025-06-01&to=2025-06-30&kinds=regular`,
        {},
        [csv('regular', many)],
      );
    const id = up.body.data.id;
    expect((await h.as('support').post(`/migration-transfers/${id}/start`, {})).status).toBe(200);
    const aborting = await h.as('support').post(`/migration-transfers/${id}/abort`, {});
    expect(aborting.status).toBe(200);
    expect(['aborting', 'aborted']).toContain(aborting.body.data.status);
    const done = await finished(id);
    expect(done.status).toBe('aborted');
    expect(done.success + done.failure).toBe(done.total);
    expect(await history()).toEqual(before);
  }, 60_000);

  it('is provider staff’s: a company’s manager can neither list, upload nor act', async () => {
    expect((await h.as('manager').get('/migration-transfers')).status).toBe(403);
    expect(
      (
        await h
          .as('manager')
          .upload(
            `/migration-transfers?customer_id=${ids.company}&from=2025-03-01&to=2025-03-02&kinds=event`,
            {},
            [csv('event', EVENTS)],
          )
      ).status,
    ).toBe(403);
    expect((await h.as('manager').get(`/migration-settings/${ids.company}`)).status).toBe(403);
  });

  it('keeps a company’s settings: defaults until set, mappings offered for its next files, the source time setting', async () => {
    const other = await h.addCompany('transferset', 'Transfer Settings Ltd');
    const first = await h.as('support').get(`/migration-settings/${other}`);
    expect(first.body.data).toEqual({
      default_kinds: ['event', 'regular', 'video'],
      default_months: 12,
      source_utc_offset: 0,
      mappings: {},
    });
    const saved = await h.as('support').put(`/migration-settings/${other}`, {
      default_kinds: ['event'],
      default_months: 6,
      source_utc_offset: 540,
      mappings: { event: { time: '発生日時X', type: 'Art' } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ default_kinds: ['event'], source_utc_offset: 540 });
    const bad = await h.as('support').put(`/migration-settings/${other}`, {
      default_kinds: [],
      default_months: 0,
      source_utc_offset: 9999,
      mappings: {},
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.fields).sort()).toEqual(['default_kinds', 'default_months', 'source_utc_offset']);
    const up = await h
      .as('support')
      .upload(`/migration-transfers?customer_id=${other}&from=2025-03-01&to=2025-03-31&kinds=event`, {}, [
        csv('event', ['発生日時X,Art,vehicle,lat,lng,speed', '2025-03-02 09:00:00,Impact,X,1,1,1']),
      ]);
    expect(up.body.data.source_utc_offset).toBe(540);
    expect(up.body.data.files[0].mapping).toMatchObject({
      time: '発生日時X',
      type: 'Art',
      speed_kmh: 'speed',
    });
  });
});
