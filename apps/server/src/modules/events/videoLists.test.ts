// The video screens' reads on a real database: the asked-for videos (on-demand and random, never
// another type) with who asked, their window and their clips' states; one of them by id (another
// type or tenant is 404); the video history of views, plays and downloads, by kind, vehicle and
// company, another tenant's kept apart; the vehicle's device with its cameras' limit. Who may call
// each: the event video and video history screens' readers, and those who may ask for video.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTestDevice } from '../../testing/deviceLink.ts';
import { type Harness, startHarness } from '../../testing/harness.ts';

let h: Harness;
let harbor = '';
let other = '';
let devicePk = '';
let deviceId = '';
let vehicle = '';
let otherVehicle = '';
let managerId = '';
const seeded: Record<string, string> = {};
const base = Date.parse('2026-11-20T00:00:00Z');
const PERIOD = 'start=2026-11-19T00:00:00Z&end=2026-11-22T00:00:00Z';

async function addEvent(type: string, minutes: number, customer = harbor, car = vehicle): Promise<string> {
  const [row] = await h.database.query<{ id: string }>(
    `INSERT INTO device_events (device_pk, message_id, customer_id, vehicle_id, time, type, lat, lng, speed, direction,
                                gx, gy, gz, roll, pitch, yaw, cameras, camera_ids, clips_pending, video_status,
                                video_start_at, video_start_local, requested_by)
     VALUES ($1, gen_random_uuid()::text, $2, $3, $4, $5, 35.6, 139.7, 0, 0, 0, 0, 0, 0, 0, 0, 2, '{}', false, 2,
             $4, $4::timestamptz AT TIME ZONE 'UTC', CASE WHEN $5 = 'clip' THEN $6::uuid END)
     RETURNING id`,
    [devicePk, customer, car, new Date(base + minutes * 60_000).toISOString(), type, managerId],
  );
  if (!row) throw new Error('event not stored');
  return row.id;
}

async function addClip(eventId: string, camera: number, status: number, failure: string | null = null) {
  const [row] = await h.database.query<{ id: string }>(
    `INSERT INTO event_clips (event_id, customer_id, device_pk, camera, status, failure, window_from, window_to, object_key)
     SELECT e.id, e.customer_id, e.device_pk, $2::int, $3::int, $4::text, e.time, e.time + interval '2 minutes',
            'clips/2026/11/' || gen_random_uuid() || '/cam' || $2::text || '_20261120000000.mp4'
       FROM device_events e WHERE e.id = $1
     RETURNING id`,
    [eventId, camera, status, failure],
  );
  return row?.id ?? '';
}

async function addView(eventId: string, customer: string, kind: string, minutes: number, clipId?: string) {
  await h.database.query(
    `INSERT INTO event_views (event_id, customer_id, user_id, user_name, kind, clip_id, at)
     VALUES ($1, $2, $3, 'Mia Manager', $4, $5, $6)`,
    [eventId, customer, managerId, kind, clipId ?? null, new Date(base + minutes * 60_000).toISOString()],
  );
}

beforeAll(async () => {
  h = await startHarness();
  harbor = await h.companyId('harbor');
  other = await h.addCompany('videolists', 'Video Lists Other');
  // A four-camera device (channel number 4, no cameras registered) fitted to the vehicle.
  const device = await registerTestDevice(h.database, harbor);
  await h.database.query('UPDATE devices SET channel_number = 4 WHERE id = $1', [device.pk]);
  devicePk = device.pk;
  deviceId = device.deviceId;
  vehicle = device.vehicleId;
  await h.database.query("UPDATE vehicles SET name = 'Video Forklift' WHERE id = $1", [vehicle]);
  otherVehicle = await h.addVehicle(other, 'Other Forklift');
  const [manager] = await h.database.query<{ id: string }>("SELECT id FROM users WHERE username = 'manager'");
  managerId = manager?.id ?? '';
  seeded.clip = await addEvent('clip', 10);
  seeded.random = await addEvent('Random', 20);
  seeded.impact = await addEvent('Impact', 30);
  seeded.other = await addEvent('clip', 40, other, otherVehicle);
  seeded.clipCam1 = await addClip(seeded.clip, 1, 4);
  await addClip(seeded.clip, 2, 1, 'timeout');
  await addClip(seeded.random, 1, 2);
  await addView(seeded.clip, harbor, 'view', 50);
  await addView(seeded.clip, harbor, 'play', 51, seeded.clipCam1);
  await addView(seeded.clip, harbor, 'download', 52, seeded.clipCam1);
  await addView(seeded.impact, harbor, 'view', 53);
  await addView(seeded.other, other, 'play', 54);
});
afterAll(async () => h?.close());

describe('the asked-for videos', () => {
  it('lists on-demand and random videos only, newest first, with who asked, the window and the clips', async () => {
    const answer = await h.as('manager').get(`/event-videos?${PERIOD}`);
    expect(answer.status).toBe(200);
    const list = answer.body.data.list;
    expect(list.map((e: { id: string }) => e.id)).toEqual([seeded.random, seeded.clip]);
    const [random, clip] = list;
    expect(clip).toMatchObject({
      type: 'clip',
      requested_by: { id: managerId, name: 'Mina Manager' },
      window_from: '2026-11-20T00:10:00.000Z',
      window_to: '2026-11-20T00:12:00.000Z',
      event_video_state: 'timeout',
    });
    expect(clip.clips).toEqual([
      expect.objectContaining({ camera: 1, video_status: 4, event_video_state: null, recreatable: false }),
      expect.objectContaining({
        camera: 2,
        video_status: 1,
        event_video_state: 'timeout',
        recreatable: true,
      }),
    ]);
    expect(random).toMatchObject({ type: 'Random', requested_by: null, event_video_state: 'being-created' });
  });

  it('filters by type; another type of event is refused', async () => {
    const randoms = await h.as('manager').get(`/event-videos?${PERIOD}&type=Random`);
    expect(randoms.body.data.list.map((e: { id: string }) => e.id)).toEqual([seeded.random]);
    const impact = await h.as('manager').get(`/event-videos?${PERIOD}&type=Impact`);
    expect(impact.status).toBe(400);
  });

  it('answers one asked-for video with its clips; an event of another type or tenant is 404', async () => {
    const one = await h.as('manager').get(`/event-videos/${seeded.clip}`);
    expect(one.status).toBe(200);
    expect(one.body.data.clips).toHaveLength(2);
    expect((await h.as('manager').get(`/event-videos/${seeded.impact}`)).status).toBe(404);
    expect((await h.as('manager').get(`/event-videos/${seeded.other}`)).status).toBe(404);
  });

  it('staff see every customer they may see', async () => {
    const answer = await h.as('support').get(`/event-videos?${PERIOD}`);
    expect(answer.body.data.list.map((e: { id: string }) => e.id)).toEqual([
      seeded.other,
      seeded.random,
      seeded.clip,
    ]);
  });

  it('is refused to a user without the event video screen', async () => {
    expect((await h.as('sales').get(`/event-videos?${PERIOD}`)).status).toBe(403);
    expect((await h.as('operator').get(`/event-videos?${PERIOD}`)).status).toBe(403);
  });
});

describe('the video history', () => {
  it('lists who opened, played and downloaded which video, newest first, in the caller’s companies', async () => {
    const answer = await h.as('manager').get(`/video-history?${PERIOD}`);
    expect(answer.status).toBe(200);
    const list = answer.body.data.list;
    expect(list.map((v: { kind: string }) => v.kind)).toEqual(['view', 'download', 'play', 'view']);
    expect(list[1]).toMatchObject({
      kind: 'download',
      at: '2026-11-20T00:52:00.000Z',
      user: { id: managerId, name: 'Mia Manager' },
      event: { id: seeded.clip, type: 'clip' },
      vehicle: { id: vehicle, name: 'Video Forklift' },
      clip: { id: seeded.clipCam1, camera: 1 },
    });
    expect(answer.body.data).toMatchObject({ total: 4, total_exact: true });
  });

  it('filters by kind, asked-for videos, vehicle and company', async () => {
    const ask = async (query: string) =>
      (await h.as('support').get(`/video-history?${PERIOD}&${query}`)).body.data.list.map(
        (v: { kind: string }) => v.kind,
      );
    expect(await ask('kind=play,download')).toEqual(['play', 'download', 'play']);
    expect(await ask(`requested=true&customer_id=${harbor}`)).toEqual(['download', 'play', 'view']);
    expect(await ask(`vehicle_id=${otherVehicle}`)).toEqual(['play']);
    expect(
      (await h.as('manager').get(`/video-history?${PERIOD}&customer_id=${other}`)).body.data.list,
    ).toEqual([]);
  });

  it('pages and refuses a bad kind or a user without the screen', async () => {
    const page = await h.as('manager').get(`/video-history?${PERIOD}&perPage=3&page=2`);
    expect(page.body.data.list).toHaveLength(1);
    expect((await h.as('manager').get(`/video-history?kind=watch`)).status).toBe(400);
    expect((await h.as('operator').get(`/video-history?${PERIOD}`)).status).toBe(403);
  });
});

describe("the vehicle's device for on-demand video", () => {
  it('answers its cameras and longest video (3 minutes with four cameras)', async () => {
    const answer = await h.as('manager').get(`/vehicles/${vehicle}/video-device`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      vehicle: { id: vehicle, name: 'Video Forklift' },
      device: { id: devicePk, device_id: deviceId },
      cameras: 4,
      max_seconds: 180,
      online: null,
    });
    expect((await h.as('manager').get(`/vehicles/${otherVehicle}/video-device`)).status).toBe(404);
  });
});
