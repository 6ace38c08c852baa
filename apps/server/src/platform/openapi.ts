// The OpenAPI 3.1 document, generated from the same zod schemas that validate the calls, at
// /api/docs (viewer) and /api/docs/json. Bearer tokens are the embedded realm's or an OIDC_ISSUERS'.
// What every operation shares is added here once, from the route itself, rather than restated in
// each module: its operationId (from method and path), `security: []` when the route has no guard,
// the body of an upload, its error answers (one shared Error schema) and the server.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  apiErrorSchema,
  PRODUCT_NAME,
  WEBHOOK_DATA,
  WEBHOOK_HEADERS,
  WEBHOOK_KIND_SUMMARIES,
  webhookBodySchema,
} from '@fleetlens/contracts';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The parts of the document this file completes. */
interface Operation {
  security?: unknown[];
  parameters?: { in?: string; name?: string; schema?: { format?: string } }[];
  responses?: Record<string, unknown>;
}
interface Document {
  paths?: Record<string, Record<string, Operation> | undefined>;
  components?: { schemas?: Record<string, unknown> };
  webhooks?: Record<string, unknown>;
}

const ERROR_ANSWERS: Record<number, string> = {
  400: 'Bad input: data.fields names each field at fault and why',
  401: 'No valid token: missing, forged or expired, or its session ended',
  403: 'Not allowed to the caller (privilege, company function, or the device limit)',
  404: 'No such record, or none the caller may see; also a path parameter that cannot name one (`/events/abc`)',
  409: 'Conflicts with the records there are (a unique value in use, a record still in use)',
  410: 'The link (or what it leads to) is past its time: ask for a new one',
  413: 'The body is larger than the server takes',
  429: 'Too many requests: Retry-After says when to try again',
  500: 'The server failed (a fault, or a part it needs is away); data.message says so in words',
  503: 'A part this call needs is not running (the live camera media engine, say): try again later',
};
const WITH_BODY = new Set(['post', 'put', 'patch']);
const WRITES = new Set(['post', 'put', 'patch', 'delete']);
const SIGNED_REFUSAL = 'The signed address is wrong, has expired, or no longer leads anywhere';

/**
 * The bytes of a file, as OpenAPI describes a binary body. A zod `any` underneath: the handler
 * sends a buffer or a stream, which a string schema would refuse to type.
 */
const binary = z.any().meta({ type: 'string', format: 'binary' });

/**
 * The response of a route that answers a file, not the envelope: one entry per media type it may
 * send (parameters such as charset dropped: they are not part of what a client matches on).
 */
export function fileResponse(types: readonly string[], description: string) {
  const bare = [...new Set(types.map((type) => type.split(';')[0]?.trim() ?? type))];
  return { description, content: Object.fromEntries(bare.map((type) => [type, { schema: binary }])) };
}

const pascal = (word: string) => word.replace(/(^|[-_])(\w)/g, (_, __, c: string) => c.toUpperCase());

/**
 * A wildcard tail (`/storage/objects/*`: an object key with its slashes) is documented as one
 * path parameter `{key}`: OpenAPI has no parameter named `*`.
 */
function namedWildcard(url: string, params: unknown): { url: string; params?: unknown } {
  if (!url.endsWith('/*')) return { url };
  const schema = params as { properties?: Record<string, unknown>; required?: string[] } | undefined;
  const { '*': tail, ...others } = schema?.properties ?? {};
  return {
    url: `${url.slice(0, -1)}:key`,
    params: { ...schema, properties: { ...others, key: tail ?? { type: 'string' } }, required: ['key'] },
  };
}

/** 'GET /api/v1/cases/:id/sims' → 'getCasesByIdSims': unique, as method and path are together. */
export function operationIdOf(method: string, url: string): string {
  const parts = url
    .replace(/^\/api\/v\d+/, '')
    .split('/')
    .filter(Boolean)
    .map((part) => (/^[:{]/.test(part) ? `By${pascal(part.replace(/[:{}]/g, ''))}` : pascal(part)));
  return `${method.toLowerCase()}${parts.join('')}`;
}

const open = (operation: Operation) => Array.isArray(operation.security) && operation.security.length === 0;

/**
 * The error answers an operation can give: 400 to anyone (the input, or the URL itself); 401 and
 * 403 behind a token, 403 also behind a signed address; 404 where the path or the query names a
 * record (another company's customer_id is no such record); 409 where it writes (through a
 * signed address too: it takes one upload); 413 where it takes a body; 429 where it is open to
 * anyone, since such calls are limited per address; 500 anywhere (the database away, a PDF that
 * cannot be drawn), and 503 anywhere a part it needs may be down (`/healthz` names each part).
 */
function errorAnswers(method: string, path: string, operation: Operation): number[] {
  return [
    400,
    ...(open(operation) ? [429] : [401, 403]),
    // An open route reached through a signed address (`expires` and its signature) refuses a bad one.
    ...(open(operation) && isSigned(operation) ? [403] : []),
    ...(path.includes('{') || namesRecordInQuery(operation) ? [404] : []),
    ...(WRITES.has(method) && (!open(operation) || isSigned(operation)) ? [409] : []),
    ...(WITH_BODY.has(method) ? [413] : []),
    // Behind a token, a signed link checked against the caller, or a call issuing such a link
    // (`…/link`), answers Gone once its time is over (a finished download's file).
    ...(!open(operation) && (isSigned(operation) || path.endsWith('/link')) ? [410] : []),
    500,
    503,
  ].sort();
}

const queryParameters = (operation: Operation) =>
  (operation.parameters ?? []).filter((p) => p.in === 'query');
const isSigned = (operation: Operation) => queryParameters(operation).some((p) => p.name === 'expires');
const namesRecordInQuery = (operation: Operation) =>
  queryParameters(operation).some((p) => p.schema?.format === 'uuid');

function withErrorAnswers(document: Document): Document {
  const errorSchema = z.toJSONSchema(apiErrorSchema, { target: 'draft-2020-12', io: 'output' });
  delete errorSchema.$schema;
  for (const [path, item] of Object.entries(document.paths ?? {}))
    for (const [method, operation] of Object.entries(item ?? {}) as [string, Operation][]) {
      operation.responses ??= {};
      for (const status of errorAnswers(method, path, operation))
        operation.responses[status] ??= {
          description: (open(operation) && status === 403 ? SIGNED_REFUSAL : ERROR_ANSWERS[status]) ?? '',
          ...(status === 429 ? { headers: { 'Retry-After': { schema: { type: 'integer' } } } } : {}),
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        };
    }
  document.components ??= {};
  document.components.schemas = { ...document.components.schemas, Error: errorSchema };
  return document;
}

const WEBHOOK_HEADER_WORDS: Record<keyof typeof WEBHOOK_HEADERS, string> = {
  id: "The delivery's id, the same on every try: drop a repeat by it",
  kind: 'The kind of the body',
  timestamp: 'Unix seconds when this try was signed',
  signature: '`v1=` and the hex HMAC-SHA256, keyed by the webhook secret, of `<timestamp>.<raw body>`',
};

/**
 * What a company's webhooks are sent (OpenAPI 3.1 `webhooks`): one entry per kind, its body from
 * the same schema the server reads each body through before it is stored and signed.
 */
function withWebhooks(document: Document): Document {
  const headers = Object.entries(WEBHOOK_HEADERS).map(([key, name]) => ({
    in: 'header',
    name,
    required: true,
    description: WEBHOOK_HEADER_WORDS[key as keyof typeof WEBHOOK_HEADERS],
    schema: { type: 'string' },
  }));
  document.webhooks = Object.fromEntries(
    (Object.keys(WEBHOOK_DATA) as (keyof typeof WEBHOOK_DATA)[]).map((kind) => {
      const schema = z.toJSONSchema(webhookBodySchema(kind), { target: 'draft-2020-12', io: 'output' });
      delete schema.$schema;
      return [
        kind,
        {
          post: {
            operationId: `webhook${kind.split('.').map(pascal).join('')}`,
            summary: WEBHOOK_KIND_SUMMARIES[kind],
            description:
              "Posted to each enabled webhook of the company that receives this kind, signed with the webhook's secret.",
            security: [],
            parameters: headers,
            requestBody: { required: true, content: { 'application/json': { schema } } },
            responses: {
              200: {
                description: 'Any 2xx answer within WEBHOOK_TIMEOUT_SECONDS: delivered, not sent again',
              },
              400: {
                description:
                  'Any other answer, or none in time: tried again after WEBHOOK_RETRY_DELAY_SECONDS, doubling, WEBHOOK_RETRY_LIMIT times',
              },
            },
          },
        },
      ];
    }),
  );
  return document;
}

export async function registerOpenApi(
  app: FastifyInstance,
  version: string,
  publicUrl: string,
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${PRODUCT_NAME} API`,
        version,
        description:
          'Every answer is {data, message, code}; code 20000 is success. Errors carry a translated ' +
          'message in data.message and field-level problems in data.fields. Another system calls ' +
          "as a company's service account (Users → Service accounts in the console): a token of the " +
          "realm's client-credentials grant, as the bearer security scheme says.",
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              "An access token of the realm: the console's sign-in (authorization code with PKCE), or a " +
              "service account's client-credentials grant (client_secret_basic or client_secret_post) at " +
              `${publicUrl}/auth/realms/{realm}/protocol/openid-connect/token.`,
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: (route) => {
      const { schema, url: routeUrl } = jsonSchemaTransform(route);
      if (schema.hide) return { schema, url: routeUrl };
      const { url, params } = namedWildcard(routeUrl, schema.params);
      const consumes = (route.schema as { consumes?: string[] } | undefined)?.consumes ?? [];
      // A rule between query parameters (a period at most so long) is the query schema's
      // description, which parameters cannot carry: the operation says it instead.
      const queryRule = (schema.querystring as { description?: string } | undefined)?.description;
      const description = [schema.description, queryRule && `Query: ${queryRule}`]
        .filter(Boolean)
        .join('\n\n');
      const method = [route.route.method].flat()[0] ?? 'get';
      return {
        schema: {
          operationId: operationIdOf(method, route.url),
          // A route without a guard (preValidation) is open: no token is needed.
          ...(route.route.preValidation ? {} : { security: [] }),
          // An upload's fields are read from the stream by its handler; say at least what it takes.
          ...(consumes.includes('multipart/form-data') && !schema.body ? { body: { type: 'object' } } : {}),
          ...schema,
          ...(description ? { description } : {}),
          ...(params ? { params } : {}),
        },
        url,
      };
    },
    transformObject: (document) =>
      'openapiObject' in document
        ? (withWebhooks(
            withErrorAnswers(document.openapiObject as Document),
          ) as typeof document.openapiObject)
        : document.swaggerObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
