// Cross-tenant probes: device ids, camera ids and SIM phone numbers are physical and unique across
// all customers, so one that is taken is refused whoever holds it, but the answer must not tell a
// user of customer A whether customer B holds it. Each case asks twice, once with A's own value
// and once with B's (or with a record of B and with one that does not exist), and expects the
// very same answer.
import { randomUUID } from 'node:crypto';
import { ALL_PRIVILEGES } from '@fleetlens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type Harness, startHarness, tokenOf } from '../testing/harness.ts';

let h: Harness;
let manager = '';
const a: Record<string, string> = {};
const b: Record<string, string> = {};

beforeAll(async () => {
  h = await startHarness();
  const insert = async (text: string, params: unknown[] = []) =>
    (await h.database.query<{ id: string }>(text, params))[0]?.id ?? '';
  await h.database.query('UPDATE roles SET privileges = $1 WHERE name = $2', [
    [...ALL_PRIVILEGES],
    'Fleet manager',
  ]);
  manager = await tokenOf(h.app, 'manager');
  a.customer = await h.companyId('harbor');
  b.customer = await h.addCompany('probeco', 'Probe Co');
  for (const [side, customer] of [
    [a, a.customer],
    [b, b.customer],
  ] as const) {
    const tag = side === a ? 'A' : 'B';
    side.vehicle = await h.addVehicle(customer, `Probe ${tag}`);
    side.case = await insert(
      'INSERT INTO cases (customer_id, case_number, devices_needed) VALUES ($1, $2, 3) RETURNING id',
      [customer, `PROBE-${tag}`],
    );
    side.phone = `+8170000000${tag === 'A' ? '1' : '2'}`;
    side.sim = await insert(
      'INSERT INTO sims (customer_id, case_id, phone) VALUES ($1, $2, $3) RETURNING id',
      [customer, side.case, side.phone],
    );
    side.deviceId = `77${tag === 'A' ? '1' : '2'}000000001`;
    side.camera = `PROBE-CAM-${tag}`;
    side.device = await insert(
      `INSERT INTO devices (customer_id, device_id, device_type, vehicle_id, sim_id, channel_number,
         acceleration_threshold, acceleration_duration, deceleration_threshold, deceleration_duration,
         impact_threshold, impact_duration, quick_handle_threshold, quick_handle_duration)
       VALUES ($1, $2, 'dv426', $3, $4, 1, 0.35, 300, 0.4, 300, 1, 100, 0.35, 300) RETURNING id`,
      [customer, side.deviceId, side.vehicle, side.sim],
    );
    await h.database.query(
      'INSERT INTO device_cameras (device_pk, customer_id, position, camera_id) SELECT id, customer_id, 1, $2 FROM devices WHERE id = $1',
      [side.device, side.camera],
    );
  }
});
afterAll(async () => h?.close());

const send = async (method: 'POST' | 'PUT', url: string, payload: object) => {
  const res = await h.app.inject({ method, url: `/api/v1${url}`, headers: bearer(manager), payload });
  return { status: res.statusCode, body: res.json() as unknown };
};
const device = (over: Record<string, unknown>) => ({
  customer_id: a.customer,
  device_id: '779999999999',
  device_type: 'dv426',
  channel_number: 1,
  cameras: [{ camera_id: 'PROBE-CAM-NEW' }],
  ...over,
});

describe("another customer's physical ids and records", () => {
  it('a taken device id answers the same whoever holds it', async () => {
    const own = await send('POST', '/devices', device({ device_id: a.deviceId }));
    const theirs = await send('POST', '/devices', device({ device_id: b.deviceId }));
    expect(own.status).toBe(409);
    expect(theirs).toEqual(own);
  });

  it('a taken camera id answers the same whoever holds it', async () => {
    const own = await send('POST', '/devices', device({ cameras: [{ camera_id: a.camera }] }));
    const theirs = await send('POST', '/devices', device({ cameras: [{ camera_id: b.camera }] }));
    expect(own.status).toBe(409);
    expect(theirs).toEqual(own);
  });

  it('a taken SIM phone number answers the same whoever holds it', async () => {
    const own = await send('POST', `/cases/${a.case}/sims`, { phone: a.phone });
    const theirs = await send('POST', `/cases/${a.case}/sims`, { phone: b.phone });
    expect(own.status).toBe(409);
    expect(theirs).toEqual(own);
  });

  it("another customer's vehicle or SIM fitted in a device answers like one that does not exist", async () => {
    const theirVehicle = await send('POST', '/devices', device({ vehicle_id: b.vehicle }));
    const noVehicle = await send('POST', '/devices', device({ vehicle_id: randomUUID() }));
    expect(theirVehicle.status).toBe(400);
    expect(theirVehicle).toEqual(noVehicle);
    const theirSim = await send('POST', '/devices', device({ sim_id: b.sim }));
    const noSim = await send('POST', '/devices', device({ sim_id: randomUUID() }));
    expect(theirSim.status).toBe(400);
    expect(theirSim).toEqual(noSim);
    // Nothing of the answers names B.
    expect(JSON.stringify([theirVehicle, theirSim])).not.toMatch(/Probe Co|PROBE-B|772000000001/);
  });
});
