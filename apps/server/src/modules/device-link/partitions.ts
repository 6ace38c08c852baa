// Monthly partitions of device_positions (0010_device_link.sql), created ahead of time: from
// MONTHS_BACK months ago (devices returning after a long time away) to MONTHS_AHEAD months on.
// Positions of other months land in the default partition. A month whose rows already sit in
// the default partition cannot get its own partition (PostgreSQL refuses); that is logged and
// the rows stay where they are, still found by every query.
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';

const MONTHS_BACK = 2;
const MONTHS_AHEAD = 2;

const monthStart = (year: number, month: number) => new Date(Date.UTC(year, month, 1));

export function partitionName(start: Date): string {
  return `device_positions_y${start.getUTCFullYear()}m${String(start.getUTCMonth() + 1).padStart(2, '0')}`;
}

export async function ensurePositionPartitions(
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  now = new Date(),
): Promise<string[]> {
  const existing = new Set(
    (
      await database.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_inherits i
           JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
          WHERE p.relname = 'device_positions'`,
      )
    ).map((r) => r.name),
  );
  const created: string[] = [];
  for (let offset = -MONTHS_BACK; offset <= MONTHS_AHEAD; offset += 1) {
    const start = monthStart(now.getUTCFullYear(), now.getUTCMonth() + offset);
    const end = monthStart(start.getUTCFullYear(), start.getUTCMonth() + 1);
    const name = partitionName(start);
    if (existing.has(name)) continue;
    try {
      await database.exec(
        `CREATE TABLE IF NOT EXISTS ${name} PARTITION OF device_positions
           FOR VALUES FROM ('${start.toISOString()}') TO ('${end.toISOString()}')`,
      );
      created.push(name);
    } catch (error) {
      log.warn(
        { err: error, partition: name },
        'position partition not created; its rows stay in the default one',
      );
    }
  }
  return created;
}
