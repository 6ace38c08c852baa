// The event map on a real database: events counted into grid cells (clusters of the cells that
// hold many, single events of the cells that hold few) at two zooms, the event list's filters and
// box, another company kept apart, and the guard: event:view and the company's e-map function.
import { EVENT_MAP_SINGLES_MAX, eventMapCellDegrees } from '@fleetlens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../testing/harness.ts';

let h: Harness;
/** The manager's company, another company, and the manager's vehicle. */
let [harbor, other, vehicle] = ['', '', ''];
const PERIOD = 'start=2026-11-19T00:00:00Z&end=2026-11-22T00:00:00Z';
const TOKYO = 'west=139&south=35&east=140.5&north=36';

async function addEvent(customer: string, type: string, lat: number, lng: number, day = 20): Promise<string> {
  const [row] = await h.database.query<{ id: string }>(
    `INSERT INTO device_events (device_pk, message_id, customer_id, vehicle_id, time, type, lat, lng, speed, direction,
                                gx, gy, gz, roll, pitch, yaw, cameras, clips_pending, video_status)
     VALUES (gen_random_uuid(), gen_random_uuid()::text, $1, $2, $3, $4, $5, $6, 9, 90, -0.6, 0.1, 1, 0, 0, 0, 0, false, 1)
     RETURNING id`,
    [customer, customer === harbor ? vehicle : null, `2026-11-${day}T05:00:00Z`, type, lat, lng],
  );
  return row?.id ?? '';
}

interface MapAnswer {
  total: number;
  cell: number;
  truncated: boolean;
  clusters: { lat: number; lng: number; count: number; type: string; west: number; east: number }[];
  events: {
    id: string;
    type: string;
    time: string;
    lat: number;
    lng: number;
    vehicle: { name: string } | null;
  }[];
}
const mapOf = async (query: string, who = 'manager'): Promise<MapAnswer> => {
  const answer = await h.as(who).get(`/event-map?${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
};

const yard: string[] = [];
let gate = '';
beforeAll(async () => {
  h = await startHarness();
  harbor = await h.companyId('harbor');
  other = await h.addCompany('othermapco', 'Other Map Co');
  vehicle = await h.addVehicle(harbor, 'Map Forklift');
  // The yard: six events 0.001° apart (four impacts, two turns); the gate: two events, far enough.
  for (let i = 0; i < 6; i += 1)
    yard.push(await addEvent(harbor, i < 4 ? 'Impact' : 'SuddenTurn', 35.6005, 139.7005 + i * 0.001));
  gate = await addEvent(harbor, 'Accelerate', 35.7505, 139.8505);
  await addEvent(harbor, 'Accelerate', 35.7505, 139.8506);
  // Outside the period, and another company's events at the yard.
  await addEvent(harbor, 'Impact', 35.6005, 139.7005, 10);
  for (let i = 0; i < 5; i += 1) await addEvent(other, 'Impact', 35.6005, 139.7005);
});
afterAll(async () => h?.close());

describe('the event map', () => {
  it('counts the events of a cell that holds many into one cluster, and answers the few one by one', async () => {
    const map = await mapOf(`${PERIOD}&${TOKYO}&zoom=10`);
    expect(map.cell).toBeCloseTo(eventMapCellDegrees(10));
    expect(map.total).toBe(8);
    expect(map.truncated).toBe(false);
    expect(map.clusters).toHaveLength(1);
    const [yardCluster] = map.clusters;
    expect(yardCluster).toMatchObject({ count: 6, type: 'Impact', west: 139.7005 });
    expect(yardCluster?.east).toBeCloseTo(139.7055);
    expect(yardCluster?.lng).toBeCloseTo(139.703);
    expect(yardCluster?.lat).toBeCloseTo(35.6005);
    expect(map.events.map((e) => e.type)).toEqual(['Accelerate', 'Accelerate']);
    expect(map.events.map((e) => e.id)).toContain(gate);
    expect(map.events[0]).toMatchObject({
      time: '2026-11-20T05:00:00.000Z',
      vehicle: { name: 'Map Forklift' },
    });
  });

  it('splits the cluster as the map zooms in, until every event stands alone', async () => {
    const map = await mapOf(`${PERIOD}&west=139.69&south=35.59&east=139.71&north=35.61&zoom=18`);
    expect(map.clusters).toEqual([]);
    expect(map.events.map((e) => e.id).sort()).toEqual([...yard].sort());
    expect(EVENT_MAP_SINGLES_MAX).toBeLessThan(6);
  });

  it("takes the event list's filters and the box", async () => {
    const impacts = await mapOf(`${PERIOD}&${TOKYO}&zoom=10&type=Impact`);
    expect(impacts.total).toBe(4);
    expect(impacts.clusters[0]).toMatchObject({ count: 4, type: 'Impact' });
    const turns = await mapOf(`${PERIOD}&${TOKYO}&zoom=10&type=SuddenTurn,Accelerate`);
    expect(turns.total).toBe(4);
    expect(turns.events).toHaveLength(4);
    const gateOnly = await mapOf(`${PERIOD}&west=139.8&south=35.7&east=139.9&north=35.8&zoom=10`);
    expect(gateOnly.total).toBe(2);
    // The whole world by default; nothing of the period before.
    const earlier = await mapOf('start=2026-11-09T00:00:00Z&end=2026-11-11T00:00:00Z');
    expect(earlier.total).toBe(1);
  });

  it("never counts another company's events, even when asked for that company", async () => {
    const map = await mapOf(`${PERIOD}&${TOKYO}&zoom=10`);
    expect(map.total).toBe(8);
    const asked = await mapOf(`${PERIOD}&${TOKYO}&zoom=10&customer_id=${other}`);
    expect(asked).toMatchObject({ total: 0, clusters: [], events: [] });
    // Staff see every company, one at a time when they ask.
    const staff = await mapOf(`${PERIOD}&${TOKYO}&zoom=10&customer_id=${other}`, 'admin');
    expect(staff.total).toBe(5);
  });

  it('refuses a box upside down and a zoom out of range', async () => {
    const upside = await h.as('manager').get(`/event-map?${PERIOD}&south=36&north=35`);
    expect(upside.status).toBe(400);
    expect(upside.fields).toEqual({ 'querystring.north': 'This value is not valid.' });
    expect((await h.as('manager').get(`/event-map?${PERIOD}&zoom=30`)).status).toBe(400);
    expect(
      (await h.as('manager').get('/event-map?start=2026-11-22T00:00:00Z&end=2026-11-21T00:00:00Z')).status,
    ).toBe(400);
  });
});

describe('who may open the event map', () => {
  it("needs the company's event-map function (e-map), and says so in the caller's language", async () => {
    await h.database.query(
      "UPDATE customers SET functions = array_remove(functions, 'e-map') WHERE id = $1",
      [harbor],
    );
    try {
      const refused = await h.as('manager', { lang: 'ja' }).get(`/event-map?${PERIOD}`);
      expect(refused.status).toBe(403);
      const english = await h.as('manager').get(`/event-map?${PERIOD}`);
      expect(refused.body.message).not.toBe(english.body.message);
      expect(english.body.message).toBe('You do not have permission to do this.');
      // Staff are not bound by a company's functions.
      expect((await h.as('support').get(`/event-map?${PERIOD}`)).status).toBe(200);
    } finally {
      await h.database.query("UPDATE customers SET functions = functions || '{e-map}' WHERE id = $1", [
        harbor,
      ]);
    }
  });

  it('needs event:view', async () => {
    const refused = await h.as('operator').get(`/event-map?${PERIOD}`);
    expect(refused.status).toBe(403);
  });
});
