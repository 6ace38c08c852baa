// Reading figures (figures.repository.ts) over periods: each period, on whole UTC hours, is read
// from the month table for its whole UTC months, the day table for the whole UTC days around them
// and the hour table for the hours around those, so a year of a fleet reads months, not hours. For the drive
// summaries (service.ts) and for whoever needs totals of many vehicles or operators at once (the
// dashboard, the driving scores): figureTotals.
import {
  DEVICE_EVENT_TYPES,
  type DeviceEventType,
  type DriveSummaryInterval,
  summaryBucketKeys,
} from '@fleetlens/contracts';
import type { DatabaseHandle, Queryable } from '../../db/client.ts';
import {
  DAY_MS,
  type DirtyFilter,
  dirtyVehicles,
  EVENT_COLUMNS,
  FIGURE_KINDS,
  type FigureKind,
  HOUR_MS,
  settleFigures,
  vehiclesOfOperators,
} from './figures.repository.ts';

/** A period [from, to) (whole UTC hours) of a bucket, read from the table of its grain. */
export interface FigureRange {
  bucket: string;
  from: number;
  to: number;
  grain: 'hour' | 'day' | 'month';
}

/** The first instant of the UTC month of `at`, or of the next one. */
const monthOf = (at: number, next = 0) => {
  const d = new Date(at);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + next, 1);
};

/**
 * The ranges that read the bucket's period [from, to): its whole UTC months, the whole UTC days
 * around them, and the hours around those.
 */
export function rangesOf(bucket: string, from: number, to: number): FigureRange[] {
  const firstDay = Math.ceil(from / DAY_MS) * DAY_MS;
  const lastDay = Math.floor(to / DAY_MS) * DAY_MS;
  if (firstDay >= lastDay) return [{ bucket, from, to, grain: 'hour' }];
  const firstMonth = monthOf(firstDay - 1, 1);
  const lastMonth = monthOf(lastDay);
  const months = firstMonth < lastMonth;
  const ranges: FigureRange[] = [
    { bucket, from, to: firstDay, grain: 'hour' },
    ...(months
      ? ([
          { bucket, from: firstDay, to: firstMonth, grain: 'day' },
          { bucket, from: firstMonth, to: lastMonth, grain: 'month' },
          { bucket, from: lastMonth, to: lastDay, grain: 'day' },
        ] as const)
      : ([{ bucket, from: firstDay, to: lastDay, grain: 'day' }] as const)),
    { bucket, from: lastDay, to, grain: 'hour' },
  ];
  return ranges.filter((r) => r.from < r.to);
}

export interface FigureSums {
  operating_seconds: number;
  distance_m: number;
  stops: number;
  idle_seconds: number;
  /** Every event per type. */
  events: Record<string, number>;
  /** The events excluded from scores (by hand or dismissed), per type; also in `events`. */
  excluded_events: Record<string, number>;
}
export type FigureRow = FigureSums & { bucket: string; member: string };

export interface FigureReadOptions {
  /** One row per bucket and member (default), or per bucket with the members summed (member ''). */
  perMember?: boolean;
  /** The event types to count (default all); a chart of hours or distance reads faster with none ([]). */
  events?: readonly DeviceEventType[];
}

/**
 * The read's settings. No JIT: a year's read is costed far above jit_above_cost, and PostgreSQL
 * spent 0.7 s compiling an aggregate that ran in 2 ms (npm run bench:dashboard), as the event map
 * did (2026-11-26-event-list-count-and-map-jit.md). Memory for the aggregate of many buckets and
 * members, which the planner costs high.
 */
const READ_SETTINGS = ['SET LOCAL jit = off', "SET LOCAL work_mem = '64MB'"];

/**
 * The ranges, each bucket's period that ends after the customer's last figures widened to the end
 * of its UTC month: nothing lies between, so the sums are the same, read from fewer rows (a
 * month's row rather than its days so far; "this month", "the last 13 months up to today"). The
 * fleet's hours hold an hour whenever any vehicle or operator of the customer has one.
 */
async function widened(tx: Queryable, customerId: string, ranges: FigureRange[]): Promise<FigureRange[]> {
  const [row] = await tx.query<{ last: Date | null }>(
    'SELECT max(hour) AS last FROM fleet_hour_figures WHERE customer_id = $1',
    [customerId],
  );
  if (!row?.last) return ranges;
  const after = new Date(row.last).getTime() + HOUR_MS;
  const periods = new Map<string, { from: number; to: number; ranges: FigureRange[] }>();
  for (const r of ranges) {
    const p = periods.get(r.bucket);
    if (p) {
      p.from = Math.min(p.from, r.from);
      p.to = Math.max(p.to, r.to);
      p.ranges.push(r);
    } else periods.set(r.bucket, { from: r.from, to: r.to, ranges: [r] });
  }
  return [...periods].flatMap(([bucket, p]) =>
    p.to >= after ? rangesOf(bucket, p.from, monthOf(p.to - 1, 1)) : p.ranges,
  );
}

/**
 * Whether `ids` name every vehicle (or operator) of the customer: then their sum is the fleet's,
 * one row per bucket (fleet_*_figures, which also count vehicles since deleted), and their rows
 * are read by time, not member by member.
 */
async function everyOne(
  tx: Queryable,
  kind: FigureKind,
  customerId: string,
  ids: string[],
): Promise<boolean> {
  if (kind === 'fleet') return true;
  const [row] = await tx.query<{ whole: boolean }>(
    `SELECT count(*) > 0 AND count(*) FILTER (WHERE id = ANY($2::uuid[])) = count(*) AS whole
       FROM ${kind === 'vehicle' ? 'vehicles' : 'operators'} WHERE customer_id = $1`,
    [customerId, ids],
  );
  return row?.whole === true;
}

/**
 * The figures of `ids` (vehicles or operators of one customer; none for the fleet) per bucket
 * (and member). Vehicles summed per bucket are read from the fleet's rows when they are the
 * customer's every vehicle.
 */
export async function sumFigures(
  db: DatabaseHandle,
  kind: FigureKind,
  customerId: string,
  ids: string[],
  ranges: FigureRange[],
  { perMember = true, events = DEVICE_EVENT_TYPES }: FigureReadOptions = {},
): Promise<FigureRow[]> {
  const columns = EVENT_COLUMNS.filter((c) => events.includes(c.type));
  const rows = await db.transaction(async (tx) => {
    for (const setting of READ_SETTINGS) await tx.query(setting);
    const all = await everyOne(tx, kind, customerId, ids);
    const from = kind === 'vehicle' && !perMember && all ? 'fleet' : kind;
    const { hours, days, months, member } = FIGURE_KINDS[from];
    // Every member: the customer's rows of the period (a member since deleted answers a row too).
    const members = member && !all;
    const read = await widened(tx, customerId, ranges);
    const perRow = perMember && member ? `x.${member}::text` : "''::text";
    const columnsRead = [
      'operating_seconds',
      'distance_m',
      'stops',
      'idle_seconds',
      ...columns.flatMap((c) => [c.events, c.excluded]),
    ]
      .map((c) => `x.${c}`)
      .join(', ');
    const select = (table: string, grain: FigureRange['grain']) =>
      `SELECT r.bucket, ${perRow} AS member, ${columnsRead}
         FROM r JOIN ${table} x ON x.customer_id = $1 ${members ? `AND x.${member} = ANY($6::uuid[])` : ''}
          AND x.${grain} >= r.from_time AND x.${grain} < r.to_time
        WHERE r.grain = '${grain}'`;
    const counts = columns.flatMap((c) => [
      `sum(${c.events})::int AS ${c.events}`,
      `sum(${c.excluded})::int AS ${c.excluded}`,
    ]);
    return tx.query<Record<string, string | number>>(
      `WITH r AS (
         SELECT * FROM unnest($2::text[], $3::timestamptz[], $4::timestamptz[], $5::text[])
           AS r(bucket, from_time, to_time, grain))
       , f AS (${select(months, 'month')} UNION ALL ${select(days, 'day')} UNION ALL ${select(hours, 'hour')})
       SELECT bucket, member, sum(operating_seconds)::float8 AS operating_seconds,
              sum(distance_m)::float8 AS distance_m, sum(stops)::int AS stops,
              sum(idle_seconds)::float8 AS idle_seconds ${counts.map((c) => `, ${c}`).join('')}
         FROM f GROUP BY 1, 2`,
      [
        customerId,
        read.map((r) => r.bucket),
        read.map((r) => new Date(r.from).toISOString()),
        read.map((r) => new Date(r.to).toISOString()),
        read.map((r) => r.grain),
        ...(members ? [ids] : []),
      ],
    );
  });
  return rows.map((r) => {
    const counted = (column: 'events' | 'excluded') =>
      Object.fromEntries(
        columns.flatMap((c) => {
          const n = Number(r[c[column]]);
          return n > 0 ? [[c.type, n]] : [];
        }),
      );
    return {
      bucket: String(r.bucket),
      member: String(r.member),
      operating_seconds: Number(r.operating_seconds),
      distance_m: Number(r.distance_m),
      stops: Number(r.stops),
      idle_seconds: Number(r.idle_seconds),
      events: counted('events'),
      excluded_events: counted('excluded'),
    };
  });
}

/**
 * Each vehicle's or operator's totals over [from, to) (whole UTC hours), for many at once: one
 * row per id that has figures. The figures are as fresh as the figures job left them (past hours
 * FIGURES_EVERY_MS, the hours still being driven CURRENT_HOURS_EVERY_MS, figures.ts); settleFigures
 * the ids' vehicles first where the last seconds matter.
 */
export async function figureTotals(
  db: DatabaseHandle,
  kind: FigureKind,
  customerId: string,
  ids: string[],
  from: Date,
  to: Date,
  events: readonly DeviceEventType[] = DEVICE_EVENT_TYPES,
): Promise<Map<string, FigureSums>> {
  if (from.getTime() % HOUR_MS !== 0 || to.getTime() % HOUR_MS !== 0)
    throw new Error('figureTotals reads whole UTC hours');
  const rows = await sumFigures(db, kind, customerId, ids, rangesOf('', from.getTime(), to.getTime()), {
    events,
  });
  return new Map(rows.map(({ bucket: _, member, ...sums }) => [member, sums]));
}

/** Figures answer a local period on whole UTC hours in a time setting of whole hours; raw data the rest. */
export const figuresAnswer = (start: number, end: number, timesetting: number) =>
  timesetting % 60 === 0 && start % HOUR_MS === 0 && end % HOUR_MS === 0;

/**
 * The ranges of each local interval of [start, end) (a time setting of whole hours), bucketed by
 * the interval's local start (summaryBucketKeys: 'YYYY-MM-DDTHH:MM:SS').
 */
export function localRanges(
  start: number,
  end: number,
  interval: DriveSummaryInterval,
  timesetting: number,
): FigureRange[] {
  const keys = summaryBucketKeys(start, end, interval, timesetting);
  const starts = keys.map((key) => Date.parse(`${key}Z`) - timesetting * 60_000);
  return keys.flatMap((key, i) =>
    rangesOf(key, Math.max(start, starts[i] ?? start), Math.min(end, starts[i + 1] ?? end)),
  );
}

/** Subjects of any customers the reader sees. */
export interface FigureSubject {
  id: string;
  customer_id: string;
}

/** Subjects grouped by their customer. */
function byCustomerOf(subjects: readonly FigureSubject[]): Map<string, FigureSubject[]> {
  const groups = new Map<string, FigureSubject[]>();
  for (const s of subjects) groups.set(s.customer_id, [...(groups.get(s.customer_id) ?? []), s]);
  return groups;
}

/** sumFigures over subjects of several customers: one read per customer. */
export async function sumFiguresOf(
  db: DatabaseHandle,
  kind: 'vehicle' | 'operator',
  subjects: readonly FigureSubject[],
  ranges: FigureRange[],
  options: FigureReadOptions = {},
): Promise<FigureRow[]> {
  const byCustomer = byCustomerOf(subjects);
  const rows: FigureRow[] = [];
  for (const [customerId, some] of byCustomer)
    rows.push(
      ...(await sumFigures(
        db,
        kind,
        customerId,
        some.map((s) => s.id),
        ranges,
        options,
      )),
    );
  return rows;
}

/**
 * The most vehicles with dirty hours a read settles before it answers: beyond, it takes the
 * figures as the job left them (past hours about 15 s old, the hours being driven up to 5
 * minutes), for settling would compute the current hour of every moving vehicle of a large
 * fleet, each read. (A vehicle's dirty hours in a row are one window, computed in one pass.)
 */
export const SETTLE_VEHICLES_MAX = 50;

/** Dirty hours settled per round before a read. */
export const SETTLE_LIMIT = 500;

/**
 * Settles the hours still marked dirty of the subjects' vehicles in [from, to), when they are
 * those of a few vehicles (SETTLE_VEHICLES_MAX), so a read answers what was just stored.
 */
export async function settleSubjects(
  db: DatabaseHandle,
  kind: 'vehicle' | 'operator',
  subjects: readonly FigureSubject[],
  from: Date,
  to: Date,
): Promise<void> {
  const filters: Extract<DirtyFilter, { customerId: string }>[] = [];
  for (const [customerId, some] of byCustomerOf(subjects)) {
    const ids = some.map((s) => s.id);
    const vehicleIds = kind === 'vehicle' ? ids : await vehiclesOfOperators(db, customerId, ids, to);
    if (vehicleIds.length > 0) filters.push({ customerId, vehicleIds, from, to });
  }
  let dirty = 0;
  for (const filter of filters) dirty += await dirtyVehicles(db, filter);
  if (dirty === 0 || dirty > SETTLE_VEHICLES_MAX) return;
  for (const filter of filters) while ((await settleFigures(db, filter, SETTLE_LIMIT)) === SETTLE_LIMIT);
}
