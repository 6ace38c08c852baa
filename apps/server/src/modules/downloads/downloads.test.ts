// Managerial downloads on the harness: the period limit and the company's enabled types refuse a
// request before anything is queued; a queued request runs to a CSV with its states and size, its
// link is the caller's alone and answers Gone once its hour is over; cancel ends in aborted.
import { CUSTOMER_DOWNLOAD_TYPES } from '@fleetlens/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestAccess } from '../../platform/access.ts';
import type { ObjectStorage } from '../../platform/storage.ts';
import { type Harness, startHarness } from '../../testing/harness.ts';
import { queuedJob } from '../../testing/jobs.ts';
import { downloadService } from './service.ts';
import { SOURCES } from './sources.repository.ts';

let h: Harness;
let harbor: string;
let vehicle: string;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  h = await startHarness();
  harbor = await h.companyId('harbor');
  await h.database.query(
    "UPDATE customers SET download_types = ARRAY['vehicle-daily-duration', 'event-list'] WHERE id = $1",
    [harbor],
  );
  vehicle = await h.addVehicle(harbor, '=HYPERLINK("x")');
  for (const offset of [-3, -2, -1])
    await h.database.query(
      `INSERT INTO vehicle_day_figures (customer_id, vehicle_id, day, operating_seconds, distance_m, stops, idle_seconds)
       VALUES ($1, $2, ($3::date)::timestamp AT TIME ZONE 'UTC', 3600, 12500, 2, 60)`,
      [harbor, vehicle, day(offset)],
    );
});
afterAll(async () => h?.close());

const first = async <T>(sql: string, params: unknown[] = []) =>
  (await h.database.query<T & object>(sql, params))[0] as T;
const request = (body: object, who = 'manager') => h.as(who).post('/download-requests', body);
const listed = async () => (await h.as('manager').get('/download-requests')).body.data.list;
const settled = async (id: string) => {
  await expect
    .poll(async () => (await listed()).find((r: { id: string }) => r.id === id)?.status, { timeout: 20_000 })
    .toMatch(/^(completed|failed|error|aborted)$/);
  return (await listed()).find((r: { id: string }) => r.id === id);
};

describe('download requests', () => {
  it('refuses a period beyond its type limit, a disabled type and a role without requests, queuing nothing', async () => {
    const tooLong = await request({
      download_type: 'vehicle-daily-duration',
      from: '2025-01-01',
      to: '2026-02-01',
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.data.fields[0]).toMatchObject({ field: 'to', key: 'downloadPeriod13' });
    const twoMonths = await request({ download_type: 'event-list', from: '2025-01-01', to: '2025-03-01' });
    expect(twoMonths.body.data.fields[0]).toMatchObject({ key: 'downloadPeriod2' });
    const reversed = await request({ download_type: 'event-list', from: '2025-02-01', to: '2025-01-01' });
    expect(reversed.body.data.fields[0]).toMatchObject({ key: 'downloadPeriodOrder' });
    const disabled = await request({ download_type: 'operator-daily-duration', from: day(-5), to: day(0) });
    expect(disabled.status).toBe(400);
    expect(disabled.body.data.fields[0]).toMatchObject({ key: 'downloadTypeDisabled' });
    const translated = await h
      .as('manager', { headers: { 'accept-language': 'ja' } })
      .post('/download-requests', { download_type: 'event-list', from: '2025-01-01', to: '2025-03-01' });
    expect(translated.body.data.fields[0].message).toBe('このダウンロード種別の期間は最大2か月です。');
    expect(
      (await request({ download_type: 'vehicle-daily-duration', from: day(-5), to: day(0) }, 'operator'))
        .status,
    ).toBe(403);
    expect(await listed()).toEqual([]);
    const { count } = await first<{ count: string }>(
      "SELECT count(*) FROM queued_jobs WHERE queue = 'downloads'",
    );
    expect(Number(count)).toBe(0);
  });

  it('writes the CSV with its states and size; the link is the caller alone, then Gone', async () => {
    const made = await request({ download_type: 'vehicle-daily-duration', from: day(-10), to: day(0) });
    expect(made.status).toBe(201);
    // Queued, or already taken by a worker by the time the answer reads it back (PostgreSQL's
    // workers are that quick): never an end before it has run.
    expect(made.body.data).toMatchObject({ method: 'async', executor: { name: expect.any(String) } });
    expect(['pending', 'started', 'processing', 'completed']).toContain(made.body.data.status);
    const done = await settled(made.body.data.id);
    expect(done).toMatchObject({ status: 'completed', progress: 100 });

    const link = await h.as('manager').post(`/download-requests/${done.id}/link`, {});
    expect(link.status).toBe(200);
    const url = link.body.data.url.replace('/api/v1', '');
    const file = await h.as('manager').get(url);
    expect(file.status).toBe(200);
    const text = file.text as string;
    expect(Buffer.byteLength(text)).toBe(done.file_size);
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('day,id,name,operating_seconds,idle_seconds,distance_km,stops');
    expect(lines.slice(1)).toEqual(
      [-3, -2, -1].map((o) => `${day(o)},${vehicle},"'=HYPERLINK(""x"")",3600,60,12.5,2`),
    );

    // Someone else with the same link (the provider's admin sees the company, but it is not theirs).
    expect((await h.as('admin').get(url)).status).toBe(403);
    expect((await h.as('manager').get(url.replace(/signature=[^&]+/, 'signature=x'))).status).toBe(403);

    await h.database.query(
      "UPDATE download_requests SET completed_at = now() - interval '61 minutes' WHERE id = $1",
      [done.id],
    );
    expect((await h.as('manager').post(`/download-requests/${done.id}/link`, {})).status).toBe(410);
  });

  it('refuses a link whose time was altered, and answers Gone to a true one past its hour', async () => {
    const made = await request({ download_type: 'vehicle-daily-duration', from: day(-20), to: day(0) });
    const done = await settled(made.body.data.id);
    const url = (await h.as('manager').post(`/download-requests/${done.id}/link`, {})).body.data.url.replace(
      '/api/v1',
      '',
    );
    const query = new URL(url, 'http://x').searchParams;
    const expires = Number(query.get('expires'));
    expect(expires * 1000).toBeGreaterThan(Date.now());
    expect((await h.as('manager').get(url.replace(/expires=\d+/, `expires=${expires + 7200}`))).status).toBe(
      403,
    );

    // The same link read by a server whose clock is an hour and a minute later.
    const [manager] = await h.database.query<{ id: string }>(
      "SELECT id FROM users WHERE username = 'manager'",
    );
    const access = {
      principal: { userId: manager?.id, customerId: harbor, downloadRole: 'request' },
      mustSee: () => {},
    } as unknown as RequestAccess;
    const later = downloadService(h.database, {} as ObjectStorage, h.queue, () => Date.now() + 61 * 60_000);
    const opened = later.open(access, done.id, expires, query.get('signature') ?? undefined);
    await expect(opened).rejects.toMatchObject({ key: 'gone' });
    await expect(later.link(access, done.id)).rejects.toMatchObject({ key: 'gone' });
  });

  it('ends with "No item to download" for a period without figures', async () => {
    const made = await request({
      download_type: 'vehicle-daily-duration',
      from: '2020-01-01',
      to: '2020-01-31',
    });
    expect(await settled(made.body.data.id)).toMatchObject({
      status: 'failed',
      message: 'validation.downloadNoItem',
    });
  });

  it('cancels a waiting request (aborted) and refuses to cancel an ended one', async () => {
    const { id: userId } = await first<{ id: string }>("SELECT id FROM users WHERE username = 'manager'");
    // A request not yet taken by a worker (its job is what cancel would end; none here).
    const { id } = await first<{ id: string }>(
      `INSERT INTO download_requests (customer_id, user_id, download_type, period_from, period_to, method)
       VALUES ($1, $2, 'vehicle-daily-duration', $3, $4, 'async') RETURNING id`,
      [harbor, userId, day(-30), day(-25)],
    );
    const cancelled = await h.as('manager').post(`/download-requests/${id}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.status).toBe('aborted');
    const again = await h.as('manager').post(`/download-requests/${id}/cancel`, {});
    expect(again.status).toBe(409);
    expect((await h.as('manager').post(`/download-requests/${id}/link`, {})).status).toBe(409);
    // A user whose download role is none is refused before the record is looked at.
    expect((await h.as('operator').post(`/download-requests/${id}/cancel`, {})).status).toBe(403);
  });

  it('a running download stops between chunks when cancelled: aborting, then aborted, no file', async () => {
    const { id: userId } = await first<{ id: string }>("SELECT id FROM users WHERE username = 'manager'");
    const { id } = await first<{ id: string }>(
      `INSERT INTO download_requests (customer_id, user_id, download_type, period_from, period_to, method, status)
       VALUES ($1, $2, 'vehicle-daily-duration', $3, $4, 'async', 'processing') RETURNING id`,
      [harbor, userId, day(-40), day(0)],
    );
    const stored: string[] = [];
    const storage = {
      put: async (key: string, body: NodeJS.ReadableStream) => {
        stored.push(key);
        for await (const _ of body);
      },
      delete: async (key: string) => {
        stored.splice(stored.indexOf(key), 1);
      },
    } as unknown as ObjectStorage;
    const service = downloadService(h.database, storage, h.queue);
    const controller = new AbortController();
    await h.as('manager').post(`/download-requests/${id}/cancel`, {});
    expect((await listed()).find((r: { id: string }) => r.id === id).status).toBe('aborting');
    controller.abort();
    await h.database.query("UPDATE download_requests SET status = 'processing' WHERE id = $1", [id]);
    const out = await service.run(queuedJob({ requestId: id }, harbor, h.database, controller.signal));
    expect(out).toEqual({ aborted: true });
    expect((await listed()).find((r: { id: string }) => r.id === id)).toMatchObject({
      status: 'aborted',
      file_size: null,
    });
    expect(stored).toEqual([]);
  });

  it('ends as aborted a cancelled download run again after its replica died, writing no file', async () => {
    const { id: userId } = await first<{ id: string }>("SELECT id FROM users WHERE username = 'manager'");
    const { id } = await first<{ id: string }>(
      `INSERT INTO download_requests (customer_id, user_id, download_type, period_from, period_to, method, status)
       VALUES ($1, $2, 'vehicle-daily-duration', $3, $4, 'async', 'aborting') RETURNING id`,
      [harbor, userId, day(-50), day(-45)],
    );
    const storage = { put: async () => expect.fail('no file is written') } as unknown as ObjectStorage;
    const out = await downloadService(h.database, storage, h.queue).run({
      id: 'job',
      data: { requestId: id },
      customerId: harbor,
      attempt: 1,
      signal: new AbortController().signal,
      progress: async () => {},
      withConnection: (body) => body(h.database),
    });
    expect(out).toEqual({ aborted: true });
    expect((await listed()).find((r: { id: string }) => r.id === id)?.status).toBe('aborted');
  });

  it('makes a synchronous request at once, its link working 60 seconds', async () => {
    const made = await request({
      download_type: 'vehicle-daily-duration',
      from: day(-7),
      to: day(0),
      method: 'sync',
    });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ status: 'completed', method: 'sync', progress: 100 });
    const before = Date.now();
    const link = await h.as('manager').post(`/download-requests/${made.body.data.id}/link`, {});
    const lasts = Date.parse(link.body.data.expires_at) - before;
    expect(lasts).toBeLessThanOrEqual(60_000);
    expect(lasts).toBeGreaterThan(0);
    expect((await h.as('manager').get(link.body.data.url.replace('/api/v1', ''))).status).toBe(200);
  });

  it('ends a synchronous request out of time with the message proposing the scheduled mode', async () => {
    const [manager] = await h.database.query<{ id: string }>(
      "SELECT id FROM users WHERE username = 'manager'",
    );
    const access = {
      principal: { userId: manager?.id, customerId: harbor, downloadRole: 'request' },
      mustSee: () => {},
      mustUseCustomer: async () => {},
    } as unknown as RequestAccess;
    const storage = { put: async () => {}, delete: async () => {} } as unknown as ObjectStorage;
    const outOfTime = () => AbortSignal.abort(new DOMException('out of time', 'TimeoutError'));
    const service = downloadService(h.database, storage, h.queue, Date.now, outOfTime);
    const made = await service.create(access, {
      download_type: 'vehicle-daily-duration',
      from: day(-7),
      to: day(0),
      method: 'sync',
      format: 'csv',
    });
    expect(made).toMatchObject({ status: 'error', message: 'validation.downloadTimedOut', file_size: null });
  });

  it('writes each of the seven types from its own rows, a formula-like name neutralised', async () => {
    await h.database.query('UPDATE customers SET download_types = $2 WHERE id = $1', [
      harbor,
      [...CUSTOMER_DOWNLOAD_TYPES],
    ]);
    const { id: userId } = await first<{ id: string }>("SELECT id FROM users WHERE username = 'manager'");
    const operator = await first<{ id: string }>(
      `INSERT INTO operators (customer_id, operator_code, first_name, last_name, birth_date, address, license_number,
                              license_received_on, license_valid_till, license_location, phone)
       VALUES ($1, 'DL-1', '+Ola', 'Driver', '1990-01-01', 'Dock 1', 'L-1', '2010-01-01', '2099-01-01', 'Osaka', '0600')
       RETURNING id`,
      [harbor],
    );
    const at = `${day(-1)}T08:30:00Z`;
    await h.database.query(
      `INSERT INTO device_events (device_pk, message_id, customer_id, vehicle_id, operator_id, time, type,
                                  lat, lng, speed, direction, gx, gy, gz, roll, pitch, yaw, cameras)
       VALUES (gen_random_uuid(), 'dl-1', $1, $2, $3, $4, 'Speed', 35.1, 139.2, 42, 0, 0, 0, 0, 0, 0, 0, 0)`,
      [harbor, vehicle, operator.id, at],
    );
    await h.database.query(
      `INSERT INTO operator_day_figures (customer_id, operator_id, day, operating_seconds, events_speed)
       VALUES ($1, $2, ($3::date)::timestamp AT TIME ZONE 'UTC', 1800, 1)`,
      [harbor, operator.id, day(-1)],
    );
    await h.database.query(
      `INSERT INTO operator_vehicle_day_figures (customer_id, vehicle_id, day, operator_id, seconds_through)
       VALUES ($1, $2, $3, $4, array_fill(1800::float8, ARRAY[24]))`,
      [harbor, vehicle, day(-1), operator.id],
    );
    await h.database.query(
      `INSERT INTO login_history (customer_id, user_id, succeeded, created_at)
       VALUES ($1, $2, true, $3), ($1, $2, false, $3)`,
      [harbor, userId, at],
    );
    const rows = async (download_type: string) => {
      const made = await request({ download_type, from: day(-2), to: day(0), method: 'sync' });
      expect(made.body.data).toMatchObject({ status: 'completed' });
      const link = await h.as('manager').post(`/download-requests/${made.body.data.id}/link`, {});
      const text = (await h.as('manager').get(link.body.data.url.replace('/api/v1', ''))).text as string;
      return text
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
    };
    const name = `"'=HYPERLINK(""x"")"`;
    expect((await rows('operator-daily-duration')).slice(1)).toEqual([
      `${day(-1)},${operator.id},'+Ola Driver,1800,0,0,0`,
    ]);
    const vehicleEvents = await rows('vehicle-event-count');
    expect(vehicleEvents[0]).toMatch(/^day,id,name,operating_seconds,events,events_manual,/);
    expect(vehicleEvents[1]).toMatch(new RegExp(`^${day(-2)},${vehicle},.*,3600,0,0,`));
    const operatorEvents = await rows('operator-event-count');
    const speed = operatorEvents[0]?.split(',').indexOf('events_speed') ?? -1;
    expect(operatorEvents[1]?.split(',').slice(0, 5)).toEqual([
      day(-1),
      operator.id,
      "'+Ola Driver",
      '1800',
      '1',
    ]);
    expect(operatorEvents[1]?.split(',')[speed]).toBe('1');
    expect(await rows('vehicle-driving-info')).toEqual([
      'day,vehicle_id,vehicle,operator_id,operator,signed_on_seconds',
      `${day(-1)},${vehicle},${name},${operator.id},'+Ola Driver,1800`,
    ]);
    const events = await rows('event-list');
    expect(events[0]).toBe('time,event_id,type,vehicle,operator,lat,lng,speed_kmh');
    expect(events[1]).toMatch(
      new RegExp(
        `^${day(-1)}T08:30:00Z,[0-9a-f-]{36},Speed,${name.replace(/[()]/g, '\\$&')},'\\+Ola Driver,35.1,139.2,42$`,
      ),
    );
    const logins = await rows('user-daily-login');
    expect(logins[0]).toBe('day,user_id,username,name,logins,failed_logins');
    expect(logins.find((l) => l.startsWith(`${day(-1)},${userId},manager,`))).toMatch(/,1,1$/);
  });

  it('reads every type a row at a time as in one piece: each chunk starts after the last one’s key', async () => {
    // A second event at the very same moment: only its id tells it from the first.
    await h.database.query(
      `INSERT INTO device_events (device_pk, message_id, customer_id, vehicle_id, time, type,
                                  lat, lng, speed, direction, gx, gy, gz, roll, pitch, yaw, cameras)
       SELECT device_pk, 'dl-2', customer_id, vehicle_id, time, 'Speed', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
         FROM device_events WHERE message_id = 'dl-1'`,
    );
    for (const type of CUSTOMER_DOWNLOAD_TYPES) {
      const source = SOURCES[type];
      const whole = await source.chunk(h.database, harbor, day(-3), day(0), undefined, 1000);
      const single: unknown[] = [];
      let after: string[] | undefined;
      for (;;) {
        const chunk = await source.chunk(h.database, harbor, day(-3), day(0), after, 1);
        single.push(...chunk.rows);
        if (!chunk.last) break;
        after = chunk.last;
      }
      expect(whole.rows.length, type).toBeGreaterThan(0);
      expect(single, type).toEqual(whole.rows);
    }
  });

  it('writes an XLSX workbook as a stream, its formula-like text neutralised as in the CSV', async () => {
    const made = await request({
      download_type: 'vehicle-daily-duration',
      from: day(-3),
      to: day(-1),
      method: 'sync',
      format: 'xlsx',
    });
    expect(made.body.data).toMatchObject({ status: 'completed', format: 'xlsx' });
    const link = await h.as('manager').post(`/download-requests/${made.body.data.id}/link`, {});
    const file = await h.as('manager').get(link.body.data.url.replace('/api/v1', ''));
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.headers['content-disposition']).toContain('.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.raw as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      'day',
      'id',
      'name',
      'operating_seconds',
      'idle_seconds',
      'distance_km',
      'stops',
    ]);
    expect(sheet?.rowCount).toBe(4);
    expect(sheet?.getRow(2).values).toEqual([
      undefined,
      day(-3),
      vehicle,
      '\'=HYPERLINK("x")',
      3600,
      60,
      12.5,
      2,
    ]);
  });
});
