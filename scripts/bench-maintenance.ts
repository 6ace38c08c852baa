// npm run bench:maintenance [-- --vehicles 10000 --plans 20 --runs 50 --keep --explain]
// Not a test: the maintenance evaluation and list at fleet scale. One customer
// with `vehicles` vehicles, each with a device reporting its hour meter, under `plans` plans (most
// on the hour meter, some on the calendar, some on both): vehicles × plans assignments.
//
// 1. A meter batch: every vehicle's device reports a minute later; the evaluation (modules/
//    maintenances/evaluation.ts: check the readings, apply them, evaluate again the assignments
//    whose vehicle crossed the meter where their state changes next, store those) is timed,
//    beside the raw single UPDATE a person would write for the meter plans alone (no reading
//    check, no calendar, no forecast). Goal ≤ 2 s.
// 2. The list of one plan's vehicles, worst first (20 a page), and the vehicles needing attention,
//    p50/p95 beside the raw query on the same rows, as the customer's manager asks. Goal p95 ≤ 50 ms.
//
// --explain prints the plan (EXPLAIN ANALYZE) of every statement of our evaluation and lists once.
// A throwaway database on DATABASE_URL's PostgreSQL server (default the local one), migrated as
// the server migrates.

import type { DatabaseHandle } from '../apps/server/src/db/client.ts';
import { evaluateAll } from '../apps/server/src/modules/maintenances/evaluation.ts';
import {
  listAssignments,
  listAttention,
} from '../apps/server/src/modules/maintenances/vehicles.repository.ts';
import { inScope } from '../apps/server/src/platform/tenancy.ts';
import { benchArgs } from './bench-args.ts';
import { comparisonHeading, comparisonRow, onThrowawayDatabase, timeBoth } from './bench-compare.ts';

const args = benchArgs({ vehicles: 10_000, plans: 20, runs: 50, keep: false, explain: false });
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(2);

await onThrowawayDatabase(args.keep, async (db) => {
  let started = performance.now();
  const [customer] = await db.query<{ id: string }>(
    "INSERT INTO customers (stk_user, name, realm) VALUES ('benchmaint', 'Bench Maintenance', 'fleet') RETURNING id",
  );
  const c = customer?.id as string;
  const now = new Date();
  await db.query(
    `INSERT INTO vehicles (customer_id, name, introduce_date, initial_hour_meter, cumulative_uptime_hours)
     SELECT $1, 'Vehicle ' || lpad(v::text, 5, '0'), current_date - 400, 100, 1000 + (v * 37) % 4000
       FROM generate_series(1, $2) v`,
    [c, args.vehicles],
  );
  await db.query(
    `INSERT INTO devices (customer_id, device_id, device_type, vehicle_id, channel_number,
       acceleration_threshold, acceleration_duration, deceleration_threshold, deceleration_duration,
       impact_threshold, impact_duration, quick_handle_threshold, quick_handle_duration)
     SELECT $1, '88' || lpad(row_number() OVER (ORDER BY id)::text, 9, '0'), 'dv426', id, 1, 0.35, 300, 0.4, 300, 1, 100, 0.35, 300
       FROM vehicles WHERE customer_id = $1`,
    [c],
  );
  await db.query(
    `INSERT INTO device_states (device_pk, customer_id, hour_meter, hour_meter_at)
     SELECT d.id, $1, v.cumulative_uptime_hours, $2::timestamptz - interval '1 hour'
       FROM devices d JOIN vehicles v ON v.id = d.vehicle_id WHERE d.customer_id = $1`,
    [c, now],
  );
  await db.query(
    `INSERT INTO maintenance_items (customer_id, name) SELECT $1, 'Item ' || p FROM generate_series(1, $2) p`,
    [c, args.plans],
  );
  // Of every 10 plans: 7 on the meter, 2 on the meter with a 6-month calendar cycle, 1 every 90 days.
  await db.query(
    `INSERT INTO maintenances (customer_id, item_id, cycle_unit, cycle_value, warning_time, warning_type, calendar_unit, calendar_value)
     SELECT $1, i.id, CASE WHEN n % 10 = 9 THEN 'days' ELSE 'operating_hours' END,
            CASE WHEN n % 10 = 9 THEN 90 ELSE 250 * (1 + n % 4) END,
            CASE WHEN n % 10 = 9 THEN 7 ELSE 25 END,
            CASE WHEN n % 10 = 9 THEN 'days' ELSE 'operating_hours' END,
            CASE WHEN n % 10 IN (7, 8) THEN 'months' END, CASE WHEN n % 10 IN (7, 8) THEN 6 END
       FROM (SELECT id, row_number() OVER (ORDER BY name) - 1 AS n FROM maintenance_items WHERE customer_id = $1) i`,
    [c],
  );
  await db.query(
    `INSERT INTO maintenance_vehicles (customer_id, maintenance_id, vehicle_id, last_maintenance_at, last_hour_meter)
     SELECT $1, m.id, v.id, $2::timestamptz - make_interval(days => ((v.n * 7 + m.n) % 200)::int),
            100 + v.cumulative_uptime_hours - (v.n * 13 + m.n * 29) % (m.cycle_value::int + 50)
       FROM (SELECT id, cumulative_uptime_hours, row_number() OVER (ORDER BY id) AS n FROM vehicles WHERE customer_id = $1) v,
            (SELECT id, cycle_value, row_number() OVER (ORDER BY id) AS n FROM maintenances WHERE customer_id = $1) m`,
    [c, now],
  );
  for (const table of ['vehicles', 'devices', 'device_states', 'maintenances', 'maintenance_vehicles'])
    await db.query(`VACUUM ANALYZE ${table}`);
  console.log(`generated ${args.vehicles} vehicles × ${args.plans} plans in ${seconds(started)} s`);
  started = performance.now();
  const first = await evaluateAll(db, now);
  console.log(
    `first evaluation (every reading applied, ${first.evaluated} assignments): ${seconds(started)} s`,
  );
  // It rewrote every assignment: autovacuum would now refresh the statistics and visibility map.
  for (const table of ['maintenance_vehicles', 'maintenance_meters'])
    await db.query(`VACUUM ANALYZE ${table}`);

  // A minute of the whole fleet: every device reports its meter a minute on.
  const batch = async (minute: number) => {
    await db.query(
      `UPDATE device_states SET hour_meter = hour_meter + 1.0 / 60, hour_meter_at = $2::timestamptz + make_interval(mins => $3)
        WHERE customer_id = $1`,
      [c, now, minute],
    );
    await db.query(
      'UPDATE vehicles SET cumulative_uptime_hours = cumulative_uptime_hours + 1.0 / 60 WHERE customer_id = $1',
      [c],
    );
  };
  const at = (minute: number) => new Date(now.getTime() + minute * 60_000);
  // The raw UPDATE writes a copy of the states, so that it leaves the product's rows as they were.
  await db.query(
    `CREATE TABLE bench_raw_states AS SELECT customer_id, maintenance_id, vehicle_id, last_hour_meter, state, NULL::float8 AS hours_left, evaluated_at
       FROM maintenance_vehicles WHERE customer_id = $1`,
    [c],
  );
  await db.query('ALTER TABLE bench_raw_states ADD PRIMARY KEY (maintenance_id, vehicle_id, customer_id)');
  const rawEvaluation = () =>
    db.query(
      `UPDATE bench_raw_states mv SET evaluated_at = $2, hours_left = m.cycle_value - (100 + v.cumulative_uptime_hours - mv.last_hour_meter),
              state = CASE WHEN 100 + v.cumulative_uptime_hours - mv.last_hour_meter < m.cycle_value - m.warning_time THEN 'ok'
                           WHEN 100 + v.cumulative_uptime_hours - mv.last_hour_meter < m.cycle_value THEN 'warning'
                           WHEN 100 + v.cumulative_uptime_hours - mv.last_hour_meter < m.cycle_value + m.warning_time THEN 'due'
                           ELSE 'overdue' END
         FROM maintenances m, vehicles v
        WHERE m.id = mv.maintenance_id AND m.customer_id = mv.customer_id AND v.id = mv.vehicle_id
          AND v.customer_id = mv.customer_id AND mv.customer_id = $1 AND m.cycle_unit = 'operating_hours'`,
      [c, now],
    );
  if (args.explain) {
    await batch(1);
    await explained(db, (explaining) => evaluateAll(explaining, at(1)));
  }
  const evaluations = { ours: [] as number[], raw: [] as number[] };
  const batches = Math.min(args.runs, 4);
  const looked: number[] = [];
  const firstBatch = args.explain ? 2 : 1;
  for (let i = firstBatch; i < firstBatch + batches; i++) {
    await batch(i);
    let t = performance.now();
    const result = await evaluateAll(db, at(i));
    evaluations.ours.push(performance.now() - t);
    looked.push(result.evaluated);
    t = performance.now();
    await rawEvaluation();
    evaluations.raw.push(performance.now() - t);
  }
  console.log(
    `\nre-evaluation after a meter batch of ${args.vehicles} readings, ${batches} batches (ms; goal ≤ 2000)`,
  );
  console.log(comparisonHeading('', 40, 'ours'));
  console.log(comparisonRow(`${args.vehicles * args.plans} assignments`, 40, evaluations));
  console.log(`  (ours evaluated again only those that crossed a boundary: ${looked.join(', ')})`);

  const [plan] = await db.query<{ id: string }>(
    "SELECT id FROM maintenances WHERE customer_id = $1 AND cycle_unit = 'operating_hours' LIMIT 1",
    [c],
  );
  const page = { page: 1, perPage: 20, order_by: 'state' as const, order: 'desc' as const };
  // As the customer's manager asks: scoped to the customer.
  const manager = { customerIds: [c], inScope };
  const lists = [
    {
      name: "one plan's vehicles, worst first",
      ours: (on: DatabaseHandle = db) => listAssignments(on, manager, plan?.id ?? '', page),
      raw: () =>
        db.query(
          `SELECT mv.*, v.name FROM maintenance_vehicles mv JOIN vehicles v ON v.id = mv.vehicle_id AND v.customer_id = mv.customer_id
            WHERE mv.customer_id = $1 AND mv.maintenance_id = $2
            ORDER BY mv.state_rank DESC, mv.due_at DESC NULLS LAST LIMIT 20`,
          [c, plan?.id],
        ),
    },
    {
      name: 'vehicles needing maintenance',
      ours: (on: DatabaseHandle = db) => listAttention(on, manager, { page: 1, perPage: 20 }),
      raw: () =>
        db.query(
          `SELECT mv.*, v.name FROM maintenance_vehicles mv JOIN vehicles v ON v.id = mv.vehicle_id AND v.customer_id = mv.customer_id
            WHERE mv.customer_id = $1 AND mv.state <> 'ok'
            ORDER BY mv.state_rank DESC, mv.due_at DESC NULLS LAST LIMIT 20`,
          [c],
        ),
    },
  ];
  console.log(
    `\nlists, 20 a page, ${args.runs} runs each (ms; goal p95 ≤ 50; ours also counts and joins items)`,
  );
  if (args.explain) for (const list of lists) await explained(db, list.ours);
  console.log(comparisonHeading('list', 40, 'ours'));
  for (const list of lists)
    console.log(
      comparisonRow(list.name, 40, await timeBoth(args.runs, 3, () => ({ ours: list.ours, raw: list.raw }))),
    );
});

/** Runs `call` once on a database that prints each statement's plan as it runs it. */
async function explained<T>(db: DatabaseHandle, call: (db: DatabaseHandle) => Promise<T>) {
  const explaining: DatabaseHandle = Object.create(db);
  explaining.query = async <R>(sql: string, params?: unknown[]) => {
    const plan = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
    console.log(`\n${sql.trim().split('\n')[0]}…\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`);
    return db.query<R>(sql, params);
  };
  explaining.transaction = (body) => body(explaining);
  await call(explaining);
}
