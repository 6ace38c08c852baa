// The Mosquitto configuration of docs/device-protocol.md, as written there: this test reads the
// mosquitto.conf and ACL blocks from the doc, runs the machine's Mosquitto with them on a free
// port, joins it with the server (MQTT_URL) and checks with real MQTT clients what the doc's
// access table says: a device's own topics reach the server, anything else is dropped
// (acknowledged under MQTT 3.1.1, reason code 0x87 under MQTT 5), another device's commands are
// never delivered, and a device cannot take over another's session.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deviceTopic } from '@fleetlens/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, registerTestDevice, type TestDevice } from '../../testing/deviceLink.ts';
import { bearer, type Harness, startHarness, tokenOf } from '../../testing/harness.ts';

const MOSQUITTO = ['/usr/sbin/mosquitto', '/usr/bin/mosquitto'].find((p) => existsSync(p));
const PASSWD = ['/usr/bin/mosquitto_passwd', '/usr/sbin/mosquitto_passwd'].find((p) => existsSync(p));
const available = MOSQUITTO !== undefined && PASSWD !== undefined;
if (!available && process.env.REQUIRE_MQTT_BROKER)
  throw new Error('mosquitto is not installed, and REQUIRE_MQTT_BROKER is set');

const DOC = join(import.meta.dirname, '../../../../../docs/device-protocol.md');

/** A fenced block of the doc whose first line is `firstLine`, without its indentation. */
function docBlock(firstLine: string): string {
  const doc = readFileSync(DOC, 'utf8');
  const start = doc.indexOf(firstLine);
  if (start < 0) throw new Error(`docs/device-protocol.md has no block starting with ${firstLine}`);
  const end = doc.indexOf('```', start);
  return doc
    .slice(start, end)
    .split('\n')
    .map((line) => line.trim())
    .join('\n');
}

const SERVER_PASSWORD = 'server-secret-for-the-test';
let dir: string;
let mosquitto: ChildProcess | undefined;
let url: string;
let h: Harness;
let device: TestDevice;
let other: TestDevice;
const clients: MqttClient[] = [];

function addAccount(username: string, password: string): void {
  execFileSync(PASSWD as string, ['-b', join(dir, 'fleetlens.passwd'), username, password]);
}

async function listening(port: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => resolve(socket.destroy() !== undefined));
      socket.once('error', () => resolve(false));
    });
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('mosquitto did not start');
}

async function signIn(d: TestDevice, protocolVersion: 4 | 5 = 4, clientId = d.deviceId): Promise<MqttClient> {
  const client = await mqtt.connectAsync(url, {
    clientId,
    username: d.deviceId,
    password: d.secret,
    protocolVersion,
    reconnectPeriod: 0,
  });
  clients.push(client);
  return client;
}

beforeAll(async () => {
  if (!available) return;
  dir = mkdtempSync(join(tmpdir(), 'fleetlens-mosquitto-'));
  // Started as root, mosquitto reads its files as the mosquitto user.
  chmodSync(dir, 0o755);
  const port = await freePort();
  url = `mqtt://127.0.0.1:${port}`;
  writeFileSync(join(dir, 'fleetlens.acl'), docBlock('# /etc/mosquitto/fleetlens.acl'));
  const conf = docBlock('# mosquitto.conf').replaceAll('/etc/mosquitto/', `${dir}/`);
  writeFileSync(join(dir, 'mosquitto.conf'), `listener ${port} 127.0.0.1\npersistence false\n${conf}\n`);
  writeFileSync(join(dir, 'fleetlens.passwd'), '');
  addAccount('fleetlens-server', SERVER_PASSWORD);
  mosquitto = spawn(MOSQUITTO as string, ['-c', join(dir, 'mosquitto.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let said = '';
  mosquitto.stderr?.on('data', (chunk) => {
    said += String(chunk);
  });
  await listening(port).catch((error: Error) => {
    throw new Error(`${error.message}: ${said}`);
  });

  const group = `fltestacl${port}`;
  h = await startHarness({
    MQTT_ENABLED: 'true',
    MQTT_URL: url,
    MQTT_USERNAME: 'fleetlens-server',
    MQTT_PASSWORD: SERVER_PASSWORD,
    MQTT_SHARE_GROUP: group,
    MQTT_CLIENT_ID: group,
    INGEST_BATCH_DELAY_MS: '5',
  });
  const [manager] = await h.database.query<{ customer_id: string }>(
    "SELECT customer_id FROM users WHERE username = 'manager'",
  );
  device = await registerTestDevice(h.database, manager?.customer_id as string);
  other = await registerTestDevice(h.database, manager?.customer_id as string);
  // As the doc says: each device into the password file, then SIGHUP to read it again.
  addAccount(device.deviceId, device.secret);
  addAccount(other.deviceId, other.secret);
  mosquitto.kill('SIGHUP');
  for (
    let i = 0;
    i < 50 &&
    !(await signIn(device).then(
      () => true,
      () => false,
    ));
    i++
  )
    await new Promise((resolve) => setTimeout(resolve, 100));
});
afterAll(async () => {
  for (const c of clients) c.end(true);
  await h?.close();
  mosquitto?.kill('SIGTERM');
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const position = (id: string) =>
  JSON.stringify({ id, time: new Date().toISOString(), lat: 35.6, lng: 139.7, speed: 5, direction: 90 });
const count = async (sql: string, params: unknown[]) =>
  Number((await h.database.query<{ n: string }>(sql, params))[0]?.n);
const positions = (id: string) =>
  count('SELECT count(*) AS n FROM device_positions WHERE message_id LIKE $1', [id]);

describe.skipIf(!available)("Mosquitto with the doc's ACL", () => {
  const outside = () => [
    deviceTopic(device.deviceId, 'commands'),
    `fleetlens/v1/devices/${device.deviceId}/diagnostics`,
    `fleetlens/v1/devices/${device.deviceId}/positions/extra`,
    deviceTopic(other.deviceId, 'positions'),
  ];

  it('MQTT 3.1.1: drops every publish outside the own topics (acknowledged), delivers the own', async () => {
    const client = await signIn(device);
    for (const [i, topic] of outside().entries())
      await client.publishAsync(topic, position(`mq4-out-${i}`), { qos: 1 });
    await client.publishAsync(deviceTopic(device.deviceId, 'positions'), position('mq4-own'), { qos: 1 });
    await expect.poll(() => positions('mq4-own'), { timeout: 10_000 }).toBe(1);
    expect(client.connected).toBe(true);
    expect(await positions('mq4-out-%')).toBe(0);
    expect(await count('SELECT count(*) AS n FROM dead_letters', [])).toBe(0);
  });

  it('MQTT 5: answers a publish outside the own topics with reason code 0x87', async () => {
    const client = await signIn(device, 5);
    for (const [i, topic] of outside().entries())
      await expect(client.publishAsync(topic, position(`mq5-out-${i}`), { qos: 1 })).rejects.toThrow(
        /Not authorized/,
      );
    await client.publishAsync(deviceTopic(device.deviceId, 'positions'), position('mq5-own'), { qos: 1 });
    await expect.poll(() => positions('mq5-own'), { timeout: 10_000 }).toBe(1);
    expect(await positions('mq5-out-%')).toBe(0);
  });

  it("never delivers another device's commands, and a forged client id takes over nobody", async () => {
    const owner = await signIn(other);
    const received: string[] = [];
    owner.on('message', (topic) => received.push(topic));
    await owner.subscribeAsync(deviceTopic(other.deviceId, 'commands'), { qos: 1 });
    const snoop = await signIn(device, 4, other.deviceId);
    const snooped: string[] = [];
    snoop.on('message', (topic) => snooped.push(topic));
    await snoop.subscribeAsync([deviceTopic(other.deviceId, 'commands'), 'fleetlens/v1/devices/#'], {
      qos: 1,
    });
    expect(owner.connected).toBe(true);

    // With an external broker a device is online once it says so; then its command goes out.
    await owner.publishAsync(
      deviceTopic(other.deviceId, 'status'),
      JSON.stringify({ id: 'mq-online', time: new Date().toISOString(), connection: 'online' }),
      { qos: 1 },
    );
    await expect
      .poll(async () =>
        count('SELECT count(*) AS n FROM device_states WHERE device_pk = $1 AND online', [other.pk]),
      )
      .toBe(1);
    const created = await h.app.inject({
      method: 'POST',
      url: `/api/v1/device-link/devices/${other.pk}/commands`,
      headers: bearer(await tokenOf(h.app, 'manager')),
      payload: { type: 'threshold-read' },
    });
    expect(created.statusCode).toBe(201);
    await expect.poll(() => received, { timeout: 10_000 }).toEqual([deviceTopic(other.deviceId, 'commands')]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(snooped).toEqual([]);
  });
});
