// The device protocol for outside firmware writers, generated from the contracts' zod schemas (the
// ones the ingestion validates with), so what is published cannot drift from what is enforced:
// one JSON Schema (draft-07) per topic's payload, and an AsyncAPI 3.0 document of the topics
// written from the device's side (it sends the five upward messages and receives commands).
// Served without a token by routes.ts; docs/device-protocol.md links them.
import {
  DEVICE_MESSAGE_EXAMPLES,
  DEVICE_TOPIC_ROOT,
  DEVICE_UP_SCHEMAS,
  type DeviceChannel,
  type DeviceCommandType,
  deviceCommandSchema,
  MAX_CLOCK_AHEAD_MS,
  MAX_DEVICE_PAYLOAD_BYTES,
} from '@fleetlens/contracts';
import { z } from 'zod';

export const PROTOCOL_SCHEMAS: Record<DeviceChannel, z.ZodType> = {
  ...DEVICE_UP_SCHEMAS,
  commands: deviceCommandSchema,
};
export const PROTOCOL_CHANNELS = Object.keys(PROTOCOL_SCHEMAS) as DeviceChannel[];

export type JsonSchema = Record<string, unknown>;

/**
 * A payload's JSON Schema: what the device sends (`io: 'input'`: a field with a default may be
 * left out), with its example. The time window and the status' "at least one of" are refinements
 * no JSON Schema keyword holds; their words are in the descriptions, and the status' rule is
 * written out as `anyOf` in its meta (messages.ts).
 */
export function payloadSchema(channel: DeviceChannel): JsonSchema {
  const generated = z.toJSONSchema(PROTOCOL_SCHEMAS[channel], {
    target: 'draft-07',
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema;
  return { ...generated, examples: DEVICE_MESSAGE_EXAMPLES[channel] };
}

/** The JSON Schema file of a channel, named by its own address. */
export function schemaFile(channel: DeviceChannel, publicUrl: string): JsonSchema {
  const { $schema, ...rest } = payloadSchema(channel);
  return { $schema, $id: `${publicUrl}/api/v1/device-protocol/schemas/${channel}.json`, ...rest };
}

export interface BrokerAddress {
  /** host:port the devices connect to */
  host: string;
  protocol: 'mqtt' | 'secure-mqtt';
  protocolVersion: '3.1.1' | '5';
  description: string;
}

const DIRECTION: Record<DeviceChannel, { action: 'send' | 'receive'; what: string }> = {
  positions: { action: 'send', what: 'One GPS fix.' },
  status: { action: 'send', what: 'Connection, running or stopping, hour meter, firmware.' },
  events: { action: 'send', what: 'A harsh or other event with g-forces, attitude and cameras.' },
  'sign-on': { action: 'send', what: 'An operator signs on or off with an RFID card.' },
  'command-acks': { action: 'send', what: 'The answer to a command: received, then completed or failed.' },
  commands: { action: 'receive', what: 'A command from the server; subscribe to this topic (QoS 1).' },
};

/** `send` + `sign-on` → `sendSignOn` */
const operationId = (action: string, channel: string) =>
  action + `-${channel}`.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

/** The commands' description: each type with what makes the server send it (commandTriggers.ts). */
export function commandsDescription(triggers: Record<DeviceCommandType, string>): string {
  return [
    'The server sends these by itself or when someone asks; answer each on command-acks. A command sent and not yet received is sent again, same id, when the device subscribes or says it is online.',
    '',
    ...Object.entries(triggers).map(([type, when]) => `- \`${type}\`: ${when}`),
  ].join('\n');
}

export function asyncApiDocument(options: {
  version: string;
  broker: BrokerAddress;
  /** What makes the server send each command, and when (commandTriggers.ts). */
  triggers: Record<DeviceCommandType, string>;
}): JsonSchema {
  const channels: JsonSchema = {};
  const operations: JsonSchema = {};
  const schemas: JsonSchema = {};
  const messages: JsonSchema = {};
  for (const channel of PROTOCOL_CHANNELS) {
    const { $schema: _, examples, title, description, ...payload } = payloadSchema(channel);
    const { action, what } = DIRECTION[channel];
    const more = channel === 'commands' ? { description: commandsDescription(options.triggers) } : {};
    schemas[channel] = { title, description, ...payload };
    messages[channel] = {
      name: channel,
      title,
      summary: what,
      ...more,
      contentType: 'application/json',
      payload: { $ref: `#/components/schemas/${channel}` },
      examples: (examples as object[]).map((example, i) => ({
        name: `${channel}-${i + 1}`,
        payload: example,
      })),
    };
    channels[channel] = {
      address: `${DEVICE_TOPIC_ROOT}/{deviceId}/${channel}`,
      description: what,
      parameters: { deviceId: { $ref: '#/components/parameters/deviceId' } },
      messages: { [channel]: { $ref: `#/components/messages/${channel}` } },
    };
    operations[operationId(action, channel)] = {
      action,
      channel: { $ref: `#/channels/${channel}` },
      summary: what,
      ...more,
      messages: [{ $ref: `#/channels/${channel}/messages/${channel}` }],
      bindings: { mqtt: { qos: 1, retain: false, bindingVersion: '0.2.0' } },
    };
  }
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'FleetLens device link',
      version: options.version,
      description: [
        "What an on-board device sends and receives over MQTT, from the device's side.",
        '',
        '- Connect with client id = username = the device id, and the device secret as password (issued once by `POST /api/v1/device-link/devices/{id}/credentials`).',
        `- Publish at QoS 1 only to your own five upward topics: anything else closes the connection (embedded broker). Payloads are JSON, UTF-8, at most ${MAX_DEVICE_PAYLOAD_BYTES} bytes.`,
        '- A PUBACK means the message is committed (stored, a duplicate, or kept as a dead letter). Without one, send it again with the same `id`: the server stores a message once per (device, id).',
        `- \`time\` may be at most ${MAX_CLOCK_AHEAD_MS / 60_000} minutes ahead of the server's clock; late messages are accepted.`,
        '- A message the server refuses is acknowledged and kept as a dead letter with readable reasons (admins: `GET /api/v1/device-link/dead-letters`).',
      ].join('\n'),
    },
    defaultContentType: 'application/json',
    servers: {
      fleetlens: {
        host: options.broker.host,
        protocol: options.broker.protocol,
        protocolVersion: options.broker.protocolVersion,
        description: options.broker.description,
        security: [{ $ref: '#/components/securitySchemes/deviceSecret' }],
      },
    },
    channels,
    operations,
    components: {
      schemas,
      messages,
      parameters: {
        deviceId: {
          description:
            'The device id: digits, as registered on the device screen (also the client id and username).',
          examples: ['9000000001'],
        },
      },
      securitySchemes: {
        deviceSecret: {
          type: 'userPassword',
          description:
            "Username: the device id (the client id must be the same). Password: the device's secret, 43 characters of base64url, shown once when issued or rotated.",
        },
      },
    },
  };
}

/** Where devices connect, as far as this server knows it. */
export function brokerAddress(config: {
  MQTT_URL?: string | undefined;
  MQTT_PORT: number;
  publicUrl: string;
}): BrokerAddress {
  if (config.MQTT_URL) {
    const url = new URL(config.MQTT_URL);
    const secure = url.protocol === 'mqtts:' || url.protocol === 'ssl:';
    return {
      host: url.port ? url.host : `${url.hostname}:${secure ? 8883 : 1883}`,
      protocol: secure ? 'secure-mqtt' : 'mqtt',
      protocolVersion: '5',
      description:
        'The external broker, as the server reaches it (devices may know it by another name). MQTT 5 or 3.1.1.',
    };
  }
  return {
    host: `${new URL(config.publicUrl).hostname}:${config.MQTT_PORT}`,
    protocol: 'mqtt',
    protocolVersion: '3.1.1',
    description: "The server's embedded broker: MQTT 3.1.1 only (an MQTT 5 CONNECT is refused), TCP.",
  };
}
