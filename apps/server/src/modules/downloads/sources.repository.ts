// What each built download type reads: the figures tables' daily rows of a customer over a period,
// in chunks by key (the last row's day and id), so memory stays flat however long the period and
// the job can stop between chunks. Days are UTC days, as the figures tables keep them.
import type { DownloadType } from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';
import type { CsvCell } from './csv.ts';

export interface ChunkSource {
  header: string[];
  /** The rows after `after` (undefined: from the start), at most `limit`, in key order. */
  chunk(
    db: Queryable,
    customerId: string,
    from: string,
    to: string,
    after: { day: string; id: string } | undefined,
    limit: number,
  ): Promise<{ cells: CsvCell[]; day: string; id: string }[]>;
}

interface DayRow {
  day: string;
  id: string;
  name: string;
  operating_seconds: number;
  idle_seconds: number;
  distance_m: number;
  stops: number;
}

const dailyDuration = (table: string, idColumn: string, nameSql: string, join: string): ChunkSource => ({
  header: ['day', 'id', 'name', 'operating_seconds', 'idle_seconds', 'distance_km', 'stops'],
  async chunk(db, customerId, from, to, after, limit) {
    const rows = await db.query<DayRow>(
      `SELECT to_char(f.day AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, f.${idColumn}::text AS id,
              ${nameSql} AS name, f.operating_seconds, f.idle_seconds, f.distance_m, f.stops
         FROM ${table} f ${join}
        WHERE f.customer_id = $1
          AND f.day >= ($2::date)::timestamp AT TIME ZONE 'UTC'
          AND f.day < ($3::date + 1)::timestamp AT TIME ZONE 'UTC'
          AND ($4::timestamptz IS NULL OR (f.day, f.${idColumn}) > ($4::timestamptz, $5::uuid))
        ORDER BY f.day, f.${idColumn}
        LIMIT $6`,
      [customerId, from, to, after ? `${after.day}T00:00:00Z` : null, after?.id ?? null, limit],
    );
    return rows.map((r) => ({
      day: r.day,
      id: r.id,
      cells: [
        r.day,
        r.id,
        r.name,
        Math.round(r.operating_seconds),
        Math.round(r.idle_seconds),
        Math.round(r.distance_m) / 1000,
        r.stops,
      ],
    }));
  },
});

/** The types built so far; contracts' BUILT_DOWNLOAD_TYPES names the same ones. */
export const SOURCES: Partial<Record<DownloadType, ChunkSource>> = {
  'vehicle-daily-duration': dailyDuration(
    'vehicle_day_figures',
    'vehicle_id',
    'v.name',
    'JOIN vehicles v ON v.id = f.vehicle_id',
  ),
  'operator-daily-duration': dailyDuration(
    'operator_day_figures',
    'operator_id',
    "trim(o.first_name || ' ' || o.last_name)",
    'JOIN operators o ON o.id = f.operator_id',
  ),
};
