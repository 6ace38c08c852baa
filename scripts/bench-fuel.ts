// npm run bench:fuel [-- --vehicles 1000 --days 395 --groups 20 --operators 2000 --hours 8 --runs 20 --keep]
// Not a test: the fuel report's summary (the fleet, each group, each operator by its signed-on
// share) for `vehicles` vehicles over `days` days (13 months: the goal is ≤ 1 s), p50 and p95
// beside the raw aggregate a person would write over the same rows; the listings, details and
// 3 months kinds beside theirs too. Figures go into docs/decisions/2026-12-07-fuel.md.
//
// A throwaway database on DATABASE_URL's PostgreSQL server (default the local one), migrated as
// the server migrates, holds one customer with the vehicles in `groups` groups, a current reading
// per vehicle and day (its derived hours and litres as the fuel repository writes them, and an
// older version of one day in ten, as corrections leave them), and `hours` signed-on hours a day
// of one of `operators` operators per vehicle (operator_hour_figures, and their running seconds per
// vehicle and day as the figures job sums them, which also keeps each vehicle's operated hours per
// day), then the summary's stored sums as the write path keeps them (each reading's day sums,
// 90-day median and operator parts), then VACUUM ANALYZE. The raw operator share reads
// the operator hours of each reading's span, as the summary did before the day figure.
import { readFile } from 'node:fs/promises';
import { addDays, localDateOf } from '@fleetlens/contracts';
import type { DatabaseHandle } from '../apps/server/src/db/client.ts';
import { sumOperatorVehicleDays } from '../apps/server/src/modules/drive-summary/figures.repository.ts';
import { fuelReportService } from '../apps/server/src/modules/fuel/report.service.ts';
import { keepDaySums } from '../apps/server/src/modules/fuel/sums.repository.ts';
import type { RequestAccess } from '../apps/server/src/platform/access.ts';
import { inScope } from '../apps/server/src/platform/tenancy.ts';
import { benchArgs } from './bench-args.ts';
import { comparisonHeading, comparisonRow, onThrowawayDatabase, timeBoth } from './bench-compare.ts';

const args = benchArgs({
  vehicles: 1000,
  days: 395,
  groups: 20,
  operators: 2000,
  hours: 8,
  runs: 20,
  keep: false,
});
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

async function generate(db: DatabaseHandle, first: string) {
  const [customer] = await db.query<{ id: string }>(
    "INSERT INTO customers (stk_user, name, realm) VALUES ('benchfuel', 'Bench Fuel', 'fleet') RETURNING id",
  );
  const c = customer?.id as string;
  await db.query(
    `INSERT INTO vehicle_groups (customer_id, name) SELECT $1, 'Group ' || g FROM generate_series(1, $2) g`,
    [c, args.groups],
  );
  await db.query(
    `WITH g AS (SELECT array_agg(id ORDER BY name) AS ids FROM vehicle_groups WHERE customer_id = $1)
     INSERT INTO vehicles (customer_id, name, introduce_date, group_id, fuel_capacity_l)
     SELECT $1, 'Vehicle ' || v, current_date, g.ids[1 + v % cardinality(g.ids)], 160 FROM g, generate_series(1, $2) v`,
    [c, args.vehicles],
  );
  await db.query(
    `INSERT INTO operators (customer_id, operator_code, first_name, last_name, birth_date, address, license_number,
       license_received_on, license_valid_till, license_location, phone)
     SELECT $1, 'OP-' || o, 'Op', o::text, '1980-01-01', 'Street 1', 'LIC', '2000-01-01', '2040-01-01', 'Tokyo', '0123'
       FROM generate_series(1, $2) o`,
    [c, args.operators],
  );
  // Vehicle v's day d: 6–10 working hours at 3–6 L/h; its meter and tank follow (a fill when low).
  for (let day = 0; day < args.days; day += 60) {
    const to = Math.min(args.days, day + 60) - 1;
    await db.query(
      `WITH v AS (SELECT id, row_number() OVER (ORDER BY id) AS vi FROM vehicles WHERE customer_id = $1),
            r AS (SELECT v.id, v.vi, d, $2::date + d AS day, 6 + (v.vi + d) % 5 AS h, 3 + v.vi % 4 AS rate FROM v,
                         generate_series($3::int, $4::int) d)
       INSERT INTO fuel_results (customer_id, vehicle_id, day, version, is_current, received_l, hour_meter, remaining_l,
                                 previous_day, working_hours, consumption_l, author_name, source, reason)
       SELECT $1, id, day, 1 + (d % 10 = 0)::int, true, CASE WHEN d % 3 = 0 THEN 100 ELSE 0 END,
              1000 + d * 8 + vi % 7, 40 + (d % 3) * 20, CASE WHEN d = 0 THEN NULL ELSE day - 1 END,
              CASE WHEN d = 0 THEN NULL ELSE h END, CASE WHEN d = 0 THEN NULL ELSE h * rate END,
              'Bench clerk', 'entry', CASE WHEN d % 10 = 0 THEN 'Correction' ELSE '' END
         FROM r`,
      [c, first, day, to],
    );
    // The version each correction replaced: kept, no longer current.
    await db.query(
      `INSERT INTO fuel_results (customer_id, vehicle_id, day, version, is_current, received_l, hour_meter, remaining_l,
                                 author_name, source)
       SELECT customer_id, vehicle_id, day, 1, false, received_l, hour_meter, remaining_l + 1, 'Bench clerk', 'entry'
         FROM fuel_results WHERE customer_id = $1 AND version = 2 AND day BETWEEN $2::date + $3::int AND $2::date + $4::int`,
      [c, first, day, to],
    );
    await db.query(
      `WITH v AS (SELECT id, row_number() OVER (ORDER BY id) AS vi FROM vehicles WHERE customer_id = $1),
            o AS (SELECT array_agg(id ORDER BY operator_code) AS ids FROM operators WHERE customer_id = $1)
       INSERT INTO operator_hour_figures (customer_id, operator_id, vehicle_id, hour, operating_seconds)
       SELECT $1, o.ids[1 + (2 * v.vi + d + k / 4) % cardinality(o.ids)], v.id,
              ($2::date + d)::timestamp AT TIME ZONE 'UTC' + make_interval(hours => 7 + k), 1800 + (v.vi + k) % 1800
         FROM v, o, generate_series($3::int, $4::int) d, generate_series(0, $5::int - 1) k`,
      [c, first, day, to, args.hours],
    );
    // What the figures job sums from those hours: each vehicle's operators' running seconds per day.
    const vehicles = await db.query<{ id: string }>('SELECT id FROM vehicles WHERE customer_id = $1', [c]);
    const from = new Date(`${addDays(first, day)}T00:00:00Z`);
    const until = new Date(`${addDays(first, to + 1)}T00:00:00Z`);
    await db.transaction((tx) =>
      sumOperatorVehicleDays(
        tx,
        vehicles.map((v) => ({ customerId: c, vehicleId: v.id, from, to: until })),
      ),
    );
    console.log(`  days ${day + 1}–${to + 1}`);
  }
  // Each reading's day sums, 90-day median and operator parts, as the write path keeps them.
  const vehicles = await db.query<{ id: string }>('SELECT id FROM vehicles WHERE customer_id = $1', [c]);
  const sumsFrom = performance.now();
  // A few vehicles first, then counted, so the rest are planned knowing the tables' sizes.
  for (let at = 0; at < vehicles.length; at = at === 0 ? 10 : at + 200) {
    const batch = vehicles.slice(at, at === 0 ? 10 : at + 200);
    await db.transaction((tx) =>
      keepDaySums(
        tx,
        batch.map((v) => ({ customer_id: c, vehicle_id: v.id, first })),
      ),
    );
    await db.query('ANALYZE fuel_day_sums, fuel_operator_parts');
  }
  console.log(`  stored sums in ${seconds(sumsFrom)} s`);
  for (const table of [
    'fuel_results',
    'operator_hour_figures',
    'operator_vehicle_day_figures',
    'fuel_day_sums',
    'fuel_operator_parts',
    'fuel_operated_days',
    'vehicles',
    'operators',
  ])
    await db.query(`VACUUM ANALYZE ${table}`);
  return c;
}

const started = performance.now();
await onThrowawayDatabase(args.keep, async (db) => {
  const today = localDateOf(Date.now(), 0);
  const end = addDays(today, -1);
  const start = addDays(end, 1 - args.days);
  console.log(
    `generating ${args.vehicles} vehicles × ${args.days} days of fuel results, ${args.hours} signed-on hours a day`,
  );
  const customer = await generate(db, start);
  console.log(`generated in ${seconds(started)} s`);
  // The caller's scope as the route guard gives it: one customer.
  const access = { customerIds: [customer], inScope } as unknown as RequestAccess;
  const reports = fuelReportService(db);
  const query = (kind: 'listings' | 'details' | 'threeMonths' | 'summary', timesetting = 0) => ({
    kind,
    start,
    end,
    vehicle_ids: [],
    timesetting,
  });
  const where = `f.customer_id = $1 AND f.is_current AND f.day BETWEEN $2 AND $3`;
  const raw = (text: string) => () => db.query(text, [customer, start, end]);
  // The summary beside the plain aggregate over the readings and the operator hours.
  const summaryRaw = () =>
    Promise.all([
      raw(`SELECT v.group_id, sum(f.received_l), sum(f.working_hours), sum(f.consumption_l)
             FROM fuel_results f JOIN vehicles v ON v.id = f.vehicle_id WHERE ${where}
            GROUP BY ROLLUP (v.group_id)`)(),
      raw(`SELECT h.operator_id, sum(f.consumption_l * h.share), sum(f.working_hours * h.share)
             FROM fuel_results f
             JOIN LATERAL (SELECT o.operator_id, sum(o.operating_seconds) / sum(sum(o.operating_seconds)) OVER () AS share
                             FROM operator_hour_figures o
                            WHERE o.customer_id = f.customer_id AND o.vehicle_id = f.vehicle_id
                              AND o.hour >= (f.previous_day + 1)::timestamp AT TIME ZONE 'UTC'
                              AND o.hour < (f.day + 1)::timestamp AT TIME ZONE 'UTC'
                            GROUP BY o.operator_id) h ON true
            WHERE ${where} GROUP BY h.operator_id`)(),
    ]);
  const cases = [
    {
      name: 'summary (fleet, groups, operators)',
      ours: () => reports.report(access, query('summary')),
      raw: summaryRaw,
      goal: 'goal: summary p50 ≤ 1,000 ms',
    },
    {
      // Tokyo's local midnight falls outside the bench's working hours: the stored parts hold.
      name: 'summary at UTC+9',
      ours: () => reports.report(access, query('summary', 540)),
      raw: summaryRaw,
      goal: 'goal: summary p50 ≤ 1,000 ms',
    },
    {
      name: 'listings (per vehicle, anomalies)',
      ours: () => reports.report(access, query('listings')),
      raw: raw(`SELECT f.vehicle_id, sum(f.received_l), sum(f.working_hours), sum(f.consumption_l)
                  FROM fuel_results f WHERE ${where} GROUP BY f.vehicle_id`),
    },
    {
      name: '3 months (per vehicle and month)',
      ours: () => reports.report(access, query('threeMonths')),
      raw: raw(`SELECT f.vehicle_id, date_trunc('month', f.day), sum(f.consumption_l), sum(f.working_hours)
                  FROM fuel_results f WHERE f.customer_id = $1 AND f.is_current AND f.day > $3::date - 92 AND $2::date IS NOT NULL
                 GROUP BY 1, 2`),
    },
  ];
  const width = 36;
  console.log(`\n${comparisonHeading('call', width, 'fuel')}`);
  for (const c of cases) {
    const times = await timeBoth(args.runs, 2, () => ({ ours: c.ours, raw: c.raw }));
    console.log(comparisonRow(c.name, width, times, 'goal' in c ? c.goal : ''));
  }
  const load = await readFile('/proc/loadavg', 'utf8').catch(() => 'unknown');
  console.log(`load average (1, 5, 15 min): ${load.split(' ').slice(0, 3).join(' ')}`);
});
console.log(`\ndone in ${seconds(started)} s`);
