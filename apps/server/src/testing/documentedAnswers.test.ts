// The check that holds every answer of the server tests to the OpenAPI document must not pass
// silently: fed answers that disagree with a document (a status it does not list, a media type it
// does not name, a body its schema refuses), it says what is wrong; and the harness's injects throw
// on such an answer, in the test that asked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentChecker, holdAnswersToTheDocument, type OpenApiDocument } from './documentedAnswers.ts';
import { type Harness, startHarness } from './harness.ts';

const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
const DOCUMENT: OpenApiDocument = {
  paths: {
    '/api/v1/things/{id}': {
      get: {
        responses: {
          200: json({ $ref: '#/components/schemas/Thing' }),
          404: json({ type: 'object' }),
        },
      },
      delete: { responses: { 204: { description: 'gone' } } as never },
    },
    '/api/v1/things/mine': { get: { responses: { 200: json({ type: 'array' }) } } },
    '/api/v1/things/{id}/file': {
      get: {
        responses: { 200: { content: { 'text/csv': { schema: { type: 'string', format: 'binary' } } } } },
      },
    },
    '/api/v1/objects/{key}': { get: { responses: { 200: { content: { 'video/*': {} } } } } },
  },
  components: {
    schemas: {
      Thing: {
        type: 'object',
        properties: { id: { type: 'string', format: 'uuid' }, at: { type: 'string', format: 'date-time' } },
        required: ['id'],
        additionalProperties: false,
      },
    },
  },
} as OpenApiDocument;

const ID = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const check = documentChecker(DOCUMENT);
const answer = (
  url: string,
  status: number,
  contentType: string | undefined,
  body: unknown,
  method = 'GET',
) =>
  check({
    method,
    url,
    status,
    contentType,
    body: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
  });

describe('an answer held against the document', () => {
  it('passes when the status, the media type and the body are the documented ones', () => {
    expect(
      answer(`/api/v1/things/${ID}?x=1`, 200, 'application/json; charset=utf-8', { id: ID }),
    ).toBeUndefined();
    expect(answer(`/api/v1/things/${ID}/file`, 200, 'text/csv; charset=utf-8', '\ufeffa,b')).toBeUndefined();
    expect(answer('/api/v1/objects/clips/2026/cam1.mp4', 200, 'video/mp4', 'bytes')).toBeUndefined();
    expect(answer(`/api/v1/things/${ID}`, 204, undefined, '', 'DELETE')).toBeUndefined();
  });

  it('prefers the static path, as the router does', () => {
    expect(answer('/api/v1/things/mine', 200, 'application/json', [])).toBeUndefined();
  });

  it('fails a status the operation does not list', () => {
    expect(answer(`/api/v1/things/${ID}`, 409, 'application/json', {})).toBe(
      'GET /api/v1/things/{id} answered 409, a status the document does not list (200,404)',
    );
  });

  it('fails a media type the status does not name: the JSON envelope documented, a file sent', () => {
    expect(answer(`/api/v1/things/${ID}`, 200, 'text/csv', 'a,b')).toBe(
      'GET /api/v1/things/{id} answered 200 as text/csv, but the document says application/json',
    );
    expect(answer(`/api/v1/things/${ID}/file`, 200, 'application/json', { id: ID })).toMatch(
      /as application\/json, but the document says text\/csv/,
    );
  });

  it('fails a body the documented schema refuses, naming the field and the rule', () => {
    expect(answer(`/api/v1/things/${ID}`, 200, 'application/json', { id: 'not-a-uuid' })).toMatch(
      /^GET \/api\/v1\/things\/\{id\} answered 200 with a body the documented schema refuses: \/id must match format "uuid"/,
    );
    expect(answer(`/api/v1/things/${ID}`, 200, 'application/json', { id: ID, extra: 1 })).toMatch(
      /must NOT have additional properties/,
    );
    expect(answer(`/api/v1/things/${ID}`, 200, 'application/json', '{not json')).toMatch(/not JSON/);
  });

  it('fails a body where the document says there is none', () => {
    expect(answer(`/api/v1/things/${ID}`, 204, 'application/json', { id: ID }, 'DELETE')).toMatch(
      /with a body \(application\/json\) where the document says none/,
    );
  });

  it('leaves alone what no operation describes (an unknown path, another method)', () => {
    expect(answer('/api/v1/nothing/here', 404, 'application/json', {})).toBeUndefined();
    expect(answer(`/api/v1/things/${ID}`, 404, 'application/json', {}, 'PATCH')).toBeUndefined();
  });
});

describe("the harness's injects", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h?.close());

  it('throw, in the test that asked, when an answer disagrees with the document', async () => {
    // The served document, with GET /version's success taken out: its real answer is now undocumented.
    const served = JSON.parse((await h.app.inject('/api/docs/json')).body) as OpenApiDocument;
    const version = served.paths['/api/v1/version']?.get?.responses as Record<string, unknown>;
    delete version['200'];
    holdAnswersToTheDocument(h.app, async () => JSON.stringify(served));
    await expect(h.app.inject('/api/v1/version')).rejects.toThrow(
      /^The answer disagrees with the OpenAPI document: GET \/api\/v1\/version answered 200, a status the document does not list/,
    );
  });
});
