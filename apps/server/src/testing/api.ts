// The API as a server test calls it: `h.as('kitting').post('/vehicles', body)` answers the status
// and the parsed envelope. Each account signs in once per harness, through the realm's real pages
// (signInAs), so a test file states who acts and what it sends, never how a token is obtained.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

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
  };
}

/** A client that signs `who` in on its first call (null: no authorization header). */
export function clientOf(
  app: FastifyInstance,
  token: (who: string) => Promise<string>,
  who: string | null,
  options: CallOptions = {},
): ApiClient {
  const request = async (method: Method, path: string, body?: unknown): Promise<Answer> => {
    const headers: Record<string, string> = { 'accept-language': options.lang ?? 'en', ...options.headers };
    if (who !== null) headers.authorization = `Bearer ${await token(who)}`;
    const response = await app.inject({
      method,
      url: `/api/v1${path}`,
      headers,
      ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
    });
    return answerOf(response);
  };
  return {
    request,
    get: (path) => request('GET', path),
    post: (path, body) => request('POST', path, body),
    put: (path, body) => request('PUT', path, body),
    patch: (path, body) => request('PATCH', path, body),
    delete: (path, body) => request('DELETE', path, body),
  };
}
