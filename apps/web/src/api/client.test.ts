import message from 'antd/es/message';
import Modal from 'antd/es/modal';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../app/i18n';
import { ApiError, api } from './client';

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status }));
}

type ConfirmArgs = Parameters<typeof Modal.confirm>[0];

beforeAll(async () => {
  await initI18n('en');
});

let toast: ReturnType<typeof vi.spyOn>;
let confirm: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  toast = vi.spyOn(message, 'error').mockImplementation(() => (() => undefined) as never);
  confirm = vi.spyOn(Modal, 'confirm').mockImplementation(() => ({ destroy() {}, update() {} }) as never);
});
afterEach(() => {
  // Closes a dialog a test opened, so the next one may open again.
  for (const [args] of confirm.mock.calls as [ConfirmArgs][]) args.onCancel?.();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('returns the envelope data with the bearer token and language', async () => {
    const fetchMock = answer(200, { data: { valid: true }, message: 'ok', code: 20000 });
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.post('/users/session-check', { device_id: 'd', session_state: 's' })).resolves.toEqual({
      valid: true,
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/users/session-check');
    expect((init.headers as Record<string, string>)['Accept-Language']).toBe('en');
    expect(toast).not.toHaveBeenCalled();
  });

  it('shows data.message of an error envelope in a 5 s error toast and rejects with ApiError', async () => {
    vi.stubGlobal(
      'fetch',
      answer(409, { code: 40900, message: 'Conflict', data: { message: 'This name is already taken.' } }),
    );
    const failure = api.get('/users/my');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 409, code: 40900 });
    expect(toast).toHaveBeenCalledWith({ content: 'This name is already taken.', duration: 5 });
    expect(confirm).not.toHaveBeenCalled();
  });

  it('falls back to message, then to Error', async () => {
    vi.stubGlobal('fetch', answer(500, { code: 50000, message: 'Server broke', data: null }));
    await expect(api.get('/users/my')).rejects.toThrow('Server broke');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('not json', { status: 502 })),
    );
    await expect(api.get('/users/my')).rejects.toThrow('Error');
    expect(toast).toHaveBeenLastCalledWith({ content: 'Error', duration: 5 });
  });

  it.each([50008, 50012, 50014])('code %i opens the Confirm logout dialog once', async (code) => {
    vi.stubGlobal('fetch', answer(401, { code, message: 'Logged out', data: { message: 'Logged out' } }));
    await expect(api.get('/notifications/unread-count')).rejects.toBeInstanceOf(ApiError);
    await expect(api.get('/users/my')).rejects.toBeInstanceOf(ApiError);
    expect(confirm).toHaveBeenCalledTimes(1);
    const args = confirm.mock.calls[0]?.[0] as ConfirmArgs;
    expect(args.title).toBe('Confirm logout');
    expect(args.content).toBe(
      'You have been logged out, you can cancel to stay on this page, or log in again',
    );
    expect(args.okText).toBe('Re-Login');
    expect(args.cancelText).toBe('Cancel');
  });

  it('says a network failure in the user’s words, without a toast (the screen shows it)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(api.get('/config')).rejects.toThrow(
      'The server cannot be reached. Check your connection and try again.',
    );
    await initI18n('ja');
    try {
      await expect(api.get('/config')).rejects.toThrow(
        'サーバーに接続できません。接続を確認して、もう一度お試しください。',
      );
    } finally {
      await initI18n('en');
    }
    expect(toast).not.toHaveBeenCalled();
  });

  it('passes the caller’s own abort on unchanged', async () => {
    const stop = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        await new Promise((_, reject) =>
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        );
      }),
    );
    const call = api.get('/config', { signal: stop.signal });
    const cancelled = new DOMException('left the page', 'AbortError');
    stop.abort(cancelled);
    await expect(call).rejects.toBe(cancelled);
  });
});
