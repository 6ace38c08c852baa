// An external broker (MQTT_URL: Mosquitto, EMQX): the server joins it as an MQTT client and
// subscribes to every device's upward topics through a shared subscription
// ($share/<MQTT_SHARE_GROUP>/…), so the broker hands each message to one replica only.
// The broker authenticates devices and enforces their topic ACL (docs/device-protocol.md).
//
// Acknowledging only what is committed: mqtt.js sends the PUBACK of a QoS 1 message when
// `handleMessage` calls back; it calls back after the commit. When the database refuses, the
// server drops its connection without acknowledging and comes back: the broker delivers the
// unacknowledged messages again to the persistent session (clean: false, a stable client id).
import { hostname } from 'node:os';
import { allDevicesTopic, DEVICE_UP_CHANNELS } from '@fleetlens/contracts';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import type { Ingestor } from './ingest.ts';

export interface ExternalLink {
  client: MqttClient;
  publish(topic: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

export async function joinExternalBroker(options: {
  url: string;
  username?: string | undefined;
  password?: string | undefined;
  shareGroup: string;
  clientId?: string | undefined;
  ingestor: Ingestor;
  log: FastifyBaseLogger;
}): Promise<ExternalLink> {
  const { ingestor, log } = options;
  const client = mqtt.connect(options.url, {
    clientId: options.clientId ?? `fleetlens-server-${hostname()}`,
    clean: false,
    protocolVersion: 5,
    // Kept 10 minutes after a crash, so the restarted replica gets its unacknowledged messages.
    properties: { sessionExpiryInterval: 600 },
    username: options.username,
    password: options.password,
    reconnectPeriod: 1000,
  });
  const topics = DEVICE_UP_CHANNELS.map((c) => `$share/${options.shareGroup}/${allDevicesTopic(c)}`);

  client.handleMessage = (packet, done) => {
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    ingestor.ingest(packet.topic, payload).then(
      () => done(),
      (error) => {
        log.warn(
          { err: error, topic: packet.topic },
          'device message not stored; reconnecting unacknowledged',
        );
        // Without a PUBACK the broker keeps the message for this session and sends it again.
        client.end(true, {}, () => setTimeout(() => client.reconnect(), 1000));
      },
    );
  };
  client.on('connect', (connack) => {
    if (!connack.sessionPresent) client.subscribe(topics, { qos: 1 });
    log.info({ url: options.url, topics }, 'joined the MQTT broker');
  });
  client.on('error', (error) => log.warn({ err: error }, 'mqtt broker connection'));

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no answer from the MQTT broker at ${options.url}`)),
      10_000,
    );
    client.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  await client.subscribeAsync(topics, { qos: 1 });

  return {
    client,
    publish: async (topic, payload) => {
      await client.publishAsync(topic, payload, { qos: 1 });
    },
    close: async () => {
      // A clean stop ends the session: the group's messages then go to the replicas still running.
      await client.endAsync(false, { properties: { sessionExpiryInterval: 0 } });
    },
  };
}
