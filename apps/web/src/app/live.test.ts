import { QueryClient } from '@tanstack/react-query';
import type { User } from 'oidc-client-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../api/platform';
import { setCurrentUser } from './auth/token';
import { connectLive } from './live';

/** A stand-in for the browser's WebSocket that the test drives by hand. */
class FakeSocket {
  static last: FakeSocket | undefined;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeSocket.last = this;
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {}
  receive(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('the live channel in the browser', () => {
  it('authenticates first, keeps the bell count, and re-reads the profile when the server says it changed', () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const queryClient = new QueryClient();
    const onProfileChanged = vi.fn();
    const stop = connectLive({ getToken: () => 'tok', queryClient, url: 'ws://x/live', onProfileChanged });
    const socket = FakeSocket.last as FakeSocket;
    socket.onopen?.();
    expect(JSON.parse(socket.sent[0] ?? '')).toEqual({ type: 'auth', token: 'tok' });
    socket.receive({ type: 'ready' });
    socket.receive({ type: 'unread-count', data: { unreadNotificationCount: 4 } });
    expect(queryClient.getQueryData(queryKeys.unreadCount)).toEqual({ unreadNotificationCount: 4 });
    expect(onProfileChanged).not.toHaveBeenCalled();
    socket.receive({ type: 'profile-changed' });
    expect(onProfileChanged).toHaveBeenCalledTimes(1);
    stop();
  });

  it('sends a renewed token on the open socket, so the server keeps it past the old one', () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    setCurrentUser({ access_token: 'first' } as User);
    const stop = connectLive({ queryClient: new QueryClient(), url: 'ws://x/live' });
    const socket = FakeSocket.last as FakeSocket;
    socket.onopen?.();
    socket.receive({ type: 'ready' });
    setCurrentUser({ access_token: 'renewed' } as User);
    expect(socket.sent.map((s) => JSON.parse(s))).toEqual([
      { type: 'auth', token: 'first' },
      { type: 'auth', token: 'renewed' },
    ]);
    stop();
    setCurrentUser({ access_token: 'after' } as User);
    expect(socket.sent).toHaveLength(2);
    setCurrentUser(null);
  });
});
