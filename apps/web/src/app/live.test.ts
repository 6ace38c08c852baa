import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../api/platform';
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
});
