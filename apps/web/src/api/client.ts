// The one way the web app talks to /api/v1: bearer token, chosen language, timeout, envelope,
// and the spec's global error handling (toast, 'Confirm logout' dialog). Screens never call fetch.
import { API_TIMEOUT_MS, ERROR_TOAST_SECONDS, LOGOUT_CODES } from '@fleetlens/contracts';
import { i18n } from '../app/i18n';
import { confirmDialog, errorToast } from '../app/notices';

export const API_BASE = '/api/v1';

export type Envelope<T> = { data: T; message?: string; code?: number };

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Overrides the spec's 60 s default. */
  timeoutMs?: number;
  /** Calls made before sign-in (config) carry no token. */
  anonymous?: boolean;
  signal?: AbortSignal;
  /** The caller shows its own message for a refusal (no error toast; the logout dialog stays). */
  quiet?: boolean;
};

/** An answer outside 200/201/202/204; carries the envelope so callers can read data.fields. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: number | undefined;
  readonly data: unknown;
  constructor(text: string, status: number, code: number | undefined, data: unknown) {
    super(text);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.data = data;
  }
}

/**
 * The server was not reached (no connection: fetch's TypeError "Failed to fetch") or did not
 * answer within the time limit; its message is the user's language's, for any screen to show.
 */
export class NetworkError extends Error {
  constructor(text: string, cause: unknown) {
    super(text, { cause });
    this.name = 'NetworkError';
  }
}

/** fetch, its own failures said in the user's words; a caller's abort passes unchanged. */
async function reach(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const t = i18n.getFixedT(null, 'errors');
    if (error instanceof DOMException && error.name === 'TimeoutError')
      throw new NetworkError(t('timeout'), error);
    if (error instanceof TypeError) throw new NetworkError(t('network'), error);
    throw error;
  }
}

type AuthHooks = { getToken: () => string | undefined; relogin: () => Promise<void> | void };
let authHooks: AuthHooks = { getToken: () => undefined, relogin: () => window.location.reload() };

/** The auth provider registers how to read the token and how 'Re-Login' clears it. */
export function setAuthHooks(hooks: AuthHooks): void {
  authHooks = hooks;
}

const OK_STATUSES = new Set([200, 201, 202, 204]);
let logoutDialogOpen = false;

function errorText(body: Partial<Envelope<unknown>> | undefined): string {
  const data = body?.data as { message?: unknown } | null | undefined;
  if (data && typeof data.message === 'string' && data.message) return data.message;
  if (body?.message) return body.message;
  return 'Error';
}

async function showLogoutDialog(): Promise<void> {
  // Several calls fail at once when a session ends: one dialog is enough.
  if (logoutDialogOpen) return;
  logoutDialogOpen = true;
  const t = i18n.getFixedT(null, 'shell');
  await confirmDialog({
    title: t('logout.title'),
    content: t('logout.content'),
    okText: t('logout.relogin'),
    cancelText: t('logout.cancel'),
    onOk: async () => {
      logoutDialogOpen = false;
      await authHooks.relogin();
    },
    onCancel: () => {
      logoutDialogOpen = false;
    },
  });
}

/**
 * A refusal: its message shown (unless quiet), the logout dialog for the logged-out codes; the
 * call fails once they are up.
 */
async function failed(
  status: number,
  body: Partial<Envelope<unknown>> | undefined,
  options: RequestOptions,
): Promise<never> {
  const text = errorText(body);
  if (!options.quiet) await errorToast(text, ERROR_TOAST_SECONDS);
  if (body?.code !== undefined && (LOGOUT_CODES as readonly number[]).includes(body.code)) {
    await showLogoutDialog();
  }
  throw new ApiError(text, status, body?.code, body?.data);
}

/**
 * Downloads a file the API answers itself (a report's PDF): saved under `fileName` by the browser.
 * A refusal answers the envelope, shown like any other call's.
 */
export async function downloadFile(
  path: string,
  fileName: string,
  options: Pick<RequestOptions, 'query' | 'timeoutMs'> = {},
): Promise<void> {
  await withCall(options, async (headers, signal) => {
    const response = await reach(buildUrl(path, options.query), { headers, signal });
    if (!response.ok) {
      const body = await response.json().catch(() => undefined);
      await failed(response.status, body as Partial<Envelope<unknown>> | undefined, {});
    }
    const url = URL.createObjectURL(await response.blob());
    const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  });
}

/**
 * An image or other file the API answers itself, as an object URL for the page to show (a check's
 * photo); the caller revokes it. A refusal answers the envelope, shown like any other call's.
 */
export async function fetchObjectUrl(path: string): Promise<string> {
  return withCall({}, async (headers, signal) => {
    const response = await reach(buildUrl(path, undefined), { headers, signal });
    if (!response.ok) {
      const body = await response.json().catch(() => undefined);
      await failed(response.status, body as Partial<Envelope<unknown>> | undefined, {});
    }
    return URL.createObjectURL(await response.blob());
  });
}

/** One call with the API's headers (the language, the token unless anonymous) and its time limit. */
async function withCall<R>(
  options: Pick<RequestOptions, 'timeoutMs' | 'signal' | 'anonymous'>,
  run: (headers: Record<string, string>, signal: AbortSignal) => Promise<R>,
): Promise<R> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('timeout', 'TimeoutError')),
    options.timeoutMs ?? API_TIMEOUT_MS,
  );
  options.signal?.addEventListener('abort', () => controller.abort(options.signal?.reason));
  const headers: Record<string, string> = { 'Accept-Language': i18n.language };
  const token = options.anonymous ? undefined : authHooks.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await run(headers, controller.signal);
  } finally {
    clearTimeout(timer);
  }
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const url = path.startsWith('/api/') ? path : `${API_BASE}${path.startsWith('/') ? '' : '/'}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

/** Calls the API and returns the envelope's data; no connection is a NetworkError, a caller's abort passes unchanged. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return withCall(options, async (headers, signal) => {
    headers.Accept = 'application/json';
    // FormData (uploads) goes as multipart with the browser's own boundary; the rest as JSON.
    const form = options.body instanceof FormData;
    if (options.body !== undefined && !form) headers['Content-Type'] = 'application/json';
    const response = await reach(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: form
        ? (options.body as FormData)
        : options.body === undefined
          ? undefined
          : JSON.stringify(options.body),
      signal,
    });
    const text = response.status === 204 ? '' : await response.text();
    let body: Partial<Envelope<T>> | undefined;
    try {
      body = text ? (JSON.parse(text) as Envelope<T>) : undefined;
    } catch {
      body = undefined;
    }
    if (!OK_STATUSES.has(response.status)) await failed(response.status, body, options);
    return body?.data as T;
  });
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'DELETE' }),
};
