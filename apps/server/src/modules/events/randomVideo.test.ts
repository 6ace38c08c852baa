// Random video on a controlled clock (a week in the future, so the server's own job, on the real
// clock, never reaches it): the operators' settings plan moments on their candidate days; a moment
// films the last minutes of driving as a Random event (code 30) with one clip per camera, within
// the customer's maximum and the four-camera limit; it is filmed once, even by two replicas; a
// moment whose operator does not drive on its day is missed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTestDevice, type TestDevice } from '../../testing/deviceLink.ts';
import { type Harness, startHarness } from '../../testing/harness.ts';
import { CommandDispatcher } from '../device-link/commands.ts';
import { DAY_MS, replanRandomVideo, weekStartOf } from './randomPlan.ts';
import { randomVideoJob } from './randomVideoJob.ts';

let h: Harness;
// The Monday two weeks after this one: the server's own job plans only the week it runs in (on the
// real clock, with real dice), so the week the test plans is its own on any date.
const MONDAY = new Date(weekStartOf(new Date()).getTime() + 14 * DAY_MS);
const at = (day: number, time: string) =>
  new Date(MONDAY.getTime() + day * 86_400_000 + Date.parse(`1970-01-01T${time}Z`));

beforeAll(async () => {
  h = await startHarness();
}, 60_000);
afterAll(async () => h?.close());

function job() {
  return randomVideoJob({
    database: h.database,
    commands: new CommandDispatcher(h.database, undefined, h.app.log),
    log: h.app.log,
    // Every die shows a half: days keep their order, each moment is at noon.
    random: () => 0.5,
  });
}

async function operator(
  customerId: string,
  code: string,
  s: { days: string[]; perWeek: number; minutes: number },
) {
  const [row] = await h.database.query<{ id: string }>(
    `INSERT INTO operators (customer_id, operator_code, first_name, last_name, birth_date, address, license_number,
                            license_received_on, license_valid_till, license_location, phone,
                            random_video_enabled, random_video_days, random_video_per_week, random_video_minutes)
     VALUES ($1, $2, 'Rita', $2, '1990-01-01', 'Dock 4', 'L-1', '2010-01-01', '2030-01-01', 'Tokyo', '0123',
             true, $3, $4, $5) RETURNING id`,
    [customerId, code, s.days, s.perWeek, s.minutes],
  );
  return row?.id as string;
}

async function deviceWith(customerId: string, cameras: number): Promise<TestDevice> {
  const device = await registerTestDevice(h.database, customerId);
  for (let position = 1; position <= cameras; position += 1)
    await h.database.query(
      'INSERT INTO device_cameras (device_pk, customer_id, position, camera_id) SELECT id, customer_id, $2, $3 FROM devices WHERE id = $1',
      [device.pk, position, `${device.deviceId}-r${position}`],
    );
  return device;
}

/** What the device link keeps for a device: connected, the vehicle running or standing since, who signed on. */
async function state(
  device: TestDevice,
  s: { motion: 'running' | 'stopping'; since: Date; operatorId: string },
) {
  await h.database.query(
    `INSERT INTO device_states (device_pk, customer_id, online, motion, motion_at, motion_changed_at, operator_id, signed_on_at)
     VALUES ($1, $2, true, $3, $4, $4, $5, $4)
     ON CONFLICT (device_pk, customer_id) DO UPDATE SET online = true, motion = $3, motion_at = $4, motion_changed_at = $4,
       operator_id = $5, signed_on_at = $4`,
    [device.pk, device.customerId, s.motion, s.since.toISOString(), s.operatorId],
  );
}

const randomEvents = (device: TestDevice) =>
  h.database.query<{ id: string }>("SELECT id FROM device_events WHERE device_pk = $1 AND type = 'Random'", [
    device.pk,
  ]);
const eventOf = async (id: string) => (await h.as('manager').get(`/events/${id}`)).body.data;

describe('random video', () => {
  it('plans the week on the candidate days and films the last minutes of driving once, within the customer maximum', async () => {
    const harbor = await h.companyId('harbor');
    await h.database.query('UPDATE customers SET random_video_max_seconds = 120 WHERE id = $1', [harbor]);
    const rita = await operator(harbor, 'RV-1', { days: ['wed', 'mon'], perWeek: 2, minutes: 3 });
    const device = await deviceWith(harbor, 2);
    await state(device, { motion: 'running', since: at(0, '11:00:00'), operatorId: rita });

    const first = job();
    await first.run(MONDAY, MONDAY);
    const moments = await h.database.query<{ due_at: Date; until_at: Date }>(
      // The server's own job, on the real clock, may plan this week's moments for Rita too.
      'SELECT due_at, until_at FROM random_video_moments WHERE operator_id = $1 AND due_at >= $2 ORDER BY due_at',
      [rita, MONDAY.toISOString()],
    );
    expect(
      moments.map((m) => [new Date(m.due_at).toISOString(), new Date(m.until_at).toISOString()]),
    ).toEqual([
      [at(0, '12:00:00').toISOString(), at(1, '00:00:00').toISOString()],
      [at(2, '12:00:00').toISOString(), at(3, '00:00:00').toISOString()],
    ]);
    expect(weekStartOf(at(6, '23:59:59')).toISOString()).toBe(MONDAY.toISOString());

    await first.run(MONDAY, at(0, '11:59:00'));
    expect(await randomEvents(device)).toEqual([]);
    const now = at(0, '12:01:00');
    const second = job();
    await Promise.all([first.run(MONDAY, now), second.run(MONDAY, now)]);
    await first.run(now, now);
    const filmed = await randomEvents(device);
    expect(filmed.length).toBe(1);
    const event = await eventOf(filmed[0]?.id ?? '');
    // 3 minutes asked, 2 allowed by the customer: the last 2 minutes of driving.
    expect(event).toMatchObject({
      type: 'Random',
      type_code: 30,
      time: at(0, '11:59:00').toISOString(),
      // The device's wall clock, which the test device keeps in UTC.
      video_start_at: at(0, '11:59:00').toISOString().slice(0, 19).replace('T', ' '),
      operator: { id: rita },
      cameras: 2,
    });
    expect(
      event.clips.map((c: { camera: number; window_from: string; window_to: string }) => c),
    ).toMatchObject([
      { camera: 1, window_from: at(0, '11:59:00').toISOString(), window_to: now.toISOString() },
      { camera: 2, window_from: at(0, '11:59:00').toISOString(), window_to: now.toISOString() },
    ]);
    const commands = await h.database.query<{ params: { camera: number } }>(
      "SELECT params FROM device_commands WHERE device_pk = $1 AND type = 'video-upload' ORDER BY params->>'camera'",
      [device.pk],
    );
    expect(commands.map((c) => c.params.camera)).toEqual([1, 2]);

    // Wednesday: Rita does not drive; Thursday the moment is missed.
    await state(device, { motion: 'stopping', since: at(2, '08:00:00'), operatorId: rita });
    await first.run(now, at(2, '12:30:00'));
    await first.run(now, at(3, '00:00:01'));
    expect((await randomEvents(device)).length).toBe(1);
    const [missed] = await h.database.query<{ taken: boolean; event_id: string | null }>(
      'SELECT taken_at IS NOT NULL AS taken, event_id FROM random_video_moments WHERE operator_id = $1 AND due_at = $2',
      [rita, at(2, '12:00:00').toISOString()],
    );
    expect(missed).toEqual({ taken: true, event_id: null });
  }, 60_000);

  it('films at most 3 minutes from four cameras, once the vehicle has run for the whole window', async () => {
    const north = await h.companyId('harbor-north');
    await h.database.query('UPDATE customers SET random_video_max_seconds = 600 WHERE id = $1', [north]);
    const ken = await operator(north, 'RV-2', { days: ['tue'], perWeek: 1, minutes: 5 });
    const device = await deviceWith(north, 4);
    await state(device, { motion: 'running', since: at(1, '11:59:00'), operatorId: ken });
    const runner = job();
    await runner.run(MONDAY, MONDAY);
    // Due at noon, but running for one minute only: it waits.
    await runner.run(MONDAY, at(1, '12:00:00'));
    expect(await randomEvents(device)).toEqual([]);
    await runner.run(MONDAY, at(1, '12:02:30'));
    const [filmed] = await randomEvents(device);
    const event = await eventOf(filmed?.id ?? '');
    expect(event.clips.length).toBe(4);
    expect(event.clips[3]).toMatchObject({
      window_from: at(1, '11:59:30').toISOString(),
      window_to: at(1, '12:02:30').toISOString(),
    });
  }, 60_000);

  it('plans the rest of the week again when the settings change, the first moment at once when switched on', async () => {
    const north = await h.companyId('harbor-north');
    const lin = await operator(north, 'RV-3', { days: ['mon', 'wed', 'thu', 'fri'], perWeek: 3, minutes: 1 });
    await h.database.query('UPDATE operators SET random_video_enabled = false WHERE id = $1', [lin]);
    const device = await deviceWith(north, 1);
    await state(device, { motion: 'running', since: at(2, '09:00:00'), operatorId: lin });
    const week = async () =>
      (
        await h.database.query<{ slot: number; due_at: Date; until_at: Date; filmed: boolean }>(
          `SELECT slot, due_at, until_at, event_id IS NOT NULL AS filmed FROM random_video_moments
            WHERE operator_id = $1 AND week_start = $2 ORDER BY slot`,
          [lin, MONDAY.toISOString()],
        )
      ).map((m) => [m.slot, new Date(m.due_at).toISOString(), new Date(m.until_at).toISOString(), m.filmed]);

    // Switched on on Wednesday at 10:00: Monday is over; the first moment is due at once.
    await h.database.query('UPDATE operators SET random_video_enabled = true WHERE id = $1', [lin]);
    await replanRandomVideo(h.database, lin, true, at(2, '10:00:00'), () => 0.5);
    expect(await week()).toEqual([
      [0, at(2, '10:00:00').toISOString(), at(3, '00:00:00').toISOString(), false],
      [1, at(3, '12:00:00').toISOString(), at(4, '00:00:00').toISOString(), false],
      [2, at(4, '12:00:00').toISOString(), at(5, '00:00:00').toISOString(), false],
    ]);
    // The next run films it: Lin has been driving for an hour.
    await job().run(MONDAY, at(2, '10:00:03'));
    expect((await randomEvents(device)).length).toBe(1);

    // Twice a week from Thursday 08:00: one is filmed, one is left, at a random time after 08:00.
    await h.database.query('UPDATE operators SET random_video_per_week = 2 WHERE id = $1', [lin]);
    await replanRandomVideo(h.database, lin, false, at(3, '08:00:00'), () => 0.5);
    expect(await week()).toEqual([
      [0, at(2, '10:00:00').toISOString(), at(3, '00:00:00').toISOString(), true],
      [1, at(3, '16:00:00').toISOString(), at(4, '00:00:00').toISOString(), false],
    ]);

    // Switched off: nothing is left to film.
    await h.database.query('UPDATE operators SET random_video_enabled = false WHERE id = $1', [lin]);
    await replanRandomVideo(h.database, lin, false, at(3, '09:00:00'), () => 0.5);
    expect(await week()).toEqual([
      [0, at(2, '10:00:00').toISOString(), at(3, '00:00:00').toISOString(), true],
    ]);
  }, 60_000);

  it('plans a moment due now when a manager switches random video on, through the batch settings', async () => {
    const harbor = await h.companyId('harbor');
    const mo = await operator(harbor, 'RV-4', { days: [], perWeek: 1, minutes: 1 });
    await h.database.query('UPDATE operators SET random_video_enabled = false WHERE id = $1', [mo]);
    const before = Date.now();
    const res = await h.as('manager').put('/operators/random-video', {
      operator_ids: [mo],
      random_video_enabled: true,
      random_video_days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
      random_video_per_week: 2,
      random_video_minutes: 1,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const moments = await h.database.query<{ due_at: Date }>(
      'SELECT due_at FROM random_video_moments WHERE operator_id = $1 ORDER BY due_at',
      [mo],
    );
    expect(moments.length).toBe(2);
    const due = new Date(moments[0]?.due_at ?? 0).getTime();
    expect(due).toBeGreaterThanOrEqual(before - 1000);
    expect(due).toBeLessThanOrEqual(Date.now());
  }, 60_000);
});
