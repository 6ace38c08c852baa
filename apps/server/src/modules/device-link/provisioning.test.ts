// docs/device-provisioning.md, followed as written: every ```http block is sent in order with a
// kitting user's token, every ```jsonc block whose first line names a topic is published by a real
// MQTT client (mqtt.js) at QoS 1, and what the doc says each step gives is checked. A walkthrough
// step this test does not know, or one it expects and the doc lost, fails it. The firmware update
// (step 9) needs a firmware file and a rollout the firmware tests drive: its requests are held to
// the OpenAPI document and its body to the contracts' schema, not sent.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deviceTopic, rolloutBodySchema } from '@fleetlens/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLinkHarness } from '../../testing/deviceLink.ts';
import { bearer, type Harness, tokenOf } from '../../testing/harness.ts';

/** The doc's section on firmware updates, checked against the document rather than sent. */
const FIRMWARE_SECTION = 9;
/** Stands for the ids the walk has not made (the firmware file, the vehicle group). */
const SOME_ID = '0b9e3c1a-5f2d-4c8e-9a71-3d6f2e8b4c10';
const DOC = join(import.meta.dirname, '../../../../../docs/device-provisioning.md');

type Step =
  | { kind: 'http'; method: string; path: string; body: string | undefined; section: number }
  | { kind: 'mqtt'; topic: string; payload: string };

/** The doc's requests and messages, in the order a reader meets them. */
function walkthrough(): Step[] {
  const steps: Step[] = [];
  const doc = readFileSync(DOC, 'utf8');
  for (const match of doc.matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)) {
    const [, lang, text] = match;
    const block = text as string;
    if (lang === 'http') {
      const [head = '', body] = block.split(/\n\n/, 2);
      const headings = [...doc.slice(0, match.index).matchAll(/^## (\d+)\./gm)];
      const section = Number(headings.at(-1)?.[1] ?? 0);
      // A block may list several requests (one per line) before its headers; the body is the first's.
      const requests = head.split('\n').filter((line) => /^(GET|POST|PUT|PATCH|DELETE) /.test(line));
      requests.forEach((line, i) => {
        const [method = '', path = ''] = line.split(' ');
        steps.push({ kind: 'http', method, path, body: i === 0 ? body?.trim() : undefined, section });
      });
    } else if (lang === 'jsonc' && block.startsWith('// fleetlens/')) {
      const [first = '', ...rest] = block.split('\n');
      steps.push({ kind: 'mqtt', topic: first.slice(3).trim(), payload: rest.join('\n').trim() });
    }
  }
  return steps;
}

let h: Harness;
let port: number;
let client: MqttClient | undefined;
beforeAll(async () => {
  ({ h, port } = await startLinkHarness());
});
afterAll(async () => {
  client?.end(true);
  await h?.close();
});

describe('docs/device-provisioning.md', () => {
  it('takes a new device from nothing to stored, acknowledged messages and an answered command', async () => {
    const token = await tokenOf(h.app, 'kitting');
    const vars: Record<string, string> = {};
    const fill = (text: string) =>
      text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? (vars[name] as string) : whole));
    let secret = '';
    const commands: { id: string; type: string }[] = [];
    const deviceId = '7300000001';

    // What each request of the doc gives, as the doc says it.
    const results: Record<string, (data: never) => Promise<void> | void> = {
      'GET /api/v1/customers?filter=Harbor%20Logistics': (data: { list: { id: string; name: string }[] }) => {
        vars.customer_id = data.list.find((c) => c.name === 'Harbor Logistics')?.id as string;
      },
      'POST /api/v1/vehicles': (data: { id: string }) => {
        vars.vehicle_id = data.id;
      },
      'POST /api/v1/devices': (data: { id: string; device_id: string }) => {
        expect(data.device_id).toBe(deviceId);
        vars.device_pk = data.id;
      },
      'POST /api/v1/device-link/devices/{device_pk}/credentials': (data: {
        secret: string;
        username: string;
      }) => {
        expect(data.username).toBe(deviceId);
        secret = data.secret;
      },
      'GET /api/v1/device-link/states': (
        data: { device_id: string; online: boolean; last_position: unknown }[],
      ) => {
        expect(data.find((s) => s.device_id === deviceId)).toMatchObject({
          online: true,
          last_position: { lat: 35.6172, lng: 139.7761 },
        });
      },
      'POST /api/v1/device-link/devices/{device_pk}/commands': async (data: { id: string }) => {
        // Sent at once: the device is online and listening.
        await expect
          .poll(() => commands.some((c) => c.id === data.id && c.type === 'threshold-read'))
          .toBe(true);
        vars.command_id = data.id;
      },
      'GET /api/v1/device-link/devices/{device_pk}/commands': (
        data: { id: string; type: string; status: string }[],
      ) => {
        expect(data.map(({ id, type, status }) => ({ id, type, status }))).toEqual([
          { id: vars.command_id, type: 'threshold-read', status: 'completed' },
          { id: vars.write_command_id, type: 'threshold-write', status: 'completed' },
        ]);
      },
    };

    const walked: string[] = [];
    const documented = (await h.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const step of walkthrough()) {
      if (step.kind === 'http' && step.section === FIRMWARE_SECTION) {
        // The API's own spelling of the path: its parameters named as the document names them.
        const pattern = new RegExp(`^${step.path.replace(/\{[a-z_]+\}/g, '\\{[A-Za-z_]+\\}')}$`);
        const path = Object.keys(documented.paths).find((p) => pattern.test(p));
        expect(
          path && documented.paths[path]?.[step.method.toLowerCase()],
          `${step.method} ${step.path}`,
        ).toBeDefined();
        if (step.body)
          expect(
            rolloutBodySchema.safeParse(JSON.parse(fill(step.body).replace(/\{\w+\}/g, SOME_ID))).error,
          ).toBeUndefined();
        walked.push(`${step.method} ${step.path}`);
        continue;
      }
      if (step.kind === 'http') {
        const route = `${step.method} ${step.path}`;
        const result = results[route];
        expect(result, `the test does not know the doc's step ${route}`).toBeDefined();
        const res = await h.app.inject({
          method: step.method as 'GET',
          url: fill(step.path),
          headers: { ...bearer(token), ...(step.body ? { 'content-type': 'application/json' } : {}) },
          payload: step.body ? fill(step.body) : undefined,
        });
        expect([route, res.statusCode]).toEqual([route, res.statusCode < 300 ? res.statusCode : 'a success']);
        await result?.(res.json().data as never);
        walked.push(route);
        continue;
      }
      // Steps 5 and 6: connect as the doc's snippet does, listen to commands before speaking.
      if (!client) {
        client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
          clientId: deviceId,
          username: deviceId,
          password: secret,
          protocolVersion: 4,
          reconnectPeriod: 0,
          will: {
            topic: deviceTopic(deviceId, 'status'),
            payload: Buffer.from(
              JSON.stringify({ id: 'boot1-will', time: new Date().toISOString(), connection: 'offline' }),
            ),
            qos: 1,
            retain: false,
          },
        });
        client.on('message', (_topic, payload) => commands.push(JSON.parse(String(payload))));
        await client.subscribeAsync(deviceTopic(deviceId, 'commands'), { qos: 1 });
      }
      if (step.payload.includes('{write_command_id}')) {
        // The doc: a new device's first command comes by itself once it is online.
        await expect.poll(() => commands.find((c) => c.type === 'threshold-write')).toBeDefined();
        vars.write_command_id = commands.find((c) => c.type === 'threshold-write')?.id as string;
      }
      // publishAsync resolves on the PUBACK: the doc says the message is committed by then.
      await client.publishAsync(step.topic, fill(step.payload), { qos: 1 });
      walked.push(step.topic);
    }

    expect(walked).toEqual([
      'GET /api/v1/customers?filter=Harbor%20Logistics',
      'POST /api/v1/vehicles',
      'POST /api/v1/devices',
      'POST /api/v1/device-link/devices/{device_pk}/credentials',
      deviceTopic(deviceId, 'status'),
      deviceTopic(deviceId, 'positions'),
      'GET /api/v1/device-link/states',
      deviceTopic(deviceId, 'command-acks'),
      'POST /api/v1/device-link/devices/{device_pk}/commands',
      deviceTopic(deviceId, 'command-acks'),
      'GET /api/v1/device-link/devices/{device_pk}/commands',
      'POST /api/v1/firmwares/{firmware_id}/rollouts',
      'GET /api/v1/firmware-rollouts/{rollout_id}/devices',
      'GET /api/v1/firmware-device-updates/{device_pk}',
    ]);
    // Everything the device sent was stored, nothing refused.
    const [stored] = await h.database.query<{ positions: number; letters: number; vehicle: string }>(
      `SELECT (SELECT count(*)::int FROM device_positions WHERE device_pk = $1) AS positions,
              (SELECT count(*)::int FROM dead_letters WHERE device_id = $2) AS letters,
              (SELECT vehicle_id::text FROM devices WHERE id = $1) AS vehicle`,
      [vars.device_pk, deviceId],
    );
    expect(stored).toEqual({ positions: 1, letters: 0, vehicle: vars.vehicle_id });
  });
});
