// The live channel over a real socket: authentication by first message, the first unread count,
// pushes after "opened", ping/pong, and 4401 for strangers.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { bearer, type Harness, startHarness, tokenOf } from '../testing/harness.ts';

let h: Harness;
let url: string;
let token: string;
beforeAll(async () => {
  h = await startHarness();
  token = await tokenOf(h.app, 'manager');
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(h.app.server.address() as AddressInfo).port}/api/v1/live`;
});
afterAll(async () => h?.close());

function connect() {
  const socket = new WebSocket(url);
  const messages: unknown[] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (data) => {
    messages.push(JSON.parse(String(data)));
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  const opened = new Promise<void>((resolve) => socket.on('open', () => resolve()));
  const next = async (count: number) => {
    while (messages.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
    return messages.slice(0, count);
  };
  return { socket, opened, closed, next, messages };
}

describe('the live channel', () => {
  it('authenticates with the first message and sends the unread count', async () => {
    const c = connect();
    await c.opened;
    c.socket.send(JSON.stringify({ type: 'auth', token }));
    expect(await c.next(2)).toEqual([
      { type: 'ready' },
      { type: 'unread-count', data: { unreadNotificationCount: 2 } },
    ]);
    c.socket.send(JSON.stringify({ type: 'ping' }));
    expect((await c.next(3))[2]).toEqual({ type: 'pong' });
    const [me] = await h.database.query<{ id: string }>("SELECT id FROM users WHERE username = 'manager'");
    await h.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${me?.id}/update-opened-notification-at`,
      headers: bearer(token),
    });
    expect((await c.next(4))[3]).toEqual({ type: 'unread-count', data: { unreadNotificationCount: 0 } });
    c.socket.close();
  });

  it('closes with 4401 on a bad token and on a message before authentication', async () => {
    const bad = connect();
    await bad.opened;
    bad.socket.send(JSON.stringify({ type: 'auth', token: 'not-a-token' }));
    expect(await bad.closed).toBe(4401);
    const early = connect();
    await early.opened;
    early.socket.send(JSON.stringify({ type: 'ping' }));
    expect(await early.closed).toBe(4401);
    const junk = connect();
    await junk.opened;
    junk.socket.send('{not json');
    expect(await junk.closed).toBe(4401);
  });
});
