// An external broker (MQTT_URL: Mosquitto, EMQX): the server joins it as an MQTT client and
// subscribes to every device's upward topics through a shared subscription
// ($share/<MQTT_SHARE_GROUP>/…), so the broker hands each message to one replica only.
// The broker authenticates devices and enforces their topic ACL (docs/device-protocol.md).
//
// Acknowledging only what is committed, without one commit per message: mqtt.js reads the next
// packet only when `handleMessage` calls back, and sends the PUBACK in that callback. So the
// handler calls back at once with SKIP_AUTO_ACK (mqtt.js 5 `handlers/publish.js`: an error there
// skips the PUBACK and reads on), the messages gather into batches (ingest.ts), and `InOrderAcks`
// sends each PUBACK itself after its commit. The broker keeps at most `receiveMaximum` messages
// unacknowledged in flight (MQTT 5 Receive Maximum), which bounds the batch queue. When the
// database refuses, the server drops its connection without acknowledging and comes back: the
// broker delivers the unacknowledged messages again to the persistent session (clean: false, a
// stable client id).
import { hostname } from 'node:os';
import { allDevicesTopic, DEVICE_UP_CHANNELS } from '@fleetlens/contracts';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type IPublishPacket, type MqttClient } from 'mqtt';
import type { Ingestor } from './ingest.ts';

export interface ExternalLink {
  client: MqttClient;
  /** The client id this link's session has at the broker. */
  clientId: string;
  publish(topic: string, payload: string): Promise<void>;
  /** When the last device message arrived (ms since the epoch; 0: none yet). */
  lastMessageAt(): number;
  /** Resolves once every message received so far is committed and acknowledged (or refused). */
  drained(): Promise<void>;
  /** Leaves the shared subscription: the broker sends this session no new messages. */
  leaveGroup(): Promise<void>;
  close(): Promise<void>;
}

/** The server's client id at an external broker: MQTT_CLIENT_ID, stable per replica. */
export const serverClientId = (configured: string | undefined) =>
  configured ?? `fleetlens-server-${hostname()}`;

export async function joinExternalBroker(options: {
  url: string;
  username?: string | undefined;
  password?: string | undefined;
  shareGroup: string;
  clientId?: string | undefined;
  /** Messages the broker may have in flight to this replica, unacknowledged (MQTT 5 Receive Maximum). */
  receiveMaximum: number;
  ingestor: Ingestor;
  log: FastifyBaseLogger;
  /**
   * Another replica's session, taken over (adoption.ts): what the broker kept in it is delivered
   * here; nothing is subscribed anew, and a session the broker no longer has is refused.
   */
  adopting?: boolean;
}): Promise<ExternalLink> {
  const { ingestor, log } = options;
  const clientId = serverClientId(options.clientId);
  const client = mqtt.connect(options.url, {
    clientId,
    clean: false,
    protocolVersion: 5,
    properties: {
      // Kept 10 minutes after a crash, so the restarted replica gets its unacknowledged messages.
      sessionExpiryInterval: 600,
      receiveMaximum: Math.min(65_535, Math.max(1, options.receiveMaximum)),
    },
    username: options.username,
    password: options.password,
    reconnectPeriod: 1000,
  });
  const topics = DEVICE_UP_CHANNELS.map((c) => `$share/${options.shareGroup}/${allDevicesTopic(c)}`);
  const acks = new InOrderAcks(client);
  const pending = new Set<Promise<void>>();
  let lastMessageAt = 0;

  let rejoining = false;
  const rejoin = (error: unknown, topic: string) => {
    acks.forget();
    if (rejoining) return;
    rejoining = true;
    log.warn({ err: error, topic }, 'device message not stored; reconnecting unacknowledged');
    // Without a PUBACK the broker keeps the message for this session and sends it again.
    client.end(true, {}, () =>
      setTimeout(() => {
        rejoining = false;
        client.reconnect();
      }, 1000),
    );
  };

  client.handleMessage = (packet, done) => {
    // While rejoining, a message is neither stored nor acknowledged: the broker sends it again.
    if (rejoining) return done(SKIP_AUTO_ACK);
    lastMessageAt = Date.now();
    const committed = acks.received(packet);
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    const stored = ingestor
      .ingest(packet.topic, payload)
      .then(committed, (error) => rejoin(error, packet.topic));
    pending.add(stored);
    void stored.finally(() => pending.delete(stored));
    done(SKIP_AUTO_ACK);
  };
  let sessionPresent = false;
  client.on('connect', (connack) => {
    sessionPresent = connack.sessionPresent;
    if (!connack.sessionPresent && !options.adopting) client.subscribe(topics, { qos: 1 });
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
  if (!options.adopting) await client.subscribeAsync(topics, { qos: 1 });
  else if (!sessionPresent) {
    await client.endAsync(false, { properties: { sessionExpiryInterval: 0 } });
    throw new Error(`the broker has no session ${clientId} any more`);
  }

  return {
    client,
    clientId,
    publish: async (topic, payload) => {
      await client.publishAsync(topic, payload, { qos: 1 });
    },
    lastMessageAt: () => lastMessageAt,
    drained: async () => {
      while (pending.size > 0) await Promise.allSettled([...pending]);
      // The acknowledgements go out on the next turns (InOrderAcks).
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
    },
    leaveGroup: async () => {
      await client.unsubscribeAsync(topics);
    },
    close: async () => {
      // A clean stop ends the session: the group's messages then go to the replicas still running.
      await client.endAsync(false, { properties: { sessionExpiryInterval: 0 } });
    },
  };
}

/** Handed to mqtt.js' `handleMessage` callback so that it reads on without sending a PUBACK itself. */
const SKIP_AUTO_ACK = new Error('acknowledged by the device link after the commit');

/**
 * PUBACKs in the order the messages arrived (MQTT requires that order), each sent once its message
 * and every earlier one are committed, and only on the connection that received them: after a
 * reconnect the broker resends what was not acknowledged, and an old packet id must never
 * acknowledge a new message.
 */
class InOrderAcks {
  // A queue with a moving head: a batch commits hundreds at once, and Array.shift on a long array
  // copies it every time.
  private waiting: { messageId: number; stream: unknown; committed: boolean }[] = [];
  private head = 0;
  private sending = false;
  private readonly client: MqttClient;

  constructor(client: MqttClient) {
    this.client = client;
    client.on('close', () => this.forget());
  }

  /** Registers a received message; call the answer when it is committed. */
  received(packet: IPublishPacket): () => void {
    if (packet.qos === 0 || packet.messageId === undefined) return () => {};
    const entry = { messageId: packet.messageId, stream: this.client.stream, committed: false };
    this.waiting.push(entry);
    return () => {
      entry.committed = true;
      // A batch's messages resolve one by one in microtasks: send once they all have.
      if (this.waiting[this.head] === entry && !this.sending) {
        this.sending = true;
        setImmediate(() => {
          this.sending = false;
          this.sendReady();
        });
      }
    };
  }

  /** Drops every pending acknowledgement (connection lost or a message refused). */
  forget(): void {
    this.waiting = [];
    this.head = 0;
  }

  private sendReady(): void {
    // The public API has no deferred PUBACK; the private _writePacket writes one packet to the
    // current stream (read by name: TypeScript keeps private members out of every cast but `unknown`).
    const writePacket: (packet: { cmd: 'puback'; messageId: number }) => void = Reflect.get(
      this.client,
      '_writePacket',
    ).bind(this.client);
    const stream = this.client.stream;
    // One write for the acknowledgements of a whole batch.
    stream.cork();
    while (this.waiting[this.head]?.committed) {
      const entry = this.waiting[this.head] as (typeof this.waiting)[number];
      this.head += 1;
      if (this.client.connected && stream === entry.stream)
        writePacket({ cmd: 'puback', messageId: entry.messageId });
    }
    stream.uncork();
    if (this.head > 1024 && this.head * 2 > this.waiting.length) {
      this.waiting = this.waiting.slice(this.head);
      this.head = 0;
    }
  }
}
