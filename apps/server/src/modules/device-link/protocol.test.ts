// The published device protocol: served without a token, the AsyncAPI document valid against the
// AsyncAPI 3.0.0 JSON Schema (the spec's own, @asyncapi/specs) with every reference resolving,
// and each JSON Schema agreeing with the zod schema it was generated from: its example passes
// both, and each required field left out, each limit passed, an unknown field fail both.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import specs from '@asyncapi/specs';
import { DEVICE_UP_CHANNELS, deviceTopic } from '@fleetlens/contracts';
import { Ajv, type ValidateFunction } from 'ajv';
import formats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, PUBLIC_URL, startHarness } from '../../testing/harness.ts';
import { commandTriggers } from './commandTriggers.ts';
import {
  brokerAddress,
  commandsDescription,
  type JsonSchema,
  PROTOCOL_CHANNELS,
  PROTOCOL_SCHEMAS,
} from './protocol.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

// ajv-formats is CommonJS: under NodeNext its default import is module.exports, whose `default`
// is the plugin (it sets exports.default itself).
const withFormats = (ajv: Ajv) => formats.default(ajv);

const get = (url: string) => h.app.inject({ url });

describe('the AsyncAPI document', () => {
  it('is public, valid AsyncAPI 3.0.0, and every reference in it resolves', async () => {
    const res = await get('/api/v1/device-protocol/asyncapi.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const document = res.json() as JsonSchema;

    // The spec's bundle carries its own copy of the draft-07 meta-schema: ajv's is left out.
    const ajv = withFormats(new Ajv({ strict: false, allErrors: true, meta: false, validateSchema: false }));
    const validate = ajv.compile(specs.schemas['3.0.0']);
    expect(validate(document) ? [] : validate.errors).toEqual([]);

    const refs: string[] = [];
    JSON.stringify(document, (key, value) => {
      if (key === '$ref') refs.push(value as string);
      return value;
    });
    const resolve = (ref: string) =>
      ref
        .slice(2)
        .split('/')
        .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], document);
    expect(refs.filter((ref) => !ref.startsWith('#/') || resolve(ref) === undefined)).toEqual([]);
    expect(refs.length).toBeGreaterThan(20);
  });

  it('describes every topic from the device side, with its credentials', async () => {
    const document = (await get('/api/v1/device-protocol/asyncapi.json')).json() as {
      servers: Record<
        string,
        { protocol: string; protocolVersion: string; host: string; security: unknown[] }
      >;
      channels: Record<string, { address: string }>;
      operations: Record<string, { action: string; channel: { $ref: string } }>;
      components: { securitySchemes: Record<string, { type: string }> };
    };
    expect(document.servers.fleetlens).toMatchObject({
      protocol: 'mqtt',
      protocolVersion: '3.1.1',
      host: `${new URL(PUBLIC_URL).hostname}:18830`,
      security: [{ $ref: '#/components/securitySchemes/deviceSecret' }],
    });
    expect(document.components.securitySchemes.deviceSecret?.type).toBe('userPassword');
    expect(Object.values(document.channels).map((c) => c.address)).toEqual(
      PROTOCOL_CHANNELS.map((c) => deviceTopic('{deviceId}', c)),
    );
    const actions = Object.fromEntries(
      Object.values(document.operations).map((o) => [o.channel.$ref.split('/').pop(), o.action]),
    );
    expect(actions).toEqual({
      ...Object.fromEntries(DEVICE_UP_CHANNELS.map((c) => [c, 'send'])),
      commands: 'receive',
    });
  });

  it('names the external broker when the server joins one (MQTT 5 there)', () => {
    const external = (url: string) =>
      brokerAddress({ MQTT_URL: url, MQTT_PORT: 18830, publicUrl: PUBLIC_URL });
    expect(external('mqtts://broker.example.com')).toMatchObject({
      host: 'broker.example.com:8883',
      protocol: 'secure-mqtt',
      protocolVersion: '5',
    });
    expect(external('mqtt://10.0.0.5:1884')).toMatchObject({ host: '10.0.0.5:1884', protocol: 'mqtt' });
  });

  it('says when the server sends each command and why, as docs/device-protocol.md does', async () => {
    const document = (await get('/api/v1/device-protocol/asyncapi.json')).json() as {
      operations: Record<string, { description?: string }>;
      components: { messages: Record<string, { description?: string }> };
    };
    // The harness runs with the default clip settings, the ones the page states.
    const description = commandsDescription(
      commandTriggers({ CLIP_UPLOAD_URL_SECONDS: 900, CLIP_TIMEOUT_SECONDS: 300 }),
    );
    expect(document.operations.receiveCommands?.description).toBe(description);
    expect(document.components.messages.commands?.description).toBe(description);
    expect(description).toMatch(/`video-upload`: Sent by itself for every event whose cameras is above 0/);
    expect(description).toContain("from the event's time minus 10 s to its time plus 10 s");
    const words = (text: string) => text.replace(/\s+/g, ' ');
    const doc = words(
      readFileSync(join(import.meta.dirname, '../../../../../docs/device-protocol.md'), 'utf8'),
    );
    for (const line of description.split('\n').filter((l) => l.startsWith('- ')))
      expect(doc).toContain(words(line));
  });

  it('is linked from docs/device-protocol.md', () => {
    const doc = readFileSync(join(import.meta.dirname, '../../../../../docs/device-protocol.md'), 'utf8');
    expect(doc).toContain('/api/v1/device-protocol/asyncapi.json');
    for (const channel of PROTOCOL_CHANNELS)
      expect(doc).toContain(`/api/v1/device-protocol/schemas/${channel}.json`);
  });
});

describe.each(PROTOCOL_CHANNELS)('the JSON Schema of %s', (channel) => {
  let schema: JsonSchema & { required: string[]; properties: Record<string, JsonSchema> };
  let json: ValidateFunction;
  let example: Record<string, unknown>;
  const zod = PROTOCOL_SCHEMAS[channel];
  /** Both validators' verdicts on a payload: [JSON Schema, zod]. */
  const verdicts = (payload: unknown) => [json(payload), zod.safeParse(payload).success];

  beforeAll(async () => {
    const res = await get(`/api/v1/device-protocol/schemas/${channel}.json`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/schema\+json/);
    schema = res.json();
    json = withFormats(new Ajv({ strict: true, allErrors: true, strictRequired: false })).compile(schema);
    example = (schema.examples as Record<string, unknown>[])[0] as Record<string, unknown>;
  });

  it('names itself by its address and carries a description and examples that pass both validators', () => {
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(schema.$id).toBe(`${PUBLIC_URL}/api/v1/device-protocol/schemas/${channel}.json`);
    expect(schema.title).toEqual(expect.any(String));
    expect(schema.description).toEqual(expect.any(String));
    for (const each of schema.examples as unknown[]) {
      expect(json(each) ? [] : json.errors).toEqual([]);
      expect(zod.safeParse(each).error?.issues ?? []).toEqual([]);
    }
  });

  // commands is a union of two shapes: its parts are checked through the example's own shape.
  const shape = () =>
    (schema.oneOf as (typeof schema)[] | undefined)?.find((s) => s.properties.type?.const === example.type) ??
    schema;

  it('requires what zod requires: each required field left out fails both, each optional one passes both', () => {
    const { required, properties } = shape();
    expect(required).toEqual(expect.arrayContaining(['id', 'time']));
    for (const field of Object.keys(example)) {
      const { [field]: _, ...without } = example;
      const expected = required.includes(field) ? [false, false] : [true, true];
      expect([field, ...verdicts(without)]).toEqual([field, ...expected]);
    }
    expect(Object.keys(properties)).toEqual(expect.arrayContaining(required));
  });

  it('agrees with zod on every limit, on an unknown field, and on a wrong type', () => {
    const { properties } = shape();
    for (const [field, property] of Object.entries(properties)) {
      const { minimum, maximum, exclusiveMaximum, maxLength } = property as Record<
        string,
        number | undefined
      >;
      const outside = [
        minimum === undefined ? undefined : minimum - 1,
        maximum === undefined ? undefined : maximum + 1,
        exclusiveMaximum,
        maxLength === undefined ? undefined : 'x'.repeat(maxLength + 1),
      ].filter((v) => v !== undefined);
      for (const value of outside)
        expect([field, value, ...verdicts({ ...example, [field]: value })]).toEqual([
          field,
          value,
          false,
          false,
        ]);
    }
    expect(verdicts({ ...example, not_in_the_protocol: 1 })).toEqual([false, false]);
    expect(verdicts({ ...example, id: 42 })).toEqual([false, false]);
    expect(verdicts({ ...example, time: '2026-11-23 10:00' })).toEqual([false, false]);
  });

  it.runIf(channel !== 'commands')('says the accepted time window', () => {
    expect((schema.properties.time as { description: string }).description).toMatch(
      /at most 10 minutes ahead of the server's clock.*no lower bound/,
    );
  });
});

describe('the status schema', () => {
  it('holds "at least one of connection, motion, hour_meter" as zod does', async () => {
    const schema = (await get('/api/v1/device-protocol/schemas/status.json')).json();
    const json = withFormats(new Ajv({ strict: true, strictRequired: false })).compile(schema);
    const only = { id: 'st-1', time: '2025-01-23T10:00:00Z', firmware: '8690' };
    expect([json(only), PROTOCOL_SCHEMAS.status.safeParse(only).success]).toEqual([false, false]);
    const motion = { ...only, motion: 'running' };
    expect([json(motion), PROTOCOL_SCHEMAS.status.safeParse(motion).success]).toEqual([true, true]);
  });

  // A path parameter that cannot name a file is "not found" (decisions/2026-12-06-malformed-path-ids-not-found.md).
  it('an unknown file is a 404, not a 5xx', async () => {
    expect((await get('/api/v1/device-protocol/schemas/secrets.json')).statusCode).toBe(404);
  });
});
