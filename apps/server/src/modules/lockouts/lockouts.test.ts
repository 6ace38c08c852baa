// Impact lock-out, from a real device message to the supervisor's unlock: an impact at or above
// the vehicle group's level sends the device vehicle-lock over MQTT and marks the vehicle locked;
// an impact below it, an event of another type or a group without a level locks nothing; a locked
// vehicle is locked once. The unlock needs a reason and the privilege, sends vehicle-unlock, and
// both are in the event's lock history and the audit log. Another company's vehicles and events
// answer as missing, and a refused call changes nothing.
import type { DeviceCommand } from '@fleetlens/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  impactEventBody,
  onCommands,
  publisherOf,
  registerTestDevice,
  type TestDevice,
  until,
} from '../../testing/deviceLink.ts';
import { linkPerFile } from '../../testing/linkPerFile.ts';
import { insertedId } from '../../testing/rows.ts';
import { announceEventsCreated } from '../events/announce.ts';

const { link, h } = linkPerFile();

let harbor = '';
let group = '';

/** A vehicle with its device, in the group `groupId` (null: none). */
async function vehicleIn(groupId: string | null, customerId = harbor): Promise<TestDevice> {
  const device = await registerTestDevice(h().database, customerId);
  await h().database.query('UPDATE vehicles SET group_id = $2 WHERE id = $1', [device.vehicleId, groupId]);
  return device;
}

/** An event of `device` stored as the ingestion stores it, then announced as new. */
async function eventOf(device: TestDevice, g: { gx?: number; gy?: number; gz?: number }, type = 'Impact') {
  const id = await insertedId(
    h().database,
    `INSERT INTO device_events (device_pk, message_id, customer_id, vehicle_id, time, type, lat, lng, speed,
                                direction, gx, gy, gz, roll, pitch, yaw, cameras, clips_pending, video_status)
     VALUES ($1, gen_random_uuid()::text, $2, $3, now(), $4, 35, 139, 5, 0, $5, $6, $7, 0, 0, 0, 0, false, 1)
     RETURNING id`,
    [device.pk, device.customerId, device.vehicleId, type, g.gx ?? 0, g.gy ?? 0, g.gz ?? 1],
  );
  await announceEventsCreated(h().hub, [id]);
  return id;
}

const commandsOf = (device: TestDevice) =>
  h().database.query<{ type: string; params: Record<string, unknown>; status: string }>(
    'SELECT type, params, status FROM device_commands WHERE device_pk = $1 AND type LIKE $2 ORDER BY created_at',
    [device.pk, 'vehicle-%'],
  );
const lockRows = (device: TestDevice) =>
  h().database.query('SELECT * FROM vehicle_lockouts WHERE vehicle_id = $1 ORDER BY locked_at', [
    device.vehicleId,
  ]);
const auditOf = (id: string) =>
  h().database.query<{ action: string; actor_name: string; customer_id: string }>(
    "SELECT action, actor_name, customer_id FROM audit_log WHERE entity = 'vehicle_lockout' AND entity_id = $1 ORDER BY id",
    [id],
  );

beforeAll(async () => {
  await h().grant('Fleet manager', [
    'vehicle:view',
    'vehicle:edit',
    'event:view',
    'group:view',
    'group:edit',
  ]);
  harbor = link.customerId;
  const made = await h().as('admin').post('/vehicle-groups', {
    customer_id: harbor,
    name: 'Reach trucks',
    description: '',
    lockout_impact_g: 2,
  });
  expect(made.status).toBe(201);
  expect(made.body.data.lockout_impact_g).toBe(2);
  group = made.body.data.id;
});

describe("a vehicle group's lock-out level", () => {
  it('is set, changed and switched off with the group, and refused out of range in the caller language', async () => {
    const made = await h()
      .as('admin')
      .post('/vehicle-groups', { customer_id: harbor, name: 'Straddles', description: '' });
    expect(made.body.data.lockout_impact_g).toBeNull();
    const id = made.body.data.id as string;
    const set = await h()
      .as('admin')
      .put(`/vehicle-groups/${id}`, { name: 'Straddles', lockout_impact_g: 3.5 });
    expect(set.body.data.lockout_impact_g).toBe(3.5);
    const refused = await h()
      .as('admin', { lang: 'ja' })
      .put(`/vehicle-groups/${id}`, { name: 'Straddles', lockout_impact_g: 20 });
    expect(refused.status).toBe(400);
    expect(refused.fields.lockout_impact_g).toBe(
      'ロックアウトレベルは0.5〜16 gで入力してください。オフにする場合は空欄にしてください。',
    );
    expect((await h().as('admin').get(`/vehicle-groups/${id}`)).body.data.lockout_impact_g).toBe(3.5);
    const off = await h()
      .as('admin')
      .put(`/vehicle-groups/${id}`, { name: 'Straddles', lockout_impact_g: null });
    expect(off.body.data.lockout_impact_g).toBeNull();
  });
});

describe('locking after an impact', () => {
  it('sends the device vehicle-lock over MQTT and marks the vehicle locked, once', async () => {
    const device = await vehicleIn(group);
    const client = await link.signIn(device);
    const received: DeviceCommand[] = [];
    await onCommands(client, device, (command) => received.push(command));
    await link.untilOnline(device);
    const publish = publisherOf(client, device);
    // 2.4 g sideways: at or above the group's 2 g, whatever the axis.
    const { id: _id, time: _time, ...impact } = impactEventBody('x', { gx: 0.3, gy: -2.4, gz: 1 });
    await publish('events', impact);
    const lock = await until('the vehicle-lock command', async () =>
      received.find((c) => c.type === 'vehicle-lock'),
    );
    const [event] = await h().database.query<{ id: string }>(
      'SELECT id FROM device_events WHERE device_pk = $1',
      [device.pk],
    );
    expect(lock).toMatchObject({ type: 'vehicle-lock', max_speed: 5, event_id: event?.id });
    await publish('command-acks', { command_id: lock.id, status: 'completed' });
    await until('the lock acknowledged', async () => (await commandsOf(device))[0]?.status === 'completed');

    const answer = await h().as('manager').get(`/vehicles/${device.vehicleId}/lockout`);
    expect(answer.status).toBe(200);
    expect(answer.body.data.lockout).toMatchObject({
      vehicle: { id: device.vehicleId },
      event: { id: event?.id },
      impact_g: 2.4,
      level_g: 2,
      lock_command_status: 'completed',
      unlocked_at: null,
    });
    const open = await h().as('manager').get('/lockouts');
    expect((open.body.data.list as { vehicle: { id: string } }[]).map((l) => l.vehicle.id)).toContain(
      device.vehicleId,
    );

    // A second impact while locked adds no lock and no command.
    await publish('events', { ...impact, gx: 5 });
    await until('the second event stored', async () => {
      const [row] = await h().database.query<{ n: string }>(
        'SELECT count(*) AS n FROM device_events WHERE device_pk = $1',
        [device.pk],
      );
      return Number(row?.n) === 2;
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(await lockRows(device)).toHaveLength(1);
    expect((await commandsOf(device)).map((c) => c.type)).toEqual(['vehicle-lock']);
  }, 40_000);

  it('locks nothing below the level, for another event type, or in a group without a level', async () => {
    const below = await vehicleIn(group);
    await eventOf(below, { gx: 1.99, gz: 1.5 });
    const harsh = await vehicleIn(group);
    await eventOf(harsh, { gx: -3 }, 'SuddenDeceleration');
    const noGroup = await vehicleIn(null);
    await eventOf(noGroup, { gx: 9 });
    for (const device of [below, harsh, noGroup]) {
      expect(await lockRows(device)).toEqual([]);
      expect(await commandsOf(device)).toEqual([]);
      const answer = await h().as('manager').get(`/vehicles/${device.vehicleId}/lockout`);
      expect(answer.body.data).toEqual({ lockout: null });
    }
  });

  it('locks at the level exactly, taking gravity off the vertical axis, while the device is away', async () => {
    const device = await vehicleIn(group);
    await eventOf(device, { gz: 3 });
    const [lock] = await lockRows(device);
    expect(lock).toMatchObject({ impact_g: 2, level_g: 2 });
    // Offline: the command waits for the device.
    expect(await commandsOf(device)).toMatchObject([{ type: 'vehicle-lock', status: 'queued' }]);
    expect(await auditOf(String(lock?.id))).toEqual([
      { action: 'create', actor_name: 'system', customer_id: harbor },
    ]);
  });
});

describe('unlocking', () => {
  it('needs a reason and the privilege, sends vehicle-unlock, and records it in the history and the audit log', async () => {
    const device = await vehicleIn(group);
    const eventId = await eventOf(device, { gx: 2.5 });
    const [lock] = await lockRows(device);
    const url = `/vehicles/${device.vehicleId}/unlock`;

    // No reason, a blank one, or a caller without the privilege: refused, nothing changes.
    const blank = await h().as('manager').post(url, { reason: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.fields.reason).toBe('Enter the reason for unlocking the vehicle.');
    const none = await h().as('manager', { lang: 'zh' }).post(url, {});
    expect(none.fields.reason).toBe('请输入解锁车辆的原因。');
    expect((await h().as('sales').post(url, { reason: 'Looks fine' })).status).toBe(403);
    expect(await lockRows(device)).toEqual([lock]);
    expect(await commandsOf(device)).toHaveLength(1);

    const done = await h().as('manager').post(url, { reason: 'Forks and mast checked, driver unhurt' });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({
      id: lock?.id,
      unlocked_by: 'manager',
      unlock_reason: 'Forks and mast checked, driver unhurt',
      unlock_command_status: 'queued',
    });
    expect((await commandsOf(device)).map((c) => c.type)).toEqual(['vehicle-lock', 'vehicle-unlock']);
    expect(
      (await h().as('manager').get(`/vehicles/${device.vehicleId}/lockout`)).body.data.lockout,
    ).toBeNull();
    const history = await h().as('manager').get(`/events/${eventId}/lockouts`);
    expect(history.body.data.list).toMatchObject([
      {
        locked_at: expect.any(String),
        unlocked_at: expect.any(String),
        unlock_reason: 'Forks and mast checked, driver unhurt',
      },
    ]);
    expect((await auditOf(String(lock?.id))).map((e) => [e.action, e.actor_name])).toEqual([
      ['create', 'system'],
      ['update', 'manager'],
    ]);

    // Not locked any more: refused in the caller's language, nothing sent.
    const again = await h().as('manager', { lang: 'ja' }).post(url, { reason: 'Again' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('この車両はロックされていません。解除するものはありません。');
    expect(await commandsOf(device)).toHaveLength(2);
    // A new impact locks it again.
    await eventOf(device, { gx: 4 });
    expect(await lockRows(device)).toHaveLength(2);
  });

  it("answers another company's vehicle and event as missing and changes nothing", async () => {
    const other = await h().addCompany('lockother', 'Lock Other Co');
    const [otherGroup] = await h().database.query<{ id: string }>(
      `INSERT INTO vehicle_groups (customer_id, name, lockout_impact_g) VALUES ($1, 'Other cranes', 1) RETURNING id`,
      [other],
    );
    const device = await vehicleIn(otherGroup?.id ?? null, other);
    const eventId = await eventOf(device, { gx: 3 });
    const [lock] = await lockRows(device);
    expect(lock).toBeDefined();
    expect((await h().as('manager').get(`/vehicles/${device.vehicleId}/lockout`)).status).toBe(404);
    expect((await h().as('manager').get(`/events/${eventId}/lockouts`)).status).toBe(404);
    const unlock = await h()
      .as('manager')
      .post(`/vehicles/${device.vehicleId}/unlock`, { reason: 'Mine now' });
    expect(unlock.status).toBe(404);
    expect(JSON.stringify((await h().as('manager').get('/lockouts')).body)).not.toContain('Other cranes');
    expect(
      (await h().as('manager').get('/lockouts')).body.data.list.map((l: { id: string }) => l.id),
    ).not.toContain(lock?.id);
    expect(await lockRows(device)).toEqual([lock]);
    expect(await commandsOf(device)).toHaveLength(1);
  });
});
