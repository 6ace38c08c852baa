// The fleet simulator (apps/simulator) against the embedded broker, with device credentials like
// any device: its vehicles' positions, states and sign-ons arrive, it answers a threshold
// reading, its events carry the sensor readings around them, and nothing it sends is refused.
import { startFleet } from '@fleetlens/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, registerTestDevice, type TestDevice } from '../../testing/deviceLink.ts';
import { type Harness, startHarness } from '../../testing/harness.ts';

let h: Harness;
let port: number;
let device: TestDevice;
let fleet: ReturnType<typeof startFleet> | undefined;

beforeAll(async () => {
  port = await freePort();
  h = await startHarness({ MQTT_ENABLED: 'true', MQTT_PORT: String(port), MQTT_HOST: '127.0.0.1' });
  device = await registerTestDevice(h.database, await h.companyId('harbor'));
});
afterAll(async () => {
  await fleet?.stop();
  await h?.close();
});

describe('the fleet simulator', () => {
  it('drives a vehicle whose device reports over MQTT and answers commands', async () => {
    fleet = startFleet([{ deviceId: device.deviceId, secret: device.secret, cards: ['SIM-CARD-1'] }], {
      url: `mqtt://127.0.0.1:${port}`,
      tickMs: 200,
      offlineChance: 0,
      // The first abrupt moment one second of driving after setting off: a loaded machine's timers
      // run the model slower than the clock, and the test waits for that event.
      firstHarshS: [1, 1.5],
    });
    const state = async () =>
      (
        await h.database.query<{
          online: boolean;
          rfid: string | null;
          lat: number | null;
          hour_meter: number | null;
        }>('SELECT online, rfid, lat, hour_meter FROM device_states WHERE device_pk = $1', [device.pk])
      )[0];
    await expect.poll(state, { timeout: 20_000 }).toMatchObject({ online: true, rfid: 'SIM-CARD-1' });
    await expect.poll(async () => (await state())?.lat, { timeout: 20_000 }).toBeGreaterThan(35);
    const commands = `/device-link/devices/${device.pk}/commands`;
    const created = await h.as('manager').post(commands, { type: 'threshold-read' });
    expect(created.status).toBe(201);
    await expect
      .poll(async () => (await h.as('manager').get(commands)).body.data[0]?.status, { timeout: 20_000 })
      .toBe('completed');
    const [row] = await h.database.query<{ threshold_state: string; acceleration_threshold: number }>(
      'SELECT threshold_state, acceleration_threshold FROM devices WHERE id = $1',
      [device.pk],
    );
    expect(row).toEqual({ threshold_state: 'reading-completed', acceleration_threshold: 0.35 });
    // Its driver's first abrupt moment comes soon after setting off; the event arrives once the
    // readings after the moment are recorded, with the readings from before it to after it.
    const offsets = async () =>
      (
        await h.database.query<{ offsets: number[] }>(
          `SELECT array(SELECT (x->>'offset_ms')::int FROM jsonb_array_elements(s.samples) x) AS offsets
             FROM device_event_samples s JOIN device_events e ON e.id = s.event_id
            WHERE e.device_pk = $1 ORDER BY e.time LIMIT 1`,
          [device.pk],
        )
      )[0]?.offsets ?? [];
    await expect.poll(offsets, { timeout: 60_000, interval: 1_000 }).not.toEqual([]);
    const around = await offsets();
    expect(Math.min(...around)).toBeLessThan(0);
    expect(Math.max(...around)).toBeGreaterThan(0);
    // It speaks the published protocol: nothing it sent was refused.
    const letters = await h.database.query('SELECT reason, detail FROM dead_letters WHERE device_id = $1', [
      device.deviceId,
    ]);
    expect(letters).toEqual([]);
    // Up to a minute of driving for the first event on a busy machine, besides the rest.
  }, 120_000);
});
