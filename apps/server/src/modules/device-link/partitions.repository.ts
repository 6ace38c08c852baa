// The monthly partitions of device_positions in the database (partitions.ts decides which).
import type { DatabaseHandle } from '../../db/client.ts';

/** The names of device_positions' partitions. */
export async function positionPartitions(database: DatabaseHandle): Promise<string[]> {
  const rows = await database.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_inherits i
       JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
      WHERE p.relname = 'device_positions'`,
  );
  return rows.map((r) => r.name);
}

/** The partition `name` for [start, end); `name` is made by partitionName, never from input. */
export async function createPositionPartition(
  database: DatabaseHandle,
  name: string,
  start: Date,
  end: Date,
): Promise<void> {
  await database.exec(
    `CREATE TABLE IF NOT EXISTS ${name} PARTITION OF device_positions
       FOR VALUES FROM ('${start.toISOString()}') TO ('${end.toISOString()}')`,
  );
}
