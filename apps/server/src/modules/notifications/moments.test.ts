// A notice published for a later time raises the bell at that time, pushed live; the moment is
// read from the database, so a server started after the notice was written meets it too.
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { bearer, type Harness, PUBLIC_URL, startHarness, tokenOf } from '../../testing/harness.ts';

let h: Harness;
let manager = '';
beforeAll(async () => {
  h = await startHarness();
  manager = await tokenOf(h.app, 'manager');
});
afterAll(async () => h?.close());

/** UTC server time `ms` from now, with seconds. */
const at = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 19).replace('T', ' ');

/** The bell counts a signed-in manager's console receives, in order. */
async function bell(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const socket = new WebSocket(`ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1/live`);
  const counts: number[] = [];
  const arrivals: number[] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (raw) => {
    const m = JSON.parse(String(raw)) as { type: string; data?: { unreadNotificationCount: number } };
    if (m.type === 'unread-count' && m.data) {
      counts.push(m.data.unreadNotificationCount);
      arrivals.push(Date.now());
    }
    for (const w of waiters.splice(0)) w();
  });
  await new Promise((resolve) => socket.on('open', resolve));
  socket.send(JSON.stringify({ type: 'auth', token: manager }));
  const until = async (test: (c: number[]) => boolean, ms: number) => {
    const deadline = Date.now() + ms;
    while (!test(counts) && Date.now() < deadline)
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    return counts;
  };
  return { counts, arrivals, until, close: () => socket.close() };
}

describe('notices published for a later time', () => {
  it('push the new count to the signed-in user at the publish time', async () => {
    const live = await bell(h.app);
    const [first] = await live.until((c) => c.length > 0, 5000);
    const publishDate = at(2000);
    const publishAt = Date.parse(`${publishDate.replace(' ', 'T')}Z`);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v1/notifications',
      headers: bearer(await tokenOf(h.app, 'admin')),
      payload: {
        title: 'In two seconds',
        description: 'Published a little later.',
        type: 'other',
        is_publish_to_all: true,
        publish_date: publishDate,
        expire_date: at(3_600_000),
      },
    });
    expect(res.statusCode).toBe(201);
    const counts = await live.until((c) => c.at(-1) === (first ?? 0) + 1, 8000);
    expect(counts.at(-1)).toBe((first ?? 0) + 1);
    // Raised at its publish time, not when it was saved.
    const raised = live.arrivals[counts.indexOf((first ?? 0) + 1)] ?? 0;
    expect(raised).toBeGreaterThanOrEqual(publishAt);
    live.close();
  });

  it('meets a moment written before the server started', async () => {
    // The moment lies far enough ahead that the restarted server is up and the bell has its first
    // count before it: were it already past, the first count would hold the notice and no change
    // would come (a start slowed by a busy machine took more than two seconds).
    const publishDate = at(6000);
    await h.database.query(
      `INSERT INTO notifications (title, description, type, is_publish_to_all, publish_date, expire_date)
       VALUES ('Written earlier', 'By another server.', 'other', true, $1, $2)`,
      [`${publishDate}+00`, `${at(3_600_000)}+00`],
    );
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PUBLIC_URL,
      WEB_DIST: '/nonexistent',
    });
    const restarted = await buildApp({ config, database: h.database });
    try {
      const live = await bell(restarted);
      const [first] = await live.until((c) => c.length > 0, 5000);
      expect(live.arrivals[0], 'the first count came before the publish moment').toBeLessThan(
        Date.parse(`${publishDate.replace(' ', 'T')}Z`),
      );
      const counts = await live.until((c) => c.at(-1) === (first ?? 0) + 1, 15_000);
      expect(counts.at(-1)).toBe((first ?? 0) + 1);
      live.close();
    } finally {
      await restarted.close();
    }
  });
});
