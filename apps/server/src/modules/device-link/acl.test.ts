// The embedded broker's access rule, over a real MQTT client (mqtt.js): a device publishes only to
// its own five upward topics. Every other topic closes its connection before any PUBACK, and
// nothing of it is stored, not even as a dead letter. It speaks MQTT 3.1.1 (and 3.1), not 5.
import { DEVICE_UP_CHANNELS, deviceTopic } from '@fleetlens/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  connectDevice,
  registerTestDevice,
  startLinkHarness,
  type TestDevice,
} from '../../testing/deviceLink.ts';
import { perFile } from '../../testing/perFile.ts';

const link = perFile(startLinkHarness);
let device: TestDevice;
let other: TestDevice;

beforeAll(async () => {
  device = await registerTestDevice(link.h.database, link.customerId);
  other = await registerTestDevice(link.h.database, link.customerId);
});

const message = (id: string) =>
  JSON.stringify({ id, time: new Date().toISOString(), lat: 35.6, lng: 139.7, speed: 5, direction: 90 });

/** Publishes at QoS 1 and tells whether the broker acknowledged it or closed the connection. */
async function publishOnce(topic: string, payload: string): Promise<'acknowledged' | 'closed'> {
  const client = await link.signIn(device);
  const closed = new Promise<'closed'>((resolve) => client.once('close', () => resolve('closed')));
  const acked = new Promise<'acknowledged'>((resolve) =>
    client.on('packetreceive', (packet) => packet.cmd === 'puback' && resolve('acknowledged')),
  );
  client.publish(topic, payload, { qos: 1 });
  return Promise.race([acked, closed]);
}

const stored = async (sql: string, params: unknown[]) =>
  Number((await link.h.database.query<{ n: string }>(sql, params))[0]?.n);

describe('the embedded broker ACL', () => {
  const outside = () => [
    deviceTopic(device.deviceId, 'commands'),
    `fleetlens/v1/devices/${device.deviceId}/diagnostics`,
    `fleetlens/v1/devices/${device.deviceId}/positions/extra`,
    `fleetlens/v1/devices/${device.deviceId}/positions/`,
    `fleetlens/v1/devices/${device.deviceId}`,
    `fleetlens/v1/devices/x${device.deviceId}/positions`,
    deviceTopic(other.deviceId, 'positions'),
    `fleetlens/v2/devices/${device.deviceId}/positions`,
    'fleetlens/v1/devices',
    'somewhere/else',
    '$SYS/broker/uptime',
  ];

  it('closes the connection, acknowledging nothing, on every publish outside its own upward topics', async () => {
    const answers: Record<string, string> = {};
    for (const [i, topic] of outside().entries())
      answers[topic] = await publishOnce(topic, message(`acl-${i}`));
    expect(answers).toEqual(Object.fromEntries(outside().map((t) => [t, 'closed'])));
    expect(await stored('SELECT count(*) AS n FROM dead_letters WHERE topic LIKE $1', ['%/devices%'])).toBe(
      0,
    );
    expect(await stored("SELECT count(*) AS n FROM device_positions WHERE message_id LIKE 'acl-%'", [])).toBe(
      0,
    );
  });

  it('acknowledges each of its own five upward topics', async () => {
    for (const channel of DEVICE_UP_CHANNELS)
      expect(await publishOnce(deviceTopic(device.deviceId, channel), message(`own-${channel}`))).toBe(
        'acknowledged',
      );
  });

  it('grants a subscription to its own commands topic only, wildcards refused (0x80)', async () => {
    const client = await link.signIn(device);
    const grants: Record<string, number | undefined> = {};
    const filters = [
      deviceTopic(device.deviceId, 'commands'),
      deviceTopic(other.deviceId, 'commands'),
      'fleetlens/v1/devices/+/commands',
      `fleetlens/v1/devices/${device.deviceId}/#`,
      deviceTopic(device.deviceId, 'positions'),
      '#',
    ];
    for (const filter of filters) {
      const [grant] = await client.subscribeAsync(filter, { qos: 1 }).catch(() => [{ qos: 128 }]);
      grants[filter] = grant?.qos;
    }
    expect(grants).toEqual(Object.fromEntries(filters.map((f, i) => [f, i === 0 ? 1 : 128])));
  });

  it('fires no last will outside its own upward topics', async () => {
    const wills = [
      deviceTopic(other.deviceId, 'status'),
      `fleetlens/v1/devices/${device.deviceId}/diagnostics`,
    ];
    for (const topic of wills) {
      const client = await connectDevice(link.port, device, {
        will: { topic, payload: Buffer.from('{}'), qos: 1, retain: false },
      });
      const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
      client.stream.destroy();
      await closed;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await stored('SELECT count(*) AS n FROM dead_letters WHERE topic = ANY($1)', [wills])).toBe(0);
  });

  it('refuses an MQTT 5 connection with return code 1: the embedded broker speaks MQTT 3.1.1', async () => {
    await expect(connectDevice(link.port, device, { protocolVersion: 5 })).rejects.toThrow(
      /Unacceptable protocol version/,
    );
    const v4 = await link.signIn(device, { protocolVersion: 4 });
    expect(v4.connected).toBe(true);
  });
});
