// The device link through an external broker: the machine's Mosquitto (127.0.0.1:1883, as in
// CI). Two server replicas join one shared-subscription group on one database; every message is
// stored exactly once, resends included. Skipped when no broker answers there.
import { randomBytes } from 'node:crypto';
import { deviceTopic } from '@fleetlens/contracts';
import type { FastifyInstance } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import {
  registerTestDevice,
  storedPositions,
  TEST_BROKER,
  type TestDevice,
  testBrokerAnswers,
} from '../../testing/deviceLink.ts';
import { type Harness, PUBLIC_URL, startHarness } from '../../testing/harness.ts';

const BROKER = TEST_BROKER;
const available = await testBrokerAnswers();
const group = `fltest${randomBytes(4).toString('hex')}`;
const env = (replica: string) => ({
  MQTT_ENABLED: 'true',
  MQTT_URL: BROKER,
  MQTT_SHARE_GROUP: group,
  MQTT_CLIENT_ID: `${group}-${replica}`,
  INGEST_BATCH_DELAY_MS: '5',
});

let h: Harness;
let second: FastifyInstance;
let device: TestDevice;
let client: MqttClient;

beforeAll(async () => {
  if (!available) return;
  h = await startHarness(env('a'));
  second = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PUBLIC_URL,
      WEB_DIST: '/nonexistent',
      ...env('b'),
    }),
    database: h.database,
  });
  const [manager] = await h.database.query<{ customer_id: string }>(
    "SELECT customer_id FROM users WHERE username = 'manager'",
  );
  device = await registerTestDevice(h.database, manager?.customer_id as string);
  // Mosquitto here lets anyone in; the device still uses its own client id and topics.
  client = await mqtt.connectAsync(BROKER, { clientId: device.deviceId, reconnectPeriod: 0 });
});
afterAll(async () => {
  await client?.endAsync();
  await second?.close();
  await h?.close();
});

describe.skipIf(!available)('an external broker with two replicas in a shared subscription', () => {
  it('stores every message once, resends included, and dead-letters the invalid', async () => {
    const topic = deviceTopic(device.deviceId, 'positions');
    const messages = Array.from({ length: 40 }, (_, i) =>
      JSON.stringify({
        id: `ext-${i}`,
        time: new Date(Date.now() - (40 - i) * 1000).toISOString(),
        lat: 35.6 + i / 10_000,
        lng: 139.7,
        speed: 10,
        direction: 180,
      }),
    );
    for (const m of messages) await client.publishAsync(topic, m, { qos: 1 });
    // The same forty again, as a device would after a lost acknowledgement.
    for (const m of messages) await client.publishAsync(topic, m, { qos: 1 });
    await client.publishAsync(topic, '{"id":"ext-bad"}', { qos: 1 });
    const stored = () => storedPositions(h.database, device.pk);
    await expect.poll(stored, { timeout: 15_000 }).toBe(40);
    await expect
      .poll(async () =>
        (
          await h.database.query<{ reason: string }>('SELECT reason FROM dead_letters WHERE device_id = $1', [
            device.deviceId,
          ])
        ).map((r) => r.reason),
      )
      .toEqual(['invalid-message']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await stored()).toBe(40);
  });
});
