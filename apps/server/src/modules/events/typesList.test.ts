// The list over two or more types (one ordered scan per customer and type, merged) answers exactly
// the rows and order of the same filter applied in memory to the unfiltered list, across pages,
// by page number and by cursor, both orders, with times shared between types and companies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../testing/harness.ts';

let h: Harness;
const PERIOD = 'start=2026-11-19T00:00:00Z&end=2026-11-22T00:00:00Z';
const TYPES = ['Impact', 'SuddenTurn', 'SuddenDeceleration', 'SuddenAcceleration'];
interface Row {
  id: string;
  type: string;
}

beforeAll(async () => {
  h = await startHarness();
  const harbor = await h.companyId('harbor');
  const north = await h.companyId('harbor-north');
  const devices: string[] = [];
  for (const [customer, deviceId] of [
    [harbor, '555000211'],
    [north, '555000212'],
  ] as const) {
    const [device] = await h.database.query<{ id: string }>(
      `INSERT INTO devices (customer_id, device_id, device_type, channel_number, acceleration_threshold,
         acceleration_duration, deceleration_threshold, deceleration_duration, impact_threshold, impact_duration,
         quick_handle_threshold, quick_handle_duration)
       VALUES ($1, $2, 'dv426', 2, 0.35, 300, 0.4, 300, 1, 100, 0.35, 300) RETURNING id`,
      [customer, deviceId],
    );
    devices.push(device?.id ?? '');
  }
  // 120 events: the types in turn, every third minute repeated so that ties fall to the id.
  const base = Date.parse('2026-11-20T00:00:00Z');
  for (let i = 0; i < 120; i += 1) {
    const onNorth = i % 5 === 0;
    await h.database.query(
      `INSERT INTO device_events (device_pk, message_id, customer_id, time, type, lat, lng, speed, direction,
                                  gx, gy, gz, roll, pitch, yaw, cameras, camera_ids, clips_pending)
       VALUES ($1, gen_random_uuid()::text, $2, $3, $4, 35.6, 139.7, 9.5, 90, 0, 0, 1, 0, 0, 0, 0, '{}', false)`,
      [
        onNorth ? devices[1] : devices[0],
        onNorth ? north : harbor,
        new Date(base + Math.floor(i / 3) * 60_000).toISOString(),
        TYPES[i % TYPES.length],
      ],
    );
  }
});
afterAll(async () => h?.close());

describe('the list over several types', () => {
  const list = async (query: string) => {
    const answer = await h.as('manager').get(`/events?${PERIOD}&${query}`);
    expect(answer.status).toBe(200);
    return answer.body.data as { list: Row[]; total: number; next_cursor: string | null };
  };

  it('answers the in-memory filter of the unfiltered list, page by page and by cursor, both orders', async () => {
    for (const order of ['desc', 'asc']) {
      const all = (await list(`perPage=1000&order=${order}`)).list;
      for (const types of [
        ['Impact', 'SuddenTurn'],
        ['SuddenTurn', 'SuddenDeceleration', 'SuddenAcceleration'],
      ]) {
        const expected = all.filter((e) => types.includes(e.type)).map((e) => e.id);
        expect(expected.length).toBeGreaterThan(40);
        const filter = `type=${types.join(',')}&order=${order}`;
        const numbered: string[] = [];
        for (let page = 1; page <= 4; page += 1)
          numbered.push(...(await list(`${filter}&perPage=13&page=${page}`)).list.map((e) => e.id));
        expect(numbered).toEqual(expected.slice(0, 52));
        const walked: string[] = [];
        let cursor: string | null = null;
        do {
          const page = await list(`${filter}&perPage=11${cursor ? `&cursor=${cursor}` : ''}`);
          walked.push(...page.list.map((e) => e.id));
          cursor = page.next_cursor;
        } while (cursor);
        expect(walked).toEqual(expected);
        expect((await list(`${filter}&perPage=5`)).total).toBe(expected.length);
      }
    }
  });

  it('lists a type named twice once', async () => {
    const all = (await list('perPage=1000')).list;
    const expected = all.filter((e) => e.type === 'Impact' || e.type === 'SuddenTurn').map((e) => e.id);
    const twice = await h.as('manager').get(`/events?${PERIOD}&perPage=1000&type=Impact,SuddenTurn,Impact`);
    expect(twice.status).toBe(200);
    expect(twice.body.data.list.map((e: Row) => e.id)).toEqual(expected);
  });
});
