// Monthly partitions of device_positions (0010_device_link.sql), created ahead of time: from
// MONTHS_BACK months ago (devices returning after a long time away) to MONTHS_AHEAD months on.
// Positions of other months land in the default partition. A month whose rows already sit in
// the default partition cannot get its own partition (PostgreSQL refuses); that is logged and
// the rows stay where they are, still found by every query.
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import { createPositionPartition, positionPartitions } from './partitions.repository.ts';

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
  const existing = new Set(await positionPartitions(database));
  const created: string[] = [];
  for (let offset = -MONTHS_BACK; offset <= MONTHS_AHEAD; offset += 1) {
    const start = monthStart(now.getUTCFullYear(), now.getUTCMonth() + offset);
    const end = monthStart(start.getUTCFullYear(), start.getUTCMonth() + 1);
    const name = partitionName(start);
    if (existing.has(name)) continue;
    try {
      await createPositionPartition(database, name, start, end);
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
