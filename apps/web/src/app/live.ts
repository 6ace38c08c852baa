// The live channel: one WebSocket to /api/v1/live, authenticated by its first message, with
// back-off reconnects (each with the current, possibly refreshed, token). After a reconnect the
// app refetches by REST, since pushes sent while it was away are lost. Every renewed token is sent
// on the open socket too: the server closes a socket whose token expired (platform/live.ts).
import type { LiveServerMessage } from '@fleetlens/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../api/platform';
import { accessToken, watchAccessToken } from './auth/token';
import { publishLive } from './liveBus';

export type LiveOptions = {
  getToken?: () => string | undefined;
  /** Calls its listener with every renewed token; the open socket re-authenticates with it. */
  watchToken?: (listener: (token: string) => void) => () => void;
  queryClient: QueryClient;
  url?: string;
  /** The user's access changed on the server (spec §4, role change): re-read it. */
  onProfileChanged?: () => void;
};

const MAX_DELAY_MS = 30_000;
const PING_MS = 25_000;

export function liveUrl(loc: Location = window.location): string {
  return `${loc.protocol === 'https:' ? 'wss:' : 'ws:'}//${loc.host}/api/v1/live`;
}

export function connectLive({
  getToken = accessToken,
  watchToken = watchAccessToken,
  queryClient,
  url = liveUrl(),
  onProfileChanged,
}: LiveOptions): () => void {
  let socket: WebSocket | null = null;
  let attempt = 0;
  let connectedBefore = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pinger: ReturnType<typeof setInterval> | undefined;
  let stopped = false;
  let authenticated = false;
  const unwatch = watchToken((token) => {
    if (authenticated) socket?.send(JSON.stringify({ type: 'auth', token }));
  });

  const schedule = () => {
    if (stopped) return;
    const delay = Math.min(MAX_DELAY_MS, 1000 * 2 ** attempt) * (0.75 + Math.random() * 0.5);
    attempt += 1;
    timer = setTimeout(open, delay);
  };

  function open(): void {
    const token = getToken();
    if (!token) {
      schedule();
      return;
    }
    const ws = new WebSocket(url);
    socket = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token }));
    ws.onmessage = (event) => {
      let msg: LiveServerMessage;
      try {
        msg = JSON.parse(String(event.data)) as LiveServerMessage;
      } catch {
        return;
      }
      // The screens that follow pushes (the maps: positions, states) listen on the bus.
      publishLive(msg);
      if (msg.type === 'ready') {
        authenticated = true;
        attempt = 0;
        if (connectedBefore) void queryClient.invalidateQueries();
        connectedBefore = true;
        // Proxies drop idle sockets; a ping keeps this one open.
        clearInterval(pinger);
        pinger = setInterval(() => ws.send(JSON.stringify({ type: 'ping' })), PING_MS);
      } else if (msg.type === 'profile-changed') {
        onProfileChanged?.();
      } else if (msg.type === 'unread-count') {
        queryClient.setQueryData(queryKeys.unreadCount, {
          unreadNotificationCount: msg.data.unreadNotificationCount,
        });
      }
    };
    // 4401 (not authenticated) also lands here: the next attempt reads a fresh token.
    ws.onclose = () => {
      authenticated = false;
      clearInterval(pinger);
      socket = null;
      schedule();
    };
  }

  open();
  return () => {
    stopped = true;
    unwatch();
    clearTimeout(timer);
    clearInterval(pinger);
    if (socket) {
      socket.onclose = null;
      socket.close();
    }
  };
}
