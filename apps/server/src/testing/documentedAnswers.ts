// Every answer a server test gets from the API is held against the OpenAPI document the server
// serves, as a generated client would read it: the status must be documented for that operation,
// the answer's media type must be one documented for that status, and a JSON body must be valid
// against the documented schema (OpenAPI 3.1 schemas are JSON Schema 2020-12). The harness runs
// this after each inject, so the test that got an undocumented answer is the one that fails,
// naming the operation, the status and what disagrees (docs/decisions/2026-12-06-answers-match-the-document.md).
import { appendFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

interface MediaType {
  schema?: unknown;
}
interface Response {
  content?: Record<string, MediaType>;
}
interface Operation {
  responses?: Record<string, Response>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

/** What an answer was: enough of an inject's response to hold it against the document. */
export interface SeenAnswer {
  method: string;
  /** The path as called, with its query (`/api/v1/reports/…?from=…`). */
  url: string;
  status: number;
  contentType?: string;
  body: Buffer;
}

interface Template {
  path: string;
  pattern: RegExp;
  /** Static segments first: a router prefers `/reports/templates` to `/reports/{id}`. */
  rank: string;
}

const escapePointer = (part: string) => part.replaceAll('~', '~0').replaceAll('/', '~1');
const isJson = (type: string) => type === 'application/json' || type.endsWith('+json');

/** `{key}` at the end of a path is a wildcard tail (an object key with its slashes, openapi.ts). */
function templateOf(path: string): Template {
  const segments = path.split('/');
  const pattern = segments
    .map((segment, i) => {
      if (!/^\{.+\}$/.test(segment)) return segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
      return segment === '{key}' && i === segments.length - 1 ? '.+' : '[^/]+';
    })
    .join('/');
  return {
    path,
    pattern: new RegExp(`^${pattern}$`),
    rank: segments.map((s) => (s.startsWith('{') ? '1' : '0')).join(''),
  };
}

function mediaTypeMatches(key: string, actual: string): boolean {
  const documented = key.split(';')[0]?.trim().toLowerCase() ?? '';
  if (documented === actual || documented === '*/*') return true;
  return documented.endsWith('/*') && actual.startsWith(documented.slice(0, -1));
}

/** A checker of one document: compiles each schema the first time an answer needs it. */
export function documentChecker(document: OpenApiDocument): (answer: SeenAnswer) => string | undefined {
  const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
  // ajv-formats is CommonJS: under NodeNext its default import is module.exports (protocol.test.ts).
  formats.default(ajv);
  ajv.addSchema(document as object, 'openapi.json');
  const validators = new Map<string, ValidateFunction>();
  const templates = Object.keys(document.paths)
    .map(templateOf)
    .sort((a, b) => a.rank.localeCompare(b.rank));

  return (answer) => {
    const method = answer.method.toLowerCase();
    // The path as the router sees it: `/cases/../vehicles` is GET /vehicles, not a case's vehicles.
    const path = new URL(answer.url, 'http://answer.test').pathname;
    // HEAD and OPTIONS answers are Fastify's own; an unknown path is a 404 no document describes.
    const template = templates.find((t) => t.pattern.test(path) && document.paths[t.path]?.[method]);
    if (!template) return undefined;
    const operation = document.paths[template.path]?.[method] as Operation;
    const where = `${answer.method.toUpperCase()} ${template.path} answered ${answer.status}`;
    const responses = operation.responses ?? {};
    const statusKey = [String(answer.status), `${String(answer.status)[0]}XX`, 'default'].find(
      (key) => responses[key],
    );
    if (!statusKey) return `${where}, a status the document does not list (${Object.keys(responses)})`;
    const content = responses[statusKey]?.content;
    const type = (answer.contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (answer.body.length === 0 && !content) return undefined;
    if (!content) return `${where} with a body (${type || 'no type'}) where the document says none`;
    const documented = Object.keys(content).find((t) => mediaTypeMatches(t, type));
    if (!documented)
      return `${where} as ${type || 'no type'}, but the document says ${Object.keys(content).join(', ')}`;
    if (!isJson(type) || content[documented]?.schema === undefined) return undefined;
    let body: unknown;
    try {
      body = JSON.parse(answer.body.toString('utf8'));
    } catch {
      return `${where} as ${type} with a body that is not JSON`;
    }
    const pointer = ['paths', template.path, method, 'responses', statusKey, 'content', documented, 'schema']
      .map(escapePointer)
      .join('/');
    // Operations sharing a component (every error answer's Error) share its compiled validator.
    const ref = (content[documented]?.schema as { $ref?: unknown } | undefined)?.$ref;
    const target = typeof ref === 'string' && ref.startsWith('#/') ? ref.slice(2) : pointer;
    let validate = validators.get(target);
    if (!validate) {
      validate = ajv.compile({ $ref: `openapi.json#/${target}` });
      validators.set(target, validate);
    }
    if (validate(body)) return undefined;
    const errors = (validate.errors ?? [])
      .slice(0, 5)
      .map(
        (e) => `${e.instancePath || '(body)'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`,
      );
    return `${where} with a body the documented schema refuses: ${errors.join('; ')}`;
  };
}

const checkers = new Map<string, ReturnType<typeof documentChecker>>();

/** One checker per distinct document, shared by the files of a worker (they share modules). */
function checkerOf(source: string): ReturnType<typeof documentChecker> {
  let checker = checkers.get(source);
  if (!checker) {
    checker = documentChecker(JSON.parse(source) as OpenApiDocument);
    checkers.set(source, checker);
  }
  return checker;
}

export type Checker = ReturnType<typeof documentChecker>;

/**
 * Every API answer an inject of `app` gets is held against the OpenAPI document (the one the app
 * serves, unless `documentOf` gives another): an answer it does not describe throws in the test
 * that asked. Answers over a real socket (a test that listens) are not seen here. With
 * ANSWERS_SURVEY=<file>, each disagreement is written there instead, to list a whole run's.
 */
export function holdAnswersToTheDocument(app: FastifyInstance, documentOf?: () => Promise<string>): void {
  const inject = app.inject.bind(app);
  let checker: Promise<Checker> | undefined;
  const check = async (options: InjectOptions | string, response: LightMyRequestResponse) => {
    const { method = 'GET', url = '' } =
      typeof options === 'string' ? { url: options } : { method: options.method, url: options.url };
    const path = typeof url === 'string' ? url : (url.pathname ?? '');
    if (!path.startsWith('/api/v1/')) return;
    checker ??= (documentOf ? documentOf() : inject('/api/docs/json').then((doc) => doc.body)).then(
      checkerOf,
    );
    const problem = (await checker)({
      method: String(method),
      url: path,
      status: response.statusCode,
      contentType: response.headers['content-type'] as string | undefined,
      body: response.rawPayload,
    });
    if (!problem) return;
    if (process.env.ANSWERS_SURVEY) appendFileSync(process.env.ANSWERS_SURVEY, `${problem}\n`);
    else throw new Error(`The answer disagrees with the OpenAPI document: ${problem}`);
  };
  // The promise form only: the chained builder (app.inject().get()…) is not used by the tests.
  app.inject = ((options?: InjectOptions | string, callback?: unknown) => {
    if (options === undefined || callback !== undefined)
      return (inject as (...args: unknown[]) => unknown)(options, callback);
    return inject(options).then(async (response) => {
      await check(options, response);
      return response;
    });
  }) as FastifyInstance['inject'];
}
