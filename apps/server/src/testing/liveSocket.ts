// A browser's live socket in a test: opened on a listening app, signed in with `token`, ready once
// the server said so; `messages(type)` answers the data of every push of that type so far.
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import WebSocket from 'ws';

export async function openLiveSocket(app: FastifyInstance, token: string) {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const socket = new WebSocket(`ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1/live`);
  const received: { type: string; data?: unknown }[] = [];
  socket.on('message', (raw) => received.push(JSON.parse(String(raw))));
  await new Promise<void>((resolve) => socket.on('open', () => resolve()));
  socket.send(JSON.stringify({ type: 'auth', token }));
  await expect.poll(() => received.some((m) => m.type === 'ready')).toBe(true);
  return {
    messages: <T>(type: string) => received.filter((m) => m.type === type).map((m) => m.data as T),
    close: () => socket.close(),
  };
}

export type LiveSocket = Awaited<ReturnType<typeof openLiveSocket>>;
