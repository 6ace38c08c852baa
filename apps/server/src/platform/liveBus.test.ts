// The live bus across replicas: what one replica publishes, every replica (itself included)
// delivers to its own browsers, in the order published, large messages too. On PostgreSQL the two
// "replicas" are two connection pools on one database (what two server processes have); on the
// embedded PGlite, two buses on its one connection.
import type { LiveServerMessage } from '@fleetlens/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';
import type { Principal } from './auth.ts';
import { LiveHub } from './live.ts';
import { LiveBus } from './liveBus.ts';

const log = { warn: () => {} };

/** Two replicas' buses on one database, listening. */
async function twoReplicas() {
  const db: TestDatabase = await createTestDatabase();
  const other: DatabaseHandle = db.url ? await openDatabase({ url: db.url, poolSize: 2 }) : db;
  const buses = [new LiveBus(db, log), new LiveBus(other, log)] as const;
  for (const bus of buses) await bus.start();
  return {
    a: buses[0],
    b: buses[1],
    close: async () => {
      for (const bus of buses) await bus.close();
      if (other !== db) await other.close();
      await db.drop();
    },
  };
}
const replicas = twoReplicas();
afterAll(async () => (await replicas).close());

describe('the live bus', () => {
  it('delivers what either replica publishes to both, in order, a message over 8,000 bytes too', async () => {
    const { a, b } = await replicas;
    const atA: unknown[] = [];
    const atB: unknown[] = [];
    a.on<unknown>('numbers', async (n) => void atA.push(n));
    b.on<unknown>('numbers', async (n) => void atB.push(n));
    const big = {
      positions: Array.from({ length: 400 }, (_, i) => ({ device_id: `d-${i}`, lat: 35.6 + i / 1e4 })),
    };
    expect(JSON.stringify(big).length).toBeGreaterThan(8_000);
    await a.publish('numbers', 1);
    await b.publish('numbers', 2);
    await a.publish('numbers', big);
    await a.publish('numbers', 3);
    await a.publish('nobody listens', 4);
    await expect.poll(() => atB.length).toBe(4);
    await expect.poll(() => atA.length).toBe(4);
    expect(atA).toEqual([1, 2, big, 3]);
    expect(atB).toEqual([1, 2, big, 3]);
  });

  it('brings a push made on one replica to a browser connected to the other', async () => {
    const { a, b } = await replicas;
    const hubA = new LiveHub(a);
    const hubB = new LiveHub(b);
    const heard: LiveServerMessage[] = [];
    const socket = { OPEN: 1, readyState: 1, send: (text: string) => heard.push(JSON.parse(text)) };
    hubB.add({
      socket: socket as unknown as WebSocket,
      principal: { userId: 'u-1' } as Principal,
      expiresAt: undefined,
    });
    const deliver = (hub: LiveHub) => (count: number) =>
      hub.broadcast(async () => ({ type: 'unread-count', data: { unreadNotificationCount: count } }));
    const pushA = hubA.topic<number>('counts', deliver(hubA));
    hubB.topic<number>('counts', deliver(hubB));
    await pushA(7);
    await expect.poll(() => heard).toEqual([{ type: 'unread-count', data: { unreadNotificationCount: 7 } }]);
  });
});
