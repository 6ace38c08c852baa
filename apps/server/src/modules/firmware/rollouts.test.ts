import { createHash } from 'node:crypto';
import { type DeviceCommand, utcToLocal } from '@fleetlens/contracts';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { loadConfig } from '../../config.ts';
import { objectStorage } from '../../platform/storage.ts';
import {
  type LinkHarness,
  onCommands,
  publisherOf,
  startLinkHarness,
  type TestDevice,
  until,
} from '../../testing/deviceLink.ts';
import { FIRMWARE_IMAGE, uploadFirmware } from '../../testing/firmware.ts';
import { PUBLIC_URL, storingIn } from '../../testing/harness.ts';
import { allowance, rolloutJob } from './rolloutJob.ts';

type Snap = Record<string, unknown> | null;
let link: LinkHarness & { dataDir: string };
let firmware: { id: string; sha256: string; version: number };

beforeAll(async () => {
  link = await storingIn('rollouts', startLinkHarness);
  firmware = await uploadFirmware(link.h, 'dv426_upgrade_20261201.8701_fk_Rename');
});
afterAll(async () => link?.close());

const db = () => link.h.database;
const support = () => link.h.as('support');
const local = (msFromNow: number, zone = 'UTC') => utcToLocal(new Date(Date.now() + msFromNow), zone);
const HOUR = 3600_000;

/** A device of the manager's company on a vehicle of `groupId`, of `type`, running `firmware`. */
async function device(groupId: string, firmwareVersion: string | null, type = 'dv426'): Promise<TestDevice> {
  const d = await link.addDevice();
  await db().query('UPDATE vehicles SET group_id = $2 WHERE id = $1', [d.vehicleId, groupId]);
  await db().query('UPDATE devices SET firmware = $2, device_type = $3 WHERE id = $1', [
    d.pk,
    firmwareVersion,
    type,
  ]);
  return d;
}

async function group(name: string): Promise<string> {
  const [row] = await db().query<{ id: string }>(
    'INSERT INTO vehicle_groups (customer_id, name) VALUES ($1, $2) RETURNING id',
    [link.customerId, name],
  );
  return row?.id as string;
}

/** Signs the device in, says it is online, and hears its commands. */
async function online(d: TestDevice, heard: DeviceCommand[]) {
  const client = await link.signIn(d);
  await onCommands(client, d, (c) => heard.push(c));
  await publisherOf(client, d)('status', { connection: 'online', motion: 'stopping' });
  await link.untilOnline(d);
  return client;
}

const rolloutCount = async () =>
  Number((await db().query<{ n: string }>('SELECT count(*) AS n FROM firmware_rollouts'))[0]?.n);

/** The audit entries of one rollout, oldest first. */
const auditOf = (id: string) =>
  db().query<{ action: string; actor_name: string; customer_id: string; before: Snap; after: Snap }>(
    "SELECT action, actor_name, customer_id, before, after FROM audit_log WHERE entity = 'firmware_rollout' AND entity_id = $1 ORDER BY id",
    [id],
  );
const auditCount = async () =>
  Number((await db().query<{ n: string }>('SELECT count(*) AS n FROM audit_log'))[0]?.n);

const body = (extra: Record<string, unknown>) => ({
  customer_id: link.customerId,
  target: 'groups',
  time_zone: 'UTC',
  ends_at: local(4 * HOUR),
  immediate: true,
  ...extra,
});

describe('firmware rollouts', () => {
  let yard = '';
  const devices: Record<string, TestDevice> = {};
  const clients: Record<string, MqttClient> = {};
  const heard: Record<string, DeviceCommand[]> = { ready: [], late: [] };

  beforeAll(async () => {
    yard = await group('OTA yard');
    devices.ready = await device(yard, '8690');
    devices.old = await device(yard, '8600');
    devices.other = await device(yard, '8690', 'dv456');
    devices.current = await device(yard, '8701');
    devices.late = await device(yard, '8695');
    clients.ready = await online(devices.ready, heard.ready as DeviceCommand[]);
    for (const name of ['old', 'other', 'current']) await online(devices[name] as TestDevice, []);
  });

  it('previews the group: the eligible devices, and every other one with its reason', async () => {
    const res = await support().post(`/firmwares/${firmware.id}/preview`, body({ group_ids: [yard] }));
    expect(res.status).toBe(200);
    expect(res.body.data.eligible.map((d: { id: string }) => d.id)).toEqual([devices.ready?.pk]);
    const reasons = Object.fromEntries(
      res.body.data.ineligible.map((d: { id: string; reason: string }) => [d.id, d.reason]),
    );
    expect(reasons).toEqual({
      [devices.old?.pk as string]: 'below-minimum',
      [devices.other?.pk as string]: 'other-device-type',
      [devices.current?.pk as string]: 'already-at-version',
      [devices.late?.pk as string]: 'offline',
    });
  });

  it("refuses with the spec's messages, and creates nothing: a group with no match, a device below 8687, a window that has ended", async () => {
    const before = await rolloutCount();
    const audited = await auditCount();
    const empty = await group('OTA empty yard');
    await device(empty, '8690', 'dv456');
    const none = await support().post(`/firmwares/${firmware.id}/rollouts`, body({ group_ids: [empty] }));
    expect(none.status).toBe(400);
    expect(none.body.data.fields[0]).toMatchObject({
      field: 'group_ids',
      message: 'No matching on-board device in the vehicle group for the firmware device type.',
    });
    const old = await support().post(
      `/firmwares/${firmware.id}/rollouts`,
      body({ target: 'devices', device_ids: [devices.ready?.pk, devices.old?.pk] }),
    );
    expect(old.status).toBe(400);
    expect(old.body.data.fields[0].message).toBe(
      `Firmware update needs device firmware version 8687 or higher (device ${devices.old?.deviceId}).`,
    );
    const ended = await support().post(
      `/firmwares/${firmware.id}/rollouts`,
      body({ group_ids: [yard], immediate: false, starts_at: local(-3 * HOUR), ends_at: local(-HOUR) }),
    );
    expect(ended.status).toBe(400);
    expect(ended.body.data.fields[0]).toMatchObject({
      field: 'ends_at',
      message: 'This update window has already ended. Choose an end in the future.',
    });
    const ja = await link.h
      .as('support', { lang: 'ja' })
      .post(`/firmwares/${firmware.id}/rollouts`, body({ group_ids: [empty] }));
    expect(ja.body.data.fields[0].message).toBe(
      '車両グループ内に、ファームウェアのデバイス種別に一致する車載器がありません。',
    );
    expect(await rolloutCount()).toBe(before);
    expect(await auditCount()).toBe(audited);
    // A customer's user reaches none of it, whatever their role.
    await link.h.grant('Fleet manager', ['device:view', 'device:edit']);
    expect(
      (await link.h.as('manager').post(`/firmwares/${firmware.id}/preview`, body({ group_ids: [yard] })))
        .status,
    ).toBe(403);
  });

  it('reads the window in the time zone given', async () => {
    const res = await support().post(
      `/firmwares/${firmware.id}/rollouts`,
      body({
        group_ids: [yard],
        immediate: false,
        time_zone: 'Asia/Tokyo',
        starts_at: local(2 * HOUR, 'Asia/Tokyo'),
        ends_at: local(5 * HOUR, 'Asia/Tokyo'),
      }),
    );
    expect(res.status).toBe(201);
    const starts = new Date(res.body.data.starts_at).getTime();
    // Minutes are the form's precision.
    expect(Math.abs(starts - (Date.now() + 2 * HOUR))).toBeLessThan(61_000);
    expect(res.body.data).toMatchObject({ status: 'scheduled', total_devices: 2, finished_devices: 0 });
    const cancelled = await support().post(`/firmware-rollouts/${res.body.data.id}/cancel`);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', total_devices: 2, finished_devices: 2 });
    // Both writes audited: who, the customer, the rollout before and after with its device count.
    const log = await auditOf(res.body.data.id);
    expect(log.map((e) => e.action)).toEqual(['create', 'update']);
    expect(log[0]).toMatchObject({ actor_name: 'support', customer_id: link.customerId, before: null });
    expect(log[0]?.after).toMatchObject({ status: 'scheduled', time_zone: 'Asia/Tokyo', devices: 2 });
    expect(log[1]?.before).toMatchObject({ status: 'scheduled' });
    expect(log[1]?.after).toMatchObject({ status: 'cancelled', status_reason: 'cancelled' });
    // A cancel of an ended rollout is refused and records nothing.
    const audited = await auditCount();
    expect((await support().post(`/firmware-rollouts/${res.body.data.id}/cancel`)).status).toBe(400);
    expect(await auditCount()).toBe(audited);
  });

  it('updates the group: the device downloads by the signed address, checks the checksum, reports each step and its new version; the offline one joins when it returns', async () => {
    const res = await support().post(
      `/firmwares/${firmware.id}/rollouts`,
      body({ group_ids: [yard], first_stage_size: 1, success_threshold: 100, error_threshold: 50 }),
    );
    expect(res.status).toBe(201);
    const rolloutId = res.body.data.id;
    expect(res.body.data).toMatchObject({ status: 'running', stage: 1, total_devices: 2 });
    const command = await until('the firmware update command', async () =>
      heard.ready?.find((c) => c.type === 'firmware-update'),
    );
    if (command.type !== 'firmware-update') throw new Error('not a firmware update');
    expect(command).toMatchObject({
      install_when: 'vehicle-stopped',
      firmware: { version: 8701, device_type: 'dv426', sha256: firmware.sha256, size: FIRMWARE_IMAGE.length },
    });
    const download = await link.h.app.inject({
      method: 'GET',
      url: command.download_url.slice(PUBLIC_URL.length),
    });
    expect(download.statusCode).toBe(200);
    expect(createHash('sha256').update(download.rawPayload).digest('hex')).toBe(command.firmware.sha256);
    const publish = publisherOf(clients.ready as MqttClient, devices.ready as TestDevice);
    const ack = (status: string, fw?: object) =>
      publish('command-acks', { command_id: command.id, status, ...(fw ? { firmware: fw } : {}) });
    const first = await support().get(`/firmware-rollouts/${rolloutId}/devices`);
    expect(first.body).toMatchObject({ code: 20000 });
    const rowOf = async (pk: string) =>
      (await support().get(`/firmware-rollouts/${rolloutId}/devices`)).body.data.list.find(
        (r: { device: { id: string } }) => r.device.id === pk,
      );
    await ack('received');
    await ack('received', { step: 'downloading', percent: 40 });
    await until('downloading 40 %', async () => (await rowOf(devices.ready?.pk as string))?.progress === 40);
    expect((await rowOf(devices.ready?.pk as string)).status).toBe('downloading');
    await ack('received', { step: 'waiting-for-stop' });
    // The last steps come close together, in one batch of the ingestion, as a device sends them.
    await Promise.all([
      ack('received', { step: 'installing' }),
      ack('received', { step: 'rebooted', version: '8701' }),
      ack('completed', { version: '8701' }),
    ]);
    await until('succeeded', async () => (await rowOf(devices.ready?.pk as string))?.status === 'succeeded');
    expect(await rowOf(devices.ready?.pk as string)).toMatchObject({
      reported_version: '8701',
      from_version: '8690',
      progress: 100,
    });
    const [recorded] = await db().query<{ firmware: string }>('SELECT firmware FROM devices WHERE id = $1', [
      devices.ready?.pk,
    ]);
    expect(recorded?.firmware).toBe('8701');
    // The first stage passed: the second opens, and its device, offline, waits for its return.
    await until(
      'the second stage',
      async () => (await support().get(`/firmware-rollouts/${rolloutId}`)).body.data.stage === 2,
    );
    const late = await online(devices.late as TestDevice, heard.late as DeviceCommand[]);
    const lateCommand = await until('the late device notified', async () =>
      heard.late?.find((c) => c.type === 'firmware-update'),
    );
    // Another device cannot answer for it: the ready device's answer on the late one's command changes nothing.
    await publish('command-acks', {
      command_id: lateCommand.id,
      status: 'completed',
      firmware: { version: '8701' },
    });
    await new Promise((r) => setTimeout(r, 500));
    expect((await rowOf(devices.late?.pk as string)).status).toBe('notified');
    // The late device finds the download does not match its checksum, and says so.
    await publisherOf(late, devices.late as TestDevice)('command-acks', {
      command_id: lateCommand.id,
      status: 'failed',
      firmware: { failure: 'checksum-mismatch' },
      error: 'SHA-256 of the download does not match',
    });
    await until('failed', async () => (await rowOf(devices.late?.pk as string))?.status === 'failed');
    expect((await rowOf(devices.late?.pk as string)).error).toBe('checksum-mismatch');
    // The log's totals and finished counts are the per-device rows'.
    const log = await until('finished', async () => {
      const one = (await support().get(`/firmware-rollouts/${rolloutId}`)).body.data;
      return one.status !== 'running' && one;
    });
    const rows = (await support().get(`/firmware-rollouts/${rolloutId}/devices`)).body.data.list;
    expect(log).toMatchObject({
      total_devices: rows.length,
      finished_devices: 2,
      succeeded_devices: 1,
      failed_devices: 1,
    });
    // The second stage's one device failed: above its error threshold of 50 %, the rollout pauses.
    expect(log).toMatchObject({ status: 'paused', status_reason: 'error-threshold', stage: 2 });
    const listed = (await support().get('/firmware-rollouts')).body.data.list.find(
      (r: { id: string }) => r.id === rolloutId,
    );
    expect(listed).toMatchObject({ total_devices: 2, finished_devices: 2 });
    // Each device's update log.
    const history = await support().get(`/firmware-device-updates/${devices.ready?.pk}`);
    expect(history.body.data.list.map((r: { status: string }) => r.status)).toEqual([
      'succeeded',
      'cancelled',
    ]);
    // Resuming the paused rollout is audited like its creation.
    const resumed = await support().post(`/firmware-rollouts/${rolloutId}/resume`);
    expect(resumed.status).toBe(200);
    const audit = await auditOf(rolloutId);
    expect(audit.map((e) => e.action)).toEqual(['create', 'update']);
    expect(audit[1]?.before).toMatchObject({ status: 'paused' });
    expect(audit[1]?.after).toMatchObject({ status_reason: 'resumed' });
  });
});

describe('the rollout job', () => {
  it('spreads notifications over the minute and never passes the rate', () => {
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    expect(allowance({ rate_per_minute: 120, last_notified_at: null }, 0, now)).toBe(120);
    expect(allowance({ rate_per_minute: 120, last_notified_at: ago(2_000) }, 60, now)).toBe(4);
    expect(allowance({ rate_per_minute: 120, last_notified_at: ago(30_000) }, 119, now)).toBe(1);
    expect(allowance({ rate_per_minute: 120, last_notified_at: ago(500) }, 120, now)).toBe(0);
    expect(allowance({ rate_per_minute: 5000, last_notified_at: null }, 0, now)).toBe(500);
  });

  it('carries on from the database alone (a restart), at the rate, and stops new starts on a cancel', async () => {
    // The test runs the job at its own clock: the server's own runs (woken by the rollout's
    // creation, at the real time) stay paused, or they count as the restarted job's.
    await link.h.jobs.pause('firmware-rollouts');
    onTestFinished(() => link.h.jobs.resume('firmware-rollouts'));
    const yard = await group('OTA rate yard');
    const pks: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const d = await device(yard, '8690');
      pks.push(d.pk);
      await db().query(
        `INSERT INTO device_states (device_pk, customer_id, online) VALUES ($1, $2, true)
         ON CONFLICT (customer_id, device_pk) DO UPDATE SET online = true`,
        [d.pk, link.customerId],
      );
    }
    const res = await support().post(
      `/firmwares/${firmware.id}/rollouts`,
      body({
        group_ids: [yard],
        immediate: false,
        starts_at: local(HOUR),
        ends_at: local(3 * HOUR),
        rate_per_minute: 2,
        first_stage_size: 5,
      }),
    );
    expect(res.status).toBe(201);
    const id = res.body.data.id;
    const notified = async () =>
      Number(
        (
          await db().query<{ n: string }>(
            "SELECT count(*) AS n FROM firmware_rollout_devices WHERE rollout_id = $1 AND status <> 'waiting'",
            [id],
          )
        )[0]?.n,
      );
    // Each run is a fresh job, as after a restart: it knows only the database.
    const run = (at: Date) =>
      rolloutJob({
        database: db(),
        storage: objectStorage(loadConfig({ DATA_DIR: link.dataDir, PUBLIC_URL }), db()),
        commands: { sendPending: async () => {} },
        log: { warn: () => {} },
      }).run(at, at);
    const start = new Date(new Date(res.body.data.starts_at).getTime());
    // Asks to run by the start at the latest (sooner when another test's rollout is under way).
    const due = await run(new Date(start.getTime() - 60_000));
    expect(due?.getTime()).toBeLessThanOrEqual(start.getTime());
    expect(await notified()).toBe(0);
    await run(start);
    expect(await notified()).toBe(2);
    await run(new Date(start.getTime() + 20_000));
    expect(await notified()).toBe(2);
    await run(new Date(start.getTime() + 61_000));
    expect(await notified()).toBe(4);
    const cancel = await support().post(`/firmware-rollouts/${id}/cancel`);
    expect(cancel.body.data).toMatchObject({ status: 'cancelled', total_devices: 5, finished_devices: 1 });
    await run(new Date(start.getTime() + 130_000));
    expect(await notified()).toBe(5);
    const statuses = (await support().get(`/firmware-rollouts/${id}/devices`)).body.data.list.map(
      (r: { status: string }) => r.status,
    );
    expect(statuses.sort()).toEqual(['cancelled', 'notified', 'notified', 'notified', 'notified']);
    // Those updating time out after their time-out (60 minutes here).
    await run(new Date(start.getTime() + 62 * 60_000));
    const after = (await support().get(`/firmware-rollouts/${id}`)).body.data;
    expect(after).toMatchObject({ status: 'cancelled', finished_devices: 5, failed_devices: 4 });
    expect(pks).toHaveLength(5);
  });
});
