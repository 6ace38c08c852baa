// A rollout outlives its server: the product runs as its own process (main.ts), a rollout starts,
// the process is killed while devices are downloading, and a new process on the same database
// (PGlite's data folder kept, or the same PostgreSQL database) carries the rollout on to its end.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DeviceCommand, utcToLocal } from '@fleetlens/contracts';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/database.ts';
import {
  answererOf,
  connectDevice,
  onCommands,
  publisherOf,
  registerTestDevice,
  type TestDevice,
  until,
} from '../../testing/deviceLink.ts';
import { FIRMWARE_IMAGE } from '../../testing/firmware.ts';
import { PUBLIC_URL, TEST_PASSWORD } from '../../testing/harness.ts';
import { type ServerProcess, serverProcess } from '../../testing/serverProcess.ts';
import { seedDemo } from '../demo/seed.ts';

let dataDir = '';
let postgres: TestDatabase | undefined;
let server: ServerProcess;
let groupId = '';
const devices: TestDevice[] = [];
const clients: MqttClient[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'fleetlens-restart-'));
  // The fleet is written before the first start: the embedded database is one process's at a time.
  const db = await createTestDatabase({ dataDir: join(dataDir, 'pglite') });
  postgres = db.url ? db : undefined;
  await seedDemo(db, TEST_PASSWORD);
  const [manager] = await db.query<{ customer_id: string }>(
    "SELECT customer_id FROM users WHERE username = 'manager'",
  );
  const customerId = manager?.customer_id as string;
  const [group] = await db.query<{ id: string }>(
    "INSERT INTO vehicle_groups (customer_id, name) VALUES ($1, 'Restart yard') RETURNING id",
    [customerId],
  );
  groupId = group?.id as string;
  for (let i = 0; i < 4; i += 1) {
    const device = await registerTestDevice(db, customerId);
    await db.query('UPDATE vehicles SET group_id = $2 WHERE id = $1', [device.vehicleId, groupId]);
    await db.query("UPDATE devices SET firmware = '8690' WHERE id = $1", [device.pk]);
    devices.push(device);
  }
  if (!postgres) await db.close();
  server = await serverProcess({ dataDir, databaseUrl: postgres?.url });
  await server.start();
}, 180_000);

afterAll(async () => {
  for (const client of clients) client.end(true);
  await server?.stop();
  await postgres?.drop();
  await rm(dataDir, { recursive: true, force: true });
}, 60_000);

describe('a rollout and a server restart', () => {
  it('carries on after the server process is killed mid-rollout and started again on the same database', async () => {
    const support = () => server.as('support');
    // The file, uploaded as the upload screen does it.
    const started = await support().post('/firmwares', {
      file_name: 'dv426_upgrade_20261201.8701_fk_Rename',
    });
    expect(started.status).toBe(201);
    const sent = await fetch(`${server.base}${started.body.data.upload.url.slice(PUBLIC_URL.length)}`, {
      method: 'PUT',
      headers: { 'content-type': started.body.data.upload.content_type },
      body: FIRMWARE_IMAGE,
    });
    expect(sent.status).toBe(200);
    const firmwareId = started.body.data.firmware.id;
    expect((await support().post(`/firmwares/${firmwareId}/uploaded`)).status).toBe(200);

    // The devices download and then hold, until the server is back; then they finish every update.
    let restarted = false;
    const heard = new Map<string, DeviceCommand>();
    for (const device of devices) {
      const client = await connectDevice(server.mqttPort, device, { reconnectPeriod: 250 });
      clients.push(client);
      const publish = publisherOf(client, device);
      const answer = answererOf(client, device);
      const finish = (command: DeviceCommand) =>
        answer('command-acks', {
          command_id: command.id,
          status: 'completed',
          firmware: { version: '8701' },
        });
      await onCommands(client, device, (command) => {
        if (command.type !== 'firmware-update') return;
        heard.set(device.deviceId, command);
        if (restarted) void finish(command);
        else
          void answer('command-acks', {
            command_id: command.id,
            status: 'received',
            firmware: { step: 'downloading', percent: 50 },
          });
      });
      client.on('connect', () => {
        if (!restarted) return;
        void answer('status', { connection: 'online', motion: 'stopping' });
        const held = heard.get(device.deviceId);
        if (held) void finish(held);
      });
      await publish('status', { connection: 'online', motion: 'stopping' });
    }
    const body = {
      customer_id: devices[0]?.customerId,
      target: 'groups',
      group_ids: [groupId],
      time_zone: 'UTC',
      immediate: true,
      ends_at: utcToLocal(new Date(Date.now() + 4 * 3600_000), 'UTC'),
      first_stage_size: 2,
      success_threshold: 100,
      error_threshold: 100,
      rate_per_minute: 1000,
    };
    await until('the devices online', async () => {
      const preview = await support().post(`/firmwares/${firmwareId}/preview`, body);
      return preview.body.data?.eligible.length === devices.length;
    });
    const created = await support().post(`/firmwares/${firmwareId}/rollouts`, body);
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    const statuses = async () =>
      (await support().get(`/firmware-rollouts/${id}/devices`)).body.data.list.map(
        (row: { status: string }) => row.status,
      );
    await until('the first stage downloading', async () => {
      const now = await statuses();
      return now.filter((s: string) => s === 'downloading').length === 2 && now;
    });

    // Killed: nothing of its shutdown runs. The rollout job's runs are on the queue: the new
    // process runs the waiting one, and a run the kill cut is retried once its heartbeat is missed
    // (platform/jobs.ts, platform/queue.ts), as another replica would.
    await server.stop('SIGKILL');
    restarted = true;
    await server.start();

    const ended = await until(
      'the rollout finished',
      async () => {
        const rollout = (await support().get(`/firmware-rollouts/${id}`)).body.data;
        return rollout?.status === 'finished' && rollout;
      },
      200_000,
    );
    expect(ended).toMatchObject({ stage: 2, total_devices: 4, finished_devices: 4, succeeded_devices: 4 });
    expect(await statuses()).toEqual(['succeeded', 'succeeded', 'succeeded', 'succeeded']);
  }, 420_000);
});
