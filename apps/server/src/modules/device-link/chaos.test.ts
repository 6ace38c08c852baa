// Bounded chaos (about 10 s): while a device publishes at QoS 1, the server is stopped with
// messages in flight and started again on the same database, and (on PostgreSQL) every database connection is cut. Afterwards the
// stored rows equal the unique messages sent: 0 lost, 0 duplicated.
import { deviceTopic } from '@fleetlens/contracts';
import type { FastifyInstance } from 'fastify';
import type { MqttClient } from 'mqtt';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/database.ts';
import { connectDevice, freePort, registerTestDevice, type TestDevice } from '../../testing/deviceLink.ts';
import { PUBLIC_URL, TEST_PASSWORD } from '../../testing/harness.ts';
import { seedDemo } from '../demo/seed.ts';

const MESSAGES = 300;
let database: TestDatabase;
let app: FastifyInstance | undefined;
let device: TestDevice;
let client: MqttClient;
let port: number;

const start = async () =>
  buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: (process.env.TEST_LOG_LEVEL ?? 'silent') as 'silent',
      PUBLIC_URL,
      WEB_DIST: '/nonexistent',
      MQTT_ENABLED: 'true',
      MQTT_PORT: String(port),
      MQTT_HOST: '127.0.0.1',
      INGEST_BATCH_DELAY_MS: '10',
    }),
    database,
  });

beforeAll(async () => {
  port = await freePort();
  database = await createTestDatabase();
  await seedDemo(database, TEST_PASSWORD);
  const [customer] = await database.query<{ id: string }>(
    "SELECT id FROM customers WHERE stk_user = 'harbor'",
  );
  device = await registerTestDevice(database, customer?.id as string);
  app = await start();
});
afterAll(async () => {
  client?.end(true);
  await app?.close();
  await database?.drop();
});

/**
 * Stops the server while messages are in flight: the broker drops every device connection at
 * once, so messages being committed lose their PUBACK and come again after the restart.
 */
async function crash(): Promise<void> {
  const closing = app;
  app = undefined;
  await closing?.close();
}

async function cutDatabase(): Promise<void> {
  if (!database.url) return;
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  await admin.query(
    'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
  );
  await admin.end();
}

describe('chaos', () => {
  it('loses nothing and duplicates nothing across a server restart and a cut database', async () => {
    // The device keeps unacknowledged messages and sends them again after every reconnect.
    // A connection refused while the database is cut (CONNACK 3, server unavailable) is tried
    // again, as the protocol doc asks.
    client = await connectDevice(port, device, {
      reconnectPeriod: 200,
      clean: true,
      reconnectOnConnackError: true,
    });
    client.on('error', () => {});
    const topic = deviceTopic(device.deviceId, 'positions');
    const base = Date.now() - MESSAGES * 1000;
    const acked = new Set<number>();
    const publish = (i: number): void => {
      client.publish(
        topic,
        JSON.stringify({
          id: `chaos-${i}`,
          time: new Date(base + i * 1000).toISOString(),
          lat: 35.6 + i / 100_000,
          lng: 139.7,
          speed: 9,
          direction: 0,
        }),
        { qos: 1 },
        // As the protocol asks of a device: a message handed back unacknowledged is published
        // again. mqtt.js hands back those published while it resends its store after a
        // reconnect, when that connection drops too.
        (error) => {
          if (!error) acked.add(i);
          else if (!client.disconnecting) setTimeout(() => publish(i), 200);
        },
      );
    };
    for (let i = 0; i < MESSAGES; i += 1) {
      publish(i);
      if (i === 100) await crash();
      if (i === 150) app = await start();
      if (i === 220) await cutDatabase();
      if (i % 10 === 0) await new Promise((resolve) => setTimeout(resolve, 15));
    }
    await expect.poll(() => acked.size, { timeout: 30_000, interval: 200 }).toBe(MESSAGES);
    const [row] = await database.query<{ stored: number; unique: number }>(
      `SELECT count(*)::int AS stored, count(DISTINCT message_id)::int AS unique
         FROM device_positions WHERE device_pk = $1`,
      [device.pk],
    );
    const refused = await database.query('SELECT reason FROM dead_letters WHERE device_id = $1', [
      device.deviceId,
    ]);
    console.log(`chaos: ${MESSAGES} sent, ${row?.stored} stored, ${refused.length} dead letters`);
    expect(row).toEqual({ stored: MESSAGES, unique: MESSAGES });
    expect(refused).toEqual([]);
  });
});
