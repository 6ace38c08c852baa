// What each download type reads: a customer's rows over a period, in chunks by key, so memory
// stays flat however long the period and the job can stop between chunks. The key is the order an
// index keeps the rows in (the figures' primary key: customer, member, day; the events' customer,
// time, id), so each chunk is one index range read from where the last one ended, as a cursor
// would, sorting nothing and holding no transaction open between chunks (PGlite's one connection
// stays free for everyone else between two). Days are UTC days, as the figures tables keep them;
// the event list's moments are the events' own times, in UTC.
import type { DownloadType } from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';
import type { CsvCell } from '../../platform/csvLines.ts';
import { EVENT_COLUMNS } from '../drive-summary/public.ts';

/** Where a chunk starts: after the row of these key values (text, as the database wrote them). */
export type ChunkKey = string[];
export interface Chunk {
  rows: CsvCell[][];
  /** The last row's key: the next chunk starts after it. */
  last: ChunkKey | undefined;
}

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
  ): Promise<Chunk>;
  /** How far (0–1) through the period a chunk ending at `last` is, without a statement. */
  done(last: ChunkKey, from: string, to: string): number;
}

/** A key part: its expression in the source's SQL and the type its text is read back as. */
type KeyPart = [expression: string, type: 'uuid' | 'timestamptz' | 'date' | 'text'];

/** An ISO 8601 moment to the microsecond, which reads back as the same timestamptz. */
const isoText = (expression: string) =>
  `to_char((${expression}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Through a period by time: where the moment `at` falls in it. */
const byTime = (at: string, from: string, to: string) => {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`) + 86_400_000;
  return (Date.parse(at) - start) / (end - start);
};
/** Through a customer's members by id: random ids spread evenly, so the first 32 bits tell. */
const byId = (id: string) => Number.parseInt(id.slice(0, 8), 16) / 0x1_0000_0000;

/**
 * A source from its SELECT: `sql` reads the header's cells by name for the customer $1; `key`
 * names the columns it is ordered and chunked by, in an index's order, and `moment` the row's
 * time, limited to the days $2..$3 here.
 */
function source(
  header: string[],
  sql: string,
  moment: string,
  key: KeyPart[],
  done: (last: ChunkKey, from: string, to: string) => number,
): ChunkSource {
  const keyText = key
    .map(([expression, type], i) =>
      type === 'timestamptz' ? `${isoText(expression)} AS k${i}` : `(${expression})::text AS k${i}`,
    )
    .join(', ');
  const columns = key.map(([expression]) => expression).join(', ');
  const after = key.map(([, type], i) => `$${i + 5}::${type}`).join(', ');
  const first = sql.trimStart().replace(/^SELECT\s/i, `SELECT ${keyText}, `);
  return {
    header,
    done,
    async chunk(db, customerId, from, to, last, limit) {
      const rows = await db.query<Record<string, CsvCell>>(
        `${first}
           AND ${moment} >= ($2::date)::timestamp AT TIME ZONE 'UTC'
           AND ${moment} < ($3::date + 1)::timestamp AT TIME ZONE 'UTC'
           ${last ? `AND (${columns}) > (${after})` : ''}
         ORDER BY ${columns}
         LIMIT $4`,
        [customerId, from, to, limit, ...(last ?? [])],
      );
      const end = rows.at(-1);
      return {
        rows: rows.map((r) => header.map((h) => r[h])),
        last: end ? key.map((_, i) => String(end[`k${i}`])) : undefined,
      };
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
/** The figures' primary key after the customer: the member, then the day. */
const memberKey = (m: Member): KeyPart[] => [
  [`f.${m.member}`, 'uuid'],
  ['f.day', 'timestamptz'],
];
const memberDone = (last: ChunkKey) => byId(last[0] as string);

/** A day's running time, idle time, distance and stops of each vehicle or operator. */
const dailyDuration = (m: Member) =>
  source(
    ['day', 'id', 'name', 'operating_seconds', 'idle_seconds', 'distance_km', 'stops'],
    `SELECT ${DAY} AS day, f.${m.member}::text AS id, ${m.name} AS name, round(f.operating_seconds)::int AS operating_seconds,
            round(f.idle_seconds)::int AS idle_seconds, round(f.distance_m)::float8 / 1000 AS distance_km, f.stops
       FROM ${m.table} f ${m.join}
      WHERE f.customer_id = $1`,
    'f.day',
    memberKey(m),
    memberDone,
  );

/** A day's events of each vehicle or operator: their count per type and in all, beside its running time. */
const eventCount = (m: Member) =>
  source(
    ['day', 'id', 'name', 'operating_seconds', 'events', ...EVENT_COLUMNS.map((c) => c.events)],
    `SELECT ${DAY} AS day, f.${m.member}::text AS id, ${m.name} AS name,
            round(f.operating_seconds)::int AS operating_seconds,
            ${EVENT_COLUMNS.map((c) => `f.${c.events}`).join(' + ')} AS events,
            ${EVENT_COLUMNS.map((c) => `f.${c.events}`).join(', ')}
       FROM ${m.table} f ${m.join}
      WHERE f.customer_id = $1`,
    'f.day',
    memberKey(m),
    memberDone,
  );

/** Who drove which vehicle each day, and how long they were signed on there (the day's running sum). */
const drivingInfo = source(
  ['day', 'vehicle_id', 'vehicle', 'operator_id', 'operator', 'signed_on_seconds'],
  `SELECT to_char(f.day, 'YYYY-MM-DD') AS day, f.vehicle_id::text AS vehicle_id, v.name AS vehicle,
          f.operator_id::text AS operator_id, trim(o.first_name || ' ' || o.last_name) AS operator,
          round(f.seconds_through[24])::int AS signed_on_seconds
     FROM operator_vehicle_day_figures f
     JOIN vehicles v ON v.id = f.vehicle_id
     JOIN operators o ON o.id = f.operator_id
    WHERE f.customer_id = $1`,
  "(f.day::timestamp AT TIME ZONE 'UTC')",
  // Its primary key after the customer.
  [
    ['f.vehicle_id', 'uuid'],
    ['f.day', 'date'],
    ['f.operator_id', 'uuid'],
  ],
  memberDone,
);

/** Every event of the period with where and how fast, its vehicle and its operator. */
const eventList = source(
  ['time', 'event_id', 'type', 'vehicle', 'operator', 'lat', 'lng', 'speed_kmh'],
  `SELECT to_char(e.time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS time,
          e.id::text AS event_id, e.type, v.name AS vehicle, trim(o.first_name || ' ' || o.last_name) AS operator,
          e.lat, e.lng, e.speed AS speed_kmh
     FROM device_events e
     LEFT JOIN vehicles v ON v.id = e.vehicle_id
     LEFT JOIN operators o ON o.id = e.operator_id
    WHERE e.customer_id = $1`,
  'e.time',
  // The index of a customer's events by time and id (read backwards).
  [
    ['e.time', 'timestamptz'],
    ['e.id', 'uuid'],
  ],
  (last, from, to) => byTime(last[0] as string, from, to),
);

/** Each user's sign-ins of a day: those that succeeded and those refused. */
const dailyLogin = source(
  ['day', 'user_id', 'username', 'name', 'logins', 'failed_logins'],
  `SELECT to_char(d.at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
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
  'd.at',
  [
    ['d.at', 'timestamptz'],
    ['d.user_id', 'uuid'],
  ],
  (last, from, to) => byTime(last[0] as string, from, to),
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
