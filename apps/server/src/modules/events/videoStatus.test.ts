// An event's video status when two of its clips finish at the same moment, on PostgreSQL (where
// transactions run side by side; PGlite has one connection, so its transactions take turns): each
// transaction writes its clip, then the event's status from all its clips. Read within one
// statement, the second transaction would see the first's clip as it was before (3), and leave
// the event at 3 with both clips at 4.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/database.ts';
import { registerTestDevice, until } from '../../testing/deviceLink.ts';
import { TEST_PASSWORD } from '../../testing/harness.ts';
import { seedDemo } from '../demo/seed.ts';
import { refreshVideoStatus } from './clips.repository.ts';

let db: TestDatabase;
let event: { id: string; customer_id: string; device_pk: string; time: Date };

describe.runIf(process.env.DATABASE_URL)('two clips of one event finishing at once', () => {
  beforeAll(async () => {
    db = await createTestDatabase();
    await seedDemo(db, TEST_PASSWORD);
    const [manager] = await db.query<{ customer_id: string }>(
      "SELECT customer_id FROM users WHERE username = 'manager'",
    );
    const device = await registerTestDevice(db, manager?.customer_id as string);
    const [row] = await db.query<typeof event>(
      `INSERT INTO device_events (device_pk, message_id, customer_id, time, type, lat, lng, speed, direction,
                                  gx, gy, gz, roll, pitch, yaw, cameras)
       VALUES ($1, 'two-clips', $2, now(), 'Impact', 35.6, 139.7, 0, 0, 0, 0, 0, 0, 0, 0, 2)
       RETURNING id, customer_id, device_pk, time`,
      [device.pk, manager?.customer_id],
    );
    if (!row) throw new Error('the demo has no device');
    event = row;
    for (const camera of [1, 2])
      await db.query(
        `INSERT INTO event_clips (event_id, customer_id, device_pk, camera, status, window_from, window_to, object_key)
         VALUES ($1, $2, $3, $4, 3, $5, $5, $6)`,
        [event.id, event.customer_id, event.device_pk, camera, event.time, `clip-${camera}`],
      );
    await refreshVideoStatus(db, [event.id]);
  }, 120_000);

  afterAll(async () => {
    await db?.drop();
  });

  it('leaves the event at 4 once both clips are at 4', async () => {
    const finish = (camera: number) => (tx: Parameters<Parameters<TestDatabase['transaction']>[0]>[0]) =>
      tx.query('UPDATE event_clips SET status = 4 WHERE event_id = $1 AND camera = $2', [event.id, camera]);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let firstRefreshed = false;
    const first = db.transaction(async (tx) => {
      await finish(1)(tx);
      await refreshVideoStatus(tx, [event.id]);
      firstRefreshed = true;
      await held;
    });
    await until('the first clip written and its event refreshed', async () => firstRefreshed);
    const second = db.transaction(async (tx) => {
      await finish(2)(tx);
      await refreshVideoStatus(tx, [event.id]);
    });
    // The second waits on the event's row, which the first holds until it commits.
    await until('the second transaction waiting on the event', async () => {
      const [waiting] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      return (waiting?.n ?? 0) > 0;
    });
    release();
    await Promise.all([first, second]);
    const [row] = await db.query<{ video_status: number }>(
      'SELECT video_status FROM device_events WHERE id = $1',
      [event.id],
    );
    expect(row?.video_status).toBe(4);
  });
});
