// The embedded MQTT broker (aedes) on MQTT_PORT. Devices sign in with their device id (as client
// id and username) and secret; each may publish only to its own upward topics and subscribe only
// to its own command topic.
//
// Acknowledging only what is committed: aedes sends a QoS 1 PUBACK right after `authorizePublish`
// calls back (lib/handlers/publish.js: authorize, then PUBACK, then deliver), and the `published`
// hook runs only after the PUBACK went out. So the ingestion runs inside `authorizePublish`, whose
// callback waits for the database commit. A refused write calls back with an error: aedes closes
// the connection without acknowledging, and the device publishes the message again when it
// reconnects. A message that can never be stored (invalid) is committed as a dead letter, then
// acknowledged, so a device does not resend it forever.
import { createServer, type Server } from 'node:net';
import { deviceTopic, mayPublish, maySubscribe } from '@fleetlens/contracts';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import { checkDeviceSecret } from './credentials.ts';
import type { Ingestor } from './ingest.ts';
import type { LinkedDevice } from './repository.ts';

/** Transport limit: a packet larger than this closes the connection before it is read whole. */
export const MAX_MQTT_PACKET_BYTES = 256 * 1024;

export interface BrokerEvents {
  connected(device: LinkedDevice): void;
  disconnected(device: LinkedDevice): void;
  /** The device subscribed to its commands: the moment commands can reach it. */
  listening(device: LinkedDevice): void;
}

export interface EmbeddedBroker {
  aedes: Aedes;
  port: number;
  /** Publishes to a device's topic (QoS 1); bypasses authorizePublish. */
  publish(topic: string, payload: string): Promise<void>;
  isConnected(deviceId: string): boolean;
  /** Ends the device's current session (its secret was rotated): it must sign in again. */
  disconnect(deviceId: string): void;
  close(): Promise<void>;
}

const refuse = (code: 4 | 5, message: string): AuthenticateError =>
  Object.assign(new Error(message), { returnCode: code }) as AuthenticateError;

export async function startEmbeddedBroker(options: {
  port: number;
  host: string;
  database: DatabaseHandle;
  ingestor: Ingestor;
  log: FastifyBaseLogger;
  events: BrokerEvents;
}): Promise<EmbeddedBroker> {
  const { database, ingestor, log, events } = options;
  const devices = new Map<string, LinkedDevice>();
  const aedes = await Aedes.createBroker({
    id: 'fleetlens-embedded',
    drainTimeout: 30_000,
    maxTopicLevels: 8,
  });

  aedes.authenticate = (client, username, password, done) => {
    const secret = password?.toString('utf8') ?? '';
    if (!username || username !== client.id || secret === '')
      return done(refuse(4, 'device id and secret required, client id = device id'), false);
    checkDeviceSecret(database, username, secret).then(
      (device) => {
        if (!device) return done(refuse(4, 'bad device id or secret'), false);
        devices.set(client.id, device);
        done(null, true);
      },
      (error) => done(Object.assign(error as Error, { returnCode: 3 }) as AuthenticateError, false),
    );
  };

  aedes.authorizeSubscribe = (client, subscription, done) => {
    // Only its own commands; anything else is answered with a refused grant (0x80).
    done(null, maySubscribe(client.id, subscription.topic) ? subscription : null);
  };

  aedes.authorizePublish = (client, packet, done) => {
    // Outside its own upward topics (contracts' mayPublish): an error, on which aedes closes the
    // connection before any PUBACK; nothing is stored. A will is checked here too, when it fires.
    if (!client || !mayPublish(client.id, packet.topic)) {
      log.warn({ client: client?.id, topic: packet.topic }, 'device published outside its topics');
      return done(new Error('not authorized for this topic'));
    }
    ingestor.ingest(packet.topic, Buffer.from(packet.payload)).then(
      () => done(null),
      (error) => {
        log.warn({ err: error, client: client.id }, 'device message not stored; not acknowledged');
        done(error as Error);
      },
    );
  };

  // Device messages are for the server only: never forwarded to other clients.
  aedes.authorizeForward = (client, packet) =>
    packet.topic === deviceTopic(client.id, 'commands') ? packet : null;

  // The connection that counts for each device: a device that reconnects replaces its old
  // connection, whose late disconnect must not mark the device offline.
  const current = new Map<string, Client>();
  aedes.on('clientReady', (client: Client) => {
    const device = devices.get(client.id);
    if (!device) return;
    current.set(client.id, client);
    events.connected(device);
  });
  aedes.on('clientDisconnect', (client: Client) => {
    const device = devices.get(client.id);
    if (!device || current.get(client.id) !== client) return;
    current.delete(client.id);
    events.disconnected(device);
  });
  aedes.on('subscribe', (subscriptions, client: Client) => {
    const device = devices.get(client.id);
    if (device && subscriptions.some((s) => s.topic === deviceTopic(client.id, 'commands')))
      events.listening(device);
  });
  aedes.on('clientError', (client: Client, error: Error) =>
    log.debug({ client: client.id, err: error }, 'mqtt client'),
  );

  const isConnected = (deviceId: string) => current.get(deviceId)?.connected === true;

  const sockets = new Set<import('node:net').Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    aedes.handle(socket);
    // After aedes' 'readable' listener, so this 'data' listener only sees what aedes reads.
    guardPacketSize(socket, MAX_MQTT_PACKET_BYTES, () => {
      log.warn({ remote: socket.remoteAddress }, 'mqtt packet over the transport limit; connection closed');
      socket.destroy();
    });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => resolve());
    });
  } catch (error) {
    await new Promise<void>((resolve) => aedes.close(() => resolve()));
    throw error;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  log.info({ port }, 'embedded MQTT broker listening');

  return {
    aedes,
    port,
    isConnected,
    disconnect: (deviceId) => current.get(deviceId)?.close(),
    publish: (topic, payload) =>
      new Promise((resolve, reject) =>
        aedes.publish(
          { cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain: false, dup: false },
          (error) => (error ? reject(error) : resolve()),
        ),
      ),
    close: async () => {
      // Stop accepting, then drop the devices' connections (net's close waits for them to end).
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

/**
 * Reads the MQTT fixed headers as bytes arrive (without consuming them) and calls `tooLarge` as
 * soon as one packet announces a remaining length over `limit`: a huge payload is refused before
 * the broker buffers it.
 */
function guardPacketSize(socket: import('node:net').Socket, limit: number, tooLarge: () => void): void {
  let state: 'type' | 'length' | 'body' = 'type';
  let length = 0;
  let multiplier = 1;
  let remaining = 0;
  socket.on('data', (chunk: Buffer) => {
    let i = 0;
    while (i < chunk.length) {
      if (state === 'type') {
        state = 'length';
        length = 0;
        multiplier = 1;
        i += 1;
      } else if (state === 'length') {
        const byte = chunk[i] as number;
        length += (byte & 0x7f) * multiplier;
        multiplier *= 128;
        i += 1;
        if ((byte & 0x80) === 0) {
          if (length > limit) return tooLarge();
          remaining = length;
          state = remaining === 0 ? 'type' : 'body';
        } else if (multiplier > 128 ** 4) return tooLarge();
      } else {
        const take = Math.min(remaining, chunk.length - i);
        remaining -= take;
        i += take;
        if (remaining === 0) state = 'type';
      }
    }
  });
}
