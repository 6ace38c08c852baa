// The API document as outside clients and their tools read it: valid OpenAPI 3.1 (the
// specification's own JSON Schema), clean under a well-kept linter (Redocly's recommended rules),
// and complete where generated clients need it — an operationId each, the error answers with one
// shared schema, `security: []` on the calls open without a token, and the server to call.

import { WEBHOOK_KINDS, WEBHOOK_TEST_KIND } from '@fleetlens/contracts';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, PUBLIC_URL, startHarness } from '../testing/harness.ts';
import { operationIdOf } from './openapi.ts';

interface Operation {
  operationId?: string;
  description?: string;
  security?: unknown[];
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
}
interface Document {
  openapi: string;
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
}

let h: Harness;
let doc: Document;
let source = '';
beforeAll(async () => {
  h = await startHarness();
  source = (await h.app.inject('/api/docs/json')).body;
  doc = JSON.parse(source);
});
afterAll(async () => h?.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, verbs]) =>
    Object.entries(verbs).map(([method, operation]) => ({
      route: `${method.toUpperCase()} ${path}`,
      operation,
    })),
  );

describe('the OpenAPI document', () => {
  it('validates against the OpenAPI 3.1 schema', async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(source));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it("passes Redocly's recommended lint with no problem at all", async () => {
    const config = await createConfig({
      extends: ['recommended'],
      rules: {
        // What generated clients need is an error here, not a warning.
        'operation-operationId': 'error',
        'operation-4xx-response': 'error',
        // A private product's API: there is no licence to name.
        'info-license': 'off',
      },
    });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    const lines = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`);
    console.log(`openapi lint: ${operations().length} operations, ${lines.length} problems`);
    expect(lines).toEqual([]);
  });

  it('names the server, an operationId per operation, and the errors each may answer', () => {
    expect(doc.servers).toEqual([{ url: PUBLIC_URL }]);
    const wrong: string[] = [];
    for (const { route, operation } of operations()) {
      if (!operation.operationId) wrong.push(`${route}: no operationId`);
      const open = operation.security?.length === 0;
      const expected = [400, ...(open ? [429] : [401, 403]), ...(route.includes('{') ? [404] : [])];
      for (const status of expected) {
        const schema = operation.responses[status]?.content?.['application/json']?.schema;
        if (schema?.$ref !== '#/components/schemas/Error')
          wrong.push(`${route}: no ${status} with the Error schema`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('says which calls need no token: exactly the routes without a guard', () => {
    const open = operations()
      .filter(({ operation }) => operation.security?.length === 0)
      .map(({ route }) => route)
      .sort();
    expect(open).toEqual([
      'GET /api/v1/config',
      'GET /api/v1/device-protocol/asyncapi.json',
      'GET /api/v1/device-protocol/schemas/{file}',
      'GET /api/v1/files/{id}/content',
      // A live camera's stream: the signed address is the permission (a video player sends no token).
      'GET /api/v1/live-camera/views/{id}/cameras/{camera}',
      'GET /api/v1/manual/{id}/file',
      // The pre-shift check's phone page: the operator is no console user; the signed vehicle
      // token and the operator signed on to the vehicle decide.
      'GET /api/v1/pre-shift/{token}',
      'GET /api/v1/storage/objects/{key}',
      'GET /api/v1/version',
      'POST /api/v1/error-logs',
      'POST /api/v1/pre-shift/{token}',
      'POST /api/v1/pre-shift/{token}/checks/{id}/photo',
      'PUT /api/v1/storage/objects/{key}',
    ]);
  });

  it('states the rules between fields: a report body the document refuses, the server refuses', async () => {
    const body = (path: string) =>
      (
        (doc.paths[path] as Record<string, unknown>).post as {
          requestBody: { content: { 'application/json': { schema: Record<string, unknown> } } };
        }
      ).requestBody.content['application/json'].schema;
    const ajv = new Ajv2020({ strict: false });
    const report = ajv.compile(body('/api/v1/reports'));
    expect(body('/api/v1/reports').description).toMatch(
      /At least one of vehicle_ids, group_ids, operator_ids or operator_group_ids/,
    );
    // The body a reader of the old document sent: valid by its schema, refused by the server.
    const minimal = { name: 'Harsh events', template: 'eventsPerType', period: 'today' };
    expect(report(minimal)).toBe(false);
    const refused = await h.as('manager').post('/reports', minimal);
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.fields)).toEqual(['vehicle_ids']);
    const vehicle = { id: await h.addVehicle(await h.companyId('harbor'), 'Reach truck RT-9') };
    expect(report({ ...minimal, vehicle_ids: [vehicle.id] })).toBe(true);
    expect((await h.as('manager').post('/reports', { ...minimal, vehicle_ids: [vehicle.id] })).status).toBe(
      201,
    );
    // A rule between query parameters is in the operation's words.
    expect(doc.paths['/api/v1/events']?.get?.description).toMatch(
      /Query: end is after start and at most 400 days/,
    );
  });

  it("documents each webhook kind's signed body", () => {
    const webhooks = (doc as unknown as { webhooks: Record<string, { post: Record<string, never> }> })
      .webhooks;
    expect(Object.keys(webhooks).sort()).toEqual([...WEBHOOK_KINDS, WEBHOOK_TEST_KIND].sort());
    const locked = webhooks['lockout.unlocked']?.post as unknown as {
      parameters: { name: string }[];
      requestBody: { content: { 'application/json': { schema: { properties: Record<string, unknown> } } } };
    };
    expect(locked.parameters.map((p) => p.name)).toContain('fleetlens-webhook-signature');
    const body = locked.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(['id', 'kind', 'created_at', 'customer_id', 'data']);
    expect(JSON.stringify(body.properties.data)).toContain('unlock_reason');
  });

  it('derives operationIds from method and path', () => {
    expect(operationIdOf('GET', '/api/v1/cases/:id/sims/:simId')).toBe('getCasesByIdSimsBySimId');
    expect(operationIdOf('PUT', '/api/v1/users/:id/update-opened-notification-at')).toBe(
      'putUsersByIdUpdateOpenedNotificationAt',
    );
  });
});
