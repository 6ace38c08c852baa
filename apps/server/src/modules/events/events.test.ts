// The event list, detail and review calls on a real database: the safety manager's filters and
// paging (page and cursor), the reviewer's changes, the restricted event that cannot be deleted,
// views and viewers, the privileges event and event_vid, and another company kept apart.
import { beforeAll, describe, expect, it } from 'vitest';
import { startHarness } from '../../testing/harness.ts';
import { perFile } from '../../testing/perFile.ts';
import { INSERT_DEVICE_SQL, INSERT_OPERATOR_SQL, insertedId, insertGroup } from '../../testing/rows.ts';

const h = perFile(startHarness);
/** The companies, the device, the vehicles, the group and the operator the events are seeded for. */
const seed = {
  harbor: '',
  north: '',
  other: '',
  devicePk: '',
  vehicleA: '',
  vehicleB: '',
  group: '',
  operator: '',
};
const DAY = 86_400_000;
// The events lie in a day three days ago (a UTC midnight), so the default period, the last week,
// holds them whatever the date; `early` lies six days before it, outside that week.
const base = Math.floor(Date.now() / DAY) * DAY - 3 * DAY;
const iso = (ms: number) => new Date(ms).toISOString();

interface Seeded {
  customer?: string;
  vehicle?: string | null;
  operator?: string | null;
  type?: string;
  minutes: number;
  tag?: string;
  review?: string;
  videoStatus?: number;
  doNotDelete?: boolean;
}

async function addEvent(e: Seeded): Promise<string> {
  const [row] = await h.database.query<{ id: string }>(
    `INSERT INTO device_events (device_pk, message_id, customer_id, vehicle_id, operator_id, time, type, lat, lng,
                                speed, direction, gx, gy, gz, roll, pitch, yaw, cameras, camera_ids, tag, review_state,
                                video_status, do_not_delete, clips_pending)
     VALUES ($1, gen_random_uuid()::text, $2, $3, $4, $5, $6, 35.6, 139.7, 9.5, 90, -0.6, 0.1, 1.0, 0.5, -1, 90,
             0, '{}', $7, $8, $9, $10, false)
     RETURNING id`,
    [
      seed.devicePk,
      e.customer ?? seed.harbor,
      e.vehicle === undefined ? seed.vehicleA : e.vehicle,
      e.operator ?? null,
      new Date(base + e.minutes * 60_000).toISOString(),
      e.type ?? 'SuddenDeceleration',
      e.tag ?? 'none',
      e.review ?? 'needs-review',
      e.videoStatus ?? 1,
      e.doNotDelete ?? false,
    ],
  );
  if (!row) throw new Error('event not stored');
  return row.id;
}

const PERIOD = `start=${iso(base - DAY)}&end=${iso(base + 2 * DAY)}`;
const ids = (answer: { body: { data: { list: { id: string }[] } } }) =>
  answer.body.data.list.map((e) => e.id);

beforeAll(async () => {
  const harbor = await h.companyId('harbor');
  const vehicleA = await h.addVehicle(harbor, 'Event Forklift A');
  const vehicleB = await h.addVehicle(harbor, 'Event Forklift B');
  const group = await insertGroup(h.database, 'vehicle_groups', harbor, 'Night shift');
  await h.database.query('UPDATE vehicles SET group_id = $1 WHERE id = $2', [group, vehicleB]);
  Object.assign(seed, {
    harbor,
    north: await h.companyId('harbor-north'),
    other: await h.addCompany('othertenant', 'Other Tenant'),
    // A device fitted to no vehicle.
    devicePk: await insertedId(h.database, INSERT_DEVICE_SQL, [harbor, '555000111', null]),
    vehicleA,
    vehicleB,
    group,
    operator: await insertedId(h.database, INSERT_OPERATOR_SQL, [harbor, 'EV-OP-1', 'Eva', 'Driver', null]),
  });
});

describe('the event list', () => {
  const seeded: Record<string, string> = {};
  beforeAll(async () => {
    for (let i = 0; i < 25; i += 1) seeded[`plain${i}`] = await addEvent({ minutes: i * 10 });
    seeded.impact = await addEvent({ minutes: 300, type: 'Impact', vehicle: seed.vehicleB, tag: 'serious' });
    seeded.turn = await addEvent({
      minutes: 310,
      type: 'SuddenTurn',
      operator: seed.operator,
      review: 'coached',
      videoStatus: 4,
    });
    seeded.north = await addEvent({ minutes: 320, customer: seed.north, vehicle: null, type: 'Impact' });
    seeded.other = await addEvent({ minutes: 330, customer: seed.other, vehicle: null, type: 'Impact' });
    seeded.early = await addEvent({ minutes: -6 * 24 * 60 });
  });

  it('answers the period newest first, with every field of the event, the sub company included', async () => {
    const answer = await h.as('manager').get(`/events?${PERIOD}&perPage=100`);
    expect(answer.status).toBe(200);
    const list = answer.body.data.list;
    expect(list.map((e: { id: string }) => e.id).slice(0, 3)).toEqual([
      seeded.north,
      seeded.turn,
      seeded.impact,
    ]);
    expect(list).toHaveLength(28);
    expect(answer.body.data).toMatchObject({ total: 28, total_exact: true, page: 1, perPage: 100 });
    const impact = list.find((e: { id: string }) => e.id === seeded.impact);
    expect(impact).toMatchObject({
      type: 'Impact',
      type_code: 14,
      tag: 'serious',
      vehicle: { id: seed.vehicleB, name: 'Event Forklift B' },
      customer: { id: seed.harbor, name: 'Harbor Logistics' },
      device: { device_id: '555000111', device_type: 'dv426' },
      speed: 9.5,
      gx: -0.6,
      excluded: false,
      do_not_delete: false,
      review_state: 'needs-review',
      view_count: 0,
      viewer_count: 0,
      video_status: 1,
      comment: '',
    });
    expect(impact.time).toBe(iso(base + 300 * 60_000));
    // Another company's event is not among them.
    expect(list.some((e: { id: string }) => e.id === seeded.other)).toBe(false);
  });

  it('filters by type, company, vehicle, vehicle group, operator, tag, video status and review state', async () => {
    const manager = h.as('manager');
    const by = async (query: string) => ids(await manager.get(`/events?${PERIOD}&${query}`));
    expect(await by('type=Impact,SuddenTurn')).toEqual([seeded.north, seeded.turn, seeded.impact]);
    expect(await by(`customer_id=${seed.north}`)).toEqual([seeded.north]);
    expect(await by(`vehicle_id=${seed.vehicleB}`)).toEqual([seeded.impact]);
    expect(await by(`vehicle_group_id=${seed.group}`)).toEqual([seeded.impact]);
    expect(await by(`operator_id=${seed.operator}`)).toEqual([seeded.turn]);
    expect(await by('tag=serious')).toEqual([seeded.impact]);
    expect(await by('video_status=4')).toEqual([seeded.turn]);
    expect(await by('review_state=coached')).toEqual([seeded.turn]);
    // The default period is the last week.
    const lastWeek = ids(await manager.get('/events?perPage=1000'));
    expect(lastWeek).toContain(seeded.impact);
    expect(lastWeek).not.toContain(seeded.early);
    expect(
      ids(await manager.get(`/events?start=${iso(base - 7 * DAY)}&end=${iso(base - 5 * DAY - 3_600_000)}`)),
    ).toEqual([seeded.early]);
  });

  it('pages by number and by cursor, and refuses to page past the offset bound', async () => {
    const manager = h.as('manager');
    const all = ids(await manager.get(`/events?${PERIOD}&perPage=100`));
    const first = await manager.get(`/events?${PERIOD}&perPage=10`);
    const second = await manager.get(`/events?${PERIOD}&perPage=10&page=2`);
    expect([...ids(first), ...ids(second)]).toEqual(all.slice(0, 20));
    // Walking the cursor visits every row once, in order.
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await manager.get(`/events?${PERIOD}&perPage=7${cursor ? `&cursor=${cursor}` : ''}`);
      walked.push(...ids(page));
      cursor = page.body.data.next_cursor;
    } while (cursor);
    expect(walked).toEqual(all);
    const asc = ids(await manager.get(`/events?${PERIOD}&perPage=100&order=asc`));
    expect(asc).toEqual([...all].reverse());
    const far = await manager.get(`/events?${PERIOD}&perPage=1000&page=11`);
    expect(far.status).toBe(400);
    expect(far.fields['querystring.page']).toBe(
      'Pages reach the first 10,000 events; go further with the cursor of the last page.',
    );
  });

  it('refuses bad filters with a translated message', async () => {
    const bad = await h.as('manager', { lang: 'ja' }).get(`/events?${PERIOD}&type=Impact,Teleport`);
    expect(bad.status).toBe(400);
    expect(bad.fields['querystring.type']).toBeTruthy();
    const long = await h.as('manager').get('/events?start=2024-01-01T00:00:00Z&end=2026-01-01T00:00:00Z');
    expect(long.fields['querystring.end']).toBe('The period can be at most 400 days.');
  });
});

describe('one event', () => {
  it('answers it with its clips and viewers; another company’s answers like a missing one', async () => {
    const id = await addEvent({ minutes: 500, type: 'Impact' });
    const otherId = await addEvent({ minutes: 500, customer: seed.other, vehicle: null });
    const answer = await h.as('manager').get(`/events/${id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ id, clips: [], viewers: [], samples: [] });
    expect((await h.as('manager').get(`/events/${otherId}`)).status).toBe(404);
    expect((await h.as('manager').put(`/events/${otherId}`, { tag: 'mild' })).status).toBe(404);
    expect((await h.as('manager').delete(`/events/${otherId}`)).status).toBe(404);
    expect((await h.as('manager').post(`/events/${otherId}/views`)).status).toBe(404);
    expect((await h.as('manager').get('/events/6b1d3c43-58cb-4f5c-9d3f-6d0e1c1b7a55')).status).toBe(404);
  });

  it('answers the sensor readings the device sent around the event, for its chart', async () => {
    const id = await addEvent({ minutes: 505, type: 'Impact' });
    const samples = [
      { offset_ms: -1000, gx: 0.1, gy: 0, gz: 1, speed: 12 },
      { offset_ms: 0, gx: -0.8, gy: 0.1, gz: 2.4, roll: 1, pitch: -2, yaw: 90, speed: 9 },
    ];
    await h.database.query(
      'INSERT INTO device_event_samples (event_id, customer_id, samples) SELECT id, customer_id, $2 FROM device_events WHERE id = $1',
      [id, JSON.stringify(samples)],
    );
    expect((await h.as('manager').get(`/events/${id}`)).body.data.samples).toEqual(samples);
  });

  it('takes the reviewer’s tag, comment and flags; the review state moves only through the workflow', async () => {
    const id = await addEvent({ minutes: 510 });
    const manager = h.as('manager');
    const saved = await manager.put(`/events/${id}`, {
      tag: 'very-serious',
      comment: ' Braked hard at gate 3 ',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ tag: 'very-serious', comment: 'Braked hard at gate 3' });
    const excluded = await manager.put(`/events/${id}`, { excluded: true });
    expect(excluded.body.data).toMatchObject({
      review_state: 'needs-review',
      excluded: true,
      tag: 'very-serious',
    });
    const moved = await manager.put(`/events/${id}`, { review_state: 'dismissed' });
    expect(moved.status).toBe(400);
    const back = await manager.put(`/events/${id}`, { excluded: false });
    expect(back.body.data.excluded).toBe(false);
    const wrong = await h.as('manager', { lang: 'ja' }).put(`/events/${id}`, { tag: 'awful' });
    expect(wrong.status).toBe(400);
    expect(wrong.fields.tag).toBeTruthy();
    expect((await manager.put(`/events/${id}`, {})).status).toBe(400);
    expect((await manager.get(`/events/${id}`)).body.data.tag).toBe('very-serious');
  });

  it('refuses to delete a restricted event with the spec’s message, and deletes another', async () => {
    const id = await addEvent({ minutes: 520 });
    const manager = h.as('manager');
    expect((await manager.put(`/events/${id}`, { do_not_delete: true })).body.data.do_not_delete).toBe(true);
    const refused = await manager.delete(`/events/${id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Cannot delete a restricted event.');
    const inJapanese = await h.as('manager', { lang: 'ja' }).delete(`/events/${id}`);
    expect(inJapanese.body.message).toBe('制限付きのイベントは削除できません。');
    expect((await manager.get(`/events/${id}`)).status).toBe(200);
    await manager.put(`/events/${id}`, { do_not_delete: false });
    expect((await manager.delete(`/events/${id}`)).status).toBe(200);
    expect((await manager.get(`/events/${id}`)).status).toBe(404);
  });

  it('records review changes and the deletion in the audit log; a refused deletion records nothing', async () => {
    const id = await addEvent({ minutes: 530 });
    const manager = h.as('manager');
    type Snap = Record<string, unknown> | null;
    type Entry = {
      action: string;
      actor_name: string;
      customer_id: string | null;
      before: Snap;
      after: Snap;
    };
    const log = () =>
      h.database.query<Entry>(
        "SELECT action, actor_name, customer_id, before, after FROM audit_log WHERE entity = 'event' AND entity_id = $1 ORDER BY id",
        [id],
      );
    await manager.put(`/events/${id}`, { tag: 'mild', comment: 'talked it through' });
    await manager.put(`/events/${id}`, { do_not_delete: true });
    expect((await manager.delete(`/events/${id}`)).status).toBe(409);
    expect((await log()).map((e) => e.action)).toEqual(['update', 'update']);
    await manager.put(`/events/${id}`, { do_not_delete: false });
    expect((await manager.delete(`/events/${id}`)).status).toBe(200);
    const entries = await log();
    expect(entries.map((e) => e.action)).toEqual(['update', 'update', 'update', 'delete']);
    expect(entries[0]).toMatchObject({ actor_name: 'manager', customer_id: seed.harbor });
    expect(entries[0]?.before).toMatchObject({ tag: 'none' });
    expect(entries[0]?.after).toMatchObject({ tag: 'mild', comment: 'talked it through' });
    expect(entries[3]).toMatchObject({ customer_id: seed.harbor, after: null });
    expect(entries[3]?.before).toMatchObject({ id, do_not_delete: false });
  });

  it('records each view: the count grows, each viewer is listed once per view with when', async () => {
    const id = await addEvent({ minutes: 530 });
    await h.as('manager').post(`/events/${id}/views`);
    await h.as('manager').post(`/events/${id}/views`);
    const seen = await h.as('support').post(`/events/${id}/views`);
    expect(seen.body.data).toMatchObject({ view_count: 3, viewer_count: 2 });
    expect(seen.body.data.viewers.map((v: { name: string; kind: string }) => `${v.name}:${v.kind}`)).toEqual([
      'Sam Support:view',
      'Mina Manager:view',
      'Mina Manager:view',
    ]);
    const listed = await h.as('manager').get(`/events?${PERIOD}&perPage=100`);
    expect(listed.body.data.list.find((e: { id: string }) => e.id === id)).toMatchObject({
      view_count: 3,
      viewer_count: 2,
    });
  });
});

describe('privileges', () => {
  it('lets sales read but not change; a user without event privileges reaches nothing', async () => {
    const id = await addEvent({ minutes: 540 });
    expect((await h.as('sales').get(`/events?${PERIOD}`)).status).toBe(200);
    expect((await h.as('sales').put(`/events/${id}`, { tag: 'mild' })).status).toBe(403);
    expect((await h.as('sales').delete(`/events/${id}`)).status).toBe(403);
    for (const call of [
      h.as('operator').get(`/events?${PERIOD}`),
      h.as('operator').get(`/events/${id}`),
      h.as('operator').put(`/events/${id}`, { tag: 'mild' }),
      h.as('operator').delete(`/events/${id}`),
      h.as('operator').post(`/events/${id}/views`),
    ])
      expect((await call).status).toBe(403);
  });

  it('needs event:edit to review and event:delete to delete', async () => {
    const id = await addEvent({ minutes: 550 });
    await h.database.query(
      `UPDATE roles SET privileges = array(SELECT unnest(privileges) EXCEPT SELECT unnest($1::text[]))
        WHERE name = 'Fleet manager'`,
      [['event:edit', 'event:delete']],
    );
    try {
      expect((await h.as('manager').get(`/events/${id}`)).status).toBe(200);
      expect((await h.as('manager').put(`/events/${id}`, { tag: 'mild' })).status).toBe(403);
      expect((await h.as('manager').delete(`/events/${id}`)).status).toBe(403);
    } finally {
      await h.grant('Fleet manager', ['event:edit', 'event:delete']);
    }
  });
});
