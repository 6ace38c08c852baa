// npm run bench:dashboard [-- --vehicles 1000 --operators 2000 --days 395 --hours 10 --runs 50 --keep]
// Not a test: a dashboard of eight charts over 13 months, each answered from
// the figures (modules/drive-summary/figures-read.repository.ts: months, days and hours), p95 beside the raw
// aggregate a person would write over the same figures (one GROUP BY on the hour table).
//
// A throwaway database on DATABASE_URL's PostgreSQL server (default the local one), migrated as
// the server migrates, holds one customer with `vehicles` vehicles, each active `hours` hours a
// day for `days` days, one of `operators` operators signed on in each of those hours; the hour
// figures are generated inside PostgreSQL, the day and month figures summed as the job does, then
// VACUUM ANALYZE.
import { DEVICE_EVENT_TYPES, type DeviceEventType, HARSH_EVENT_TYPES } from '@fleetlens/contracts';
import type { DatabaseHandle } from '../apps/server/src/db/client.ts';
import {
  EVENT_COLUMNS,
  FIGURE_COLUMNS,
} from '../apps/server/src/modules/drive-summary/figures.repository.ts';
import {
  figureTotals,
  rangesOf,
  sumFigures,
} from '../apps/server/src/modules/drive-summary/figures-read.repository.ts';
import { benchArgs } from './bench-args.ts';
import { comparisonHeading, comparisonRow, onThrowawayDatabase, timeBoth } from './bench-compare.ts';

const args = benchArgs({ vehicles: 1000, operators: 2000, days: 395, hours: 10, runs: 50, keep: false });
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const TOKYO = 9 * HOUR_MS;
/** The hour columns generated (the rest of FIGURE_COLUMNS keep their default 0). */
const COLUMNS =
  'operating_seconds, distance_m, stops, idle_seconds, events_impact, events_sudden_deceleration, events_speed, excluded_speed';
const VALUES = 'op, op * 8.3, stops, idle, impact, deceleration, speed, excluded_speed';
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

async function generate(db: DatabaseHandle, end: number) {
  const [customer] = await db.query<{ id: string }>(
    "INSERT INTO customers (stk_user, name, realm) VALUES ('benchdash', 'Bench Dashboard', 'fleet') RETURNING id",
  );
  const c = customer?.id as string;
  const vehicles = await db.query<{ id: string }>(
    `INSERT INTO vehicles (customer_id, name, introduce_date)
     SELECT $1, 'Vehicle ' || v, current_date FROM generate_series(1, $2) v RETURNING id`,
    [c, args.vehicles],
  );
  const operators = await db.query<{ id: string }>(
    `INSERT INTO operators (customer_id, operator_code, first_name, last_name, birth_date, address, license_number,
       license_received_on, license_valid_till, license_location, phone)
     SELECT $1, 'OP-' || o, 'Op', o::text, '1980-01-01', 'Street 1', 'LIC', '2000-01-01', '2040-01-01', 'Tokyo', '0123'
       FROM generate_series(1, $2) o RETURNING id`,
    [c, args.operators],
  );
  const start = end - args.days * DAY_MS;
  // Vehicle v's hour k of day d: busy from 22:00 UTC the day before (07:00 in Tokyo); operator (2v + d) mod n.
  for (let day = 0; day < args.days; day += 30) {
    await db.query(
      `WITH v AS (SELECT array_agg(id) AS ids FROM vehicles WHERE customer_id = $1),
            o AS (SELECT array_agg(id) AS ids FROM operators WHERE customer_id = $1),
            h AS (SELECT vi, d, $2::timestamptz + make_interval(hours => 24 * d - 2 + k) AS hour, k,
                         v.ids[vi] AS vehicle_id, o.ids[1 + (2 * vi + d) % cardinality(o.ids)] AS operator_id
                    FROM v, o, generate_series(1, cardinality(v.ids)) vi,
                         generate_series($3::int, least($4::int, $3::int + 30) - 1) d, generate_series(0, $5::int - 1) k)
       , f AS (SELECT vehicle_id, operator_id, hour, 1500 + (vi * 7 + k * 13 + d) % 2000 AS op,
                      (vi * 11 + k * 17 + d) % 900 AS idle, (vi + k + d) % 5 AS stops,
                      CASE WHEN (vi + d + k) % 3 = 0 THEN 1 + (vi + d) % 2 ELSE 0 END AS impact,
                      CASE WHEN (vi + d + k) % 3 = 0 THEN 1 ELSE 0 END AS deceleration,
                      CASE WHEN (vi + d + k) % 3 = 1 THEN 2 ELSE 0 END AS speed,
                      CASE WHEN (vi + d + k) % 3 = 1 AND (vi + k) % 4 = 0 THEN 1 ELSE 0 END AS excluded_speed
                 FROM h)
       , vh AS (INSERT INTO vehicle_hour_figures (customer_id, vehicle_id, hour, ${COLUMNS})
                SELECT $1, vehicle_id, hour, ${VALUES} FROM f)
       INSERT INTO operator_hour_figures (customer_id, operator_id, vehicle_id, hour, ${COLUMNS})
       SELECT $1, operator_id, vehicle_id, hour, ${VALUES} FROM f`,
      [c, new Date(start).toISOString(), day, args.days, args.hours],
    );
    console.log(`  hours of days ${day + 1}–${Math.min(args.days, day + 30)}`);
  }
  const started = performance.now();
  // The sums as the job takes them (figures.repository.ts computeFigures): vehicles' and operators'
  // days from their hours, months from days; the fleet's hours from its vehicles', and so on.
  const figures = FIGURE_COLUMNS.join(', ');
  const sums = FIGURE_COLUMNS.map((column) => `sum(${column})`).join(', ');
  for (const [into, key, at, from] of [
    ['vehicle_day_figures', 'vehicle_id, ', "date_trunc('day', hour, 'UTC')", 'vehicle_hour_figures'],
    ['vehicle_month_figures', 'vehicle_id, ', "date_trunc('month', day, 'UTC')", 'vehicle_day_figures'],
    ['operator_day_figures', 'operator_id, ', "date_trunc('day', hour, 'UTC')", 'operator_hour_figures'],
    ['operator_month_figures', 'operator_id, ', "date_trunc('month', day, 'UTC')", 'operator_day_figures'],
    ['fleet_hour_figures', '', 'hour', 'vehicle_hour_figures'],
    ['fleet_day_figures', '', "date_trunc('day', hour, 'UTC')", 'fleet_hour_figures'],
    ['fleet_month_figures', '', "date_trunc('month', day, 'UTC')", 'fleet_day_figures'],
  ] as const) {
    const grain = into.split('_')[1] as string;
    await db.query(
      `INSERT INTO ${into} (customer_id, ${key}${grain}, ${figures})
       SELECT customer_id, ${key}${at}, ${sums} FROM ${from} GROUP BY customer_id, ${key}${at}`,
    );
  }
  for (const kind of ['vehicle', 'operator', 'fleet'])
    for (const grain of ['hour', 'day', 'month']) await db.query(`VACUUM ANALYZE ${kind}_${grain}_figures`);
  console.log(`  days and months summed, vacuum analyze: ${seconds(started)} s`);
  return { customer: c, vehicles: vehicles.map((v) => v.id), operators: operators.map((o) => o.id) };
}

/** Local (Tokyo) bucket starts, as UTC instants, from `from` to `to`, stepping by `step`. */
function localBuckets(from: number, to: number, step: (d: Date) => void): [string, number, number][] {
  const buckets: [string, number, number][] = [];
  const d = new Date(from + TOKYO);
  while (d.getTime() - TOKYO < to) {
    const at = d.getTime() - TOKYO;
    step(d);
    buckets.push([new Date(at + TOKYO).toISOString().slice(0, 19), at, Math.min(to, d.getTime() - TOKYO)]);
  }
  return buckets;
}

const started = performance.now();
await onThrowawayDatabase(args.keep, async (db) => {
  // Today's local midnight in Tokyo, and the 13 months before it.
  const today = Math.floor((Date.now() + TOKYO) / DAY_MS) * DAY_MS - TOKYO;
  const end = today + DAY_MS;
  console.log(`generating ${args.vehicles} vehicles, ${args.operators} operators, ${args.days} days`);
  const { customer, vehicles, operators } = await generate(db, end);
  console.log(`generated in ${seconds(started)} s`);
  const first = new Date(today + TOKYO);
  first.setUTCDate(1);
  first.setUTCMonth(first.getUTCMonth() - 12);
  const thirteenMonths = first.getTime() - TOKYO;
  const month = (d: Date) => d.setUTCMonth(d.getUTCMonth() + 1);
  const week = (d: Date) => d.setUTCDate(d.getUTCDate() + 7);
  const day = (d: Date) => d.setUTCDate(d.getUTCDate() + 1);
  const hour = (d: Date) => d.setUTCHours(d.getUTCHours() + 1);
  // The raw aggregates run as the figures read does: without JIT (figures-read.repository.ts READ_SETTINGS).
  const rawQuery = (text: string, params: unknown[]) =>
    db.transaction(async (tx) => {
      await tx.query('SET LOCAL jit = off');
      return tx.query(text, params);
    });
  /** The fleet's figures per local bucket from `from` to `to`; no event types unless asked. */
  const fleet = (from: number, step: (d: Date) => void, events: readonly DeviceEventType[] = []) =>
    sumFigures(
      db,
      'vehicle',
      customer,
      vehicles,
      localBuckets(from, end, step).flatMap(([b, f, t]) => rangesOf(b, f, t)),
      { perMember: false, events },
    );
  const rawBuckets = (
    table: string,
    column: string,
    trunc: string,
    from: number,
    to: number,
    select: string,
  ) =>
    rawQuery(
      `SELECT date_trunc('${trunc}', (hour AT TIME ZONE 'UTC') + interval '9 hours') AS bucket, ${select}
           FROM ${table} WHERE customer_id = $1 AND ${column} = ANY($2::uuid[]) AND hour >= $3 AND hour < $4
          GROUP BY 1`,
      [
        customer,
        column === 'vehicle_id' ? vehicles : operators,
        new Date(from).toISOString(),
        new Date(to).toISOString(),
      ],
    );
  const eventSums = (types: readonly DeviceEventType[]) =>
    EVENT_COLUMNS.filter((c) => types.includes(c.type))
      .map((c) => `sum(${c.events}), sum(${c.excluded})`)
      .join(', ');
  const sums = 'sum(operating_seconds), sum(distance_m), sum(idle_seconds), sum(stops)';
  /** Each vehicle's or operator's totals from `from` on, with the events of `types`. */
  const totals = (
    name: string,
    subject: 'vehicle' | 'operator',
    from: number,
    types: readonly DeviceEventType[],
  ) => ({
    name,
    figures: () =>
      figureTotals(
        db,
        subject,
        customer,
        subject === 'vehicle' ? vehicles : operators,
        new Date(from),
        new Date(end),
        types,
      ),
    raw: () =>
      rawQuery(
        `SELECT ${subject}_id, ${[sums, ...(types.length > 0 ? [eventSums(types)] : [])].join(', ')} FROM ${subject}_hour_figures
          WHERE customer_id = $1 AND ${subject}_id = ANY($2::uuid[]) AND hour >= $3 AND hour < $4 GROUP BY 1`,
        [
          customer,
          subject === 'vehicle' ? vehicles : operators,
          new Date(from).toISOString(),
          new Date(end).toISOString(),
        ],
      ),
  });
  const charts: { name: string; figures: () => Promise<unknown>; raw: () => Promise<unknown> }[] = [
    totals('operating hours per vehicle, 13 months', 'vehicle', thirteenMonths, []),
    {
      name: 'distance per month, 13 months',
      figures: () => fleet(thirteenMonths, month),
      raw: () => rawBuckets('vehicle_hour_figures', 'vehicle_id', 'month', thirteenMonths, end, sums),
    },
    {
      name: 'events per type per month, 13 months',
      figures: () => fleet(thirteenMonths, month, DEVICE_EVENT_TYPES),
      raw: () =>
        rawQuery(
          `SELECT date_trunc('month', (hour AT TIME ZONE 'UTC') + interval '9 hours') AS bucket, ${eventSums(DEVICE_EVENT_TYPES)}
               FROM vehicle_hour_figures WHERE customer_id = $1 AND hour >= $2 AND hour < $3 GROUP BY 1`,
          [customer, new Date(thirteenMonths).toISOString(), new Date(end).toISOString()],
        ),
    },
    {
      name: 'idle time per week, 13 weeks',
      figures: () => fleet(end - 13 * 7 * DAY_MS, week),
      raw: () => rawBuckets('vehicle_hour_figures', 'vehicle_id', 'week', end - 13 * 7 * DAY_MS, end, sums),
    },
    {
      name: 'operating per day, 31 days',
      figures: () => fleet(end - 31 * DAY_MS, day),
      raw: () => rawBuckets('vehicle_hour_figures', 'vehicle_id', 'day', end - 31 * DAY_MS, end, sums),
    },
    {
      name: 'operating per hour, today',
      figures: () => fleet(today, hour),
      raw: () => rawBuckets('vehicle_hour_figures', 'vehicle_id', 'hour', today, end, sums),
    },
    totals('top and bottom operators, last month', 'operator', end - 30 * DAY_MS, HARSH_EVENT_TYPES),
    totals('score inputs per operator, 13 months', 'operator', thirteenMonths, HARSH_EVENT_TYPES),
  ];
  console.log(
    `\neight charts, ${args.runs} runs each (ms; figures: months, days and edge hours; raw: GROUP BY on hours)`,
  );
  console.log(comparisonHeading('chart', 40, ''));
  for (const chart of charts) {
    console.log(
      comparisonRow(
        chart.name,
        40,
        await timeBoth(args.runs, 3, () => ({ ours: chart.figures, raw: chart.raw })),
      ),
    );
  }
});
