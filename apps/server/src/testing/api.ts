// The API as a server test calls it: `h.as('kitting').post('/vehicles', body)` answers the status
// and the parsed envelope. Each account signs in once per harness, through the realm's real pages
// (signInAs), so a test file states who acts and what it sends, never how a token is obtained.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { type FilePart, multipart } from './files.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Answer {
  status: number;
  /** The parsed envelope ({data, message, code}); undefined when the answer is not JSON. */
  // biome-ignore lint/suspicious/noExplicitAny: a test reads whatever the route answered; the OpenAPI test holds the shapes
  body: any;
  /** A refusal's translated messages by field (data.fields); {} when there are none. */
  fields: Record<string, string>;
  headers: LightMyRequestResponse['headers'];
  /** The answer as sent, for the tests of non-JSON answers. */
  text: string;
  /** Its bytes, for the tests of files (a PDF, a spreadsheet). */
  raw: Buffer;
}

export interface CallOptions {
  /** accept-language of every call; 'en' unless told. */
  lang?: string;
  headers?: Record<string, string>;
}

/** Calls of one account; paths are under /api/v1. */
export interface ApiClient {
  request(method: Method, path: string, body?: unknown): Promise<Answer>;
  get(path: string): Promise<Answer>;
  post(path: string, body?: unknown): Promise<Answer>;
  put(path: string, body?: unknown): Promise<Answer>;
  patch(path: string, body?: unknown): Promise<Answer>;
  delete(path: string, body?: unknown): Promise<Answer>;
  /** A multipart form: its fields and its files. */
  upload(
    path: string,
    fields: Record<string, string>,
    file?: FilePart | FilePart[],
    method?: 'POST' | 'PUT',
  ): Promise<Answer>;
}

export function answerOf(response: LightMyRequestResponse): Answer {
  const json = String(response.headers['content-type'] ?? '').includes('json') && response.body !== '';
  const body = json ? response.json() : undefined;
  const fields: { field: string; message: string }[] = body?.data?.fields ?? [];
  return {
    status: response.statusCode,
    body,
    fields: Object.fromEntries(fields.map((f) => [f.field, f.message])),
    headers: response.headers,
    text: response.body,
    raw: response.rawPayload,
  };
}

/** A client that signs `who` in on its first call (null: no authorization header). */
export function clientOf(
  app: FastifyInstance,
  token: (who: string) => Promise<string>,
  who: string | null,
  options: CallOptions = {},
): ApiClient {
  const send = async (
    method: Method,
    path: string,
    body: unknown,
    extra: Record<string, string> = {},
  ): Promise<Answer> => {
    const headers: Record<string, string> = {
      'accept-language': options.lang ?? 'en',
      ...options.headers,
      ...extra,
    };
    if (who !== null) headers.authorization = `Bearer ${await token(who)}`;
    const response = await app.inject({
      method,
      url: `/api/v1${path}`,
      headers,
      ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
    });
    return answerOf(response);
  };
  const request = (method: Method, path: string, body?: unknown) => send(method, path, body);
  return {
    request,
    get: (path) => request('GET', path),
    post: (path, body) => request('POST', path, body),
    put: (path, body) => request('PUT', path, body),
    patch: (path, body) => request('PATCH', path, body),
    delete: (path, body) => request('DELETE', path, body),
    upload: (path, fields, file, method = 'POST') => {
      const form = multipart(fields, file);
      return send(method, path, form.payload, form.headers);
    },
  };
}
