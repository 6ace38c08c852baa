// What each download type reads: a customer's rows over a period, in chunks by key (the row's
// moment and id, in that order), so memory stays flat however long the period and the job can
// stop between chunks. Each chunk is one indexed range read from where the last one ended, as a
// cursor would, but holding no transaction open between chunks. Days are UTC days, as the figures
// tables keep them; the event list's moments are the events' own times, in UTC.
import type { DownloadType } from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';
import { EVENT_COLUMNS } from '../drive-summary/public.ts';
import type { CsvCell } from './csv.ts';

/** Where a chunk starts: after the row of this moment (ISO 8601) and id. */
export type ChunkKey = { at: string; id: string };
export type ChunkRow = { cells: CsvCell[]; at: string; id: string };

export interface ChunkSource {
  header: string[];
  /** The rows after `after` (undefined: from the start), at most `limit`, in key order. */
  chunk(
    db: Queryable,
    customerId: string,
    from: string,
    to: string,
    after: ChunkKey | undefined,
    limit: number,
  ): Promise<ChunkRow[]>;
}

/**
 * A source from its SELECT: `sql` reads the columns `at` (timestamptz), `id` (text) and the
 * header's cells by name, for the customer $1; `key` names the columns it is ordered and
 * chunked by (an id of its own type, so an index in that order serves it), limited to the days
 * $2..$3 here.
 */
function source(header: string[], sql: string, key: { at: string; id: string; type?: 'uuid' }): ChunkSource {
  const id = key.type ?? 'text';
  return {
    header,
    async chunk(db, customerId, from, to, after, limit) {
      const rows = await db.query<Record<string, CsvCell> & { at: Date; id: string }>(
        `${sql}
           AND ${key.at} >= ($2::date)::timestamp AT TIME ZONE 'UTC'
           AND ${key.at} < ($3::date + 1)::timestamp AT TIME ZONE 'UTC'
           AND ($4::timestamptz IS NULL OR (${key.at}, ${key.id}) > ($4::timestamptz, $5::${id}))
         ORDER BY ${key.at}, ${key.id}
         LIMIT $6`,
        [customerId, from, to, after?.at ?? null, after?.id ?? null, limit],
      );
      return rows.map((r) => ({ at: r.at.toISOString(), id: r.id, cells: header.map((h) => r[h]) }));
    },
  };
}

const DAY = "to_char(f.day AT TIME ZONE 'UTC', 'YYYY-MM-DD')";
const VEHICLE = {
  table: 'vehicle_day_figures',
  member: 'vehicle_id',
  join: 'JOIN vehicles m ON m.id = f.vehicle_id',
  name: 'm.name',
};
const OPERATOR = {
  table: 'operator_day_figures',
  member: 'operator_id',
  join: 'JOIN operators o ON o.id = f.operator_id',
  name: "trim(o.first_name || ' ' || o.last_name)",
};
type Member = typeof VEHICLE;

/** A day's running time, idle time, distance and stops of each vehicle or operator. */
const dailyDuration = (m: Member) =>
  source(
    ['day', 'id', 'name', 'operating_seconds', 'idle_seconds', 'distance_km', 'stops'],
    `SELECT f.day AS at, f.${m.member}::text AS id, ${DAY} AS day,
            ${m.name} AS name, round(f.operating_seconds)::int AS operating_seconds,
            round(f.idle_seconds)::int AS idle_seconds, round(f.distance_m)::float8 / 1000 AS distance_km, f.stops
       FROM ${m.table} f ${m.join}
      WHERE f.customer_id = $1`,
    { at: 'f.day', id: `f.${m.member}`, type: 'uuid' },
  );

/** A day's events of each vehicle or operator: their count per type and in all, beside its running time. */
const eventCount = (m: Member) =>
  source(
    ['day', 'id', 'name', 'operating_seconds', 'events', ...EVENT_COLUMNS.map((c) => c.events)],
    `SELECT f.day AS at, f.${m.member}::text AS id, ${DAY} AS day, ${m.name} AS name,
            round(f.operating_seconds)::int AS operating_seconds,
            ${EVENT_COLUMNS.map((c) => `f.${c.events}`).join(' + ')} AS events,
            ${EVENT_COLUMNS.map((c) => `f.${c.events}`).join(', ')}
       FROM ${m.table} f ${m.join}
      WHERE f.customer_id = $1`,
    { at: 'f.day', id: `f.${m.member}`, type: 'uuid' },
  );

/** Who drove which vehicle each day, and how long they were signed on there (the day's running sum). */
const drivingInfo = source(
  ['day', 'vehicle_id', 'vehicle', 'operator_id', 'operator', 'signed_on_seconds'],
  `SELECT (f.day::timestamp AT TIME ZONE 'UTC') AS at, f.vehicle_id::text || '/' || f.operator_id::text AS id,
          to_char(f.day, 'YYYY-MM-DD') AS day, f.vehicle_id::text AS vehicle_id, v.name AS vehicle,
          f.operator_id::text AS operator_id, trim(o.first_name || ' ' || o.last_name) AS operator,
          round(f.seconds_through[24])::int AS signed_on_seconds
     FROM operator_vehicle_day_figures f
     JOIN vehicles v ON v.id = f.vehicle_id
     JOIN operators o ON o.id = f.operator_id
    WHERE f.customer_id = $1`,
  { at: "(f.day::timestamp AT TIME ZONE 'UTC')", id: "f.vehicle_id::text || '/' || f.operator_id::text" },
);

/** Every event of the period with where and how fast, its vehicle and its operator. */
const eventList = source(
  ['time', 'event_id', 'type', 'vehicle', 'operator', 'lat', 'lng', 'speed_kmh'],
  `SELECT e.time AS at, e.id::text AS id, to_char(e.time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS time,
          e.id::text AS event_id, e.type, v.name AS vehicle, trim(o.first_name || ' ' || o.last_name) AS operator,
          e.lat, e.lng, e.speed AS speed_kmh
     FROM device_events e
     LEFT JOIN vehicles v ON v.id = e.vehicle_id
     LEFT JOIN operators o ON o.id = e.operator_id
    WHERE e.customer_id = $1`,
  { at: 'e.time', id: 'e.id', type: 'uuid' },
);

/** Each user's sign-ins of a day: those that succeeded and those refused. */
const dailyLogin = source(
  ['day', 'user_id', 'username', 'name', 'logins', 'failed_logins'],
  `SELECT d.at, d.user_id::text AS id, to_char(d.at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
          d.user_id::text AS user_id, u.username, trim(u.first_name || ' ' || u.last_name) AS name,
          d.logins, d.failed_logins
     FROM (SELECT date_trunc('day', h.created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS at, h.user_id,
                  h.customer_id, count(*) FILTER (WHERE h.succeeded)::int AS logins,
                  count(*) FILTER (WHERE NOT h.succeeded)::int AS failed_logins
             FROM login_history h
            WHERE h.customer_id = $1
              AND h.created_at >= ($2::date)::timestamp AT TIME ZONE 'UTC'
              AND h.created_at < ($3::date + 1)::timestamp AT TIME ZONE 'UTC'
            GROUP BY 1, h.user_id, h.customer_id) d
     JOIN users u ON u.id = d.user_id
    WHERE d.customer_id = $1`,
  { at: 'd.at', id: 'd.user_id', type: 'uuid' },
);

/** Every type's source. */
export const SOURCES: Record<DownloadType, ChunkSource> = {
  'vehicle-daily-duration': dailyDuration(VEHICLE),
  'operator-daily-duration': dailyDuration(OPERATOR),
  'vehicle-event-count': eventCount(VEHICLE),
  'operator-event-count': eventCount(OPERATOR),
  'vehicle-driving-info': drivingInfo,
  'event-list': eventList,
  'user-daily-login': dailyLogin,
};
