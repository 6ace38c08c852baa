// npm run bench:route [-- --rows 50000000 --vehicles 200 --days 50 --runs 300 --fresh]
// Not a test: one vehicle-day's route (the vehicle map, /vehicles/{id}/map) on a device_positions
// table of 50 million rows, three ways in the same run: the SQL of
// modules/locations/repository.ts raw through the driver, the repository function the route
// calls, and the whole HTTP route through fastify.inject (token, guard, tenancy, validation,
// serialisation). The ratios are the stack's overhead over the raw query.
//
// The table lives in a database kept between runs (fleetlens_bench_route on DATABASE_URL's server,
// default the local PostgreSQL): filling 50 M rows takes minutes, so a run whose parameters match
// the stored fill reuses it; --fresh rebuilds it. The fill is what the ingestion would have left
// behind: rows in arrival order (the whole fleet's positions interleaved by time, so one
// vehicle-day is scattered over the heap), monthly partitions, then VACUUM ANALYZE as autovacuum
// would have done on old months.
//
// A vehicle-day follows the device protocol (a position a second while moving, every 30 s while
// stopped): a forklift on one or two shifts leaves a few thousand to over ten thousand positions.
// Each vehicle gets a usage level (some work hard, some stand by) and Sundays are quiet, so the
// sampled days range from a few hundred positions to the heaviest ones.
import { availableParallelism, loadavg } from 'node:os';
import { seededRandom } from '@fleetlens/simulator';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { seedDemo } from '../apps/server/src/modules/demo/seed.ts';
import { ensurePositionPartitions } from '../apps/server/src/modules/device-link/partitions.ts';
import { trackPoints, trackSql } from '../apps/server/src/modules/locations/repository.ts';
import { bearer, PUBLIC_URL, TEST_PASSWORD, tokenOf } from '../apps/server/src/testing/harness.ts';
import { benchArgs } from './bench-args.ts';
import { percentile } from './bench-compare.ts';
import { fillCustomer } from './fill-customer.ts';

const values = benchArgs({ rows: 50_000_000, vehicles: 200, days: 50, runs: 300, fresh: false });
const ROWS = values.rows;
const VEHICLES = values.vehicles;
const DAYS = values.days;
const RUNS = values.runs;
const DAY_MS = 86_400_000;
const NAME = 'fleetlens_bench_route';
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const benchUrl = Object.assign(new URL(serverUrl), { pathname: `/${NAME}` }).toString();

type Fill = { rows: number; vehicles: number; days: number; first_day: Date; fill_seconds: number };

async function adminQuery(text: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return (await admin.query(text)).rows;
  } finally {
    await admin.end();
  }
}

async function storedFill(): Promise<Fill | undefined> {
  const exists = await adminQuery(`SELECT 1 FROM pg_database WHERE datname = '${NAME}'`);
  if (exists.length === 0) return undefined;
  const client = new pg.Client({ connectionString: benchUrl });
  await client.connect();
  try {
    const [fill] = (
      await client.query<Fill>(
        `SELECT rows::float8 AS rows, vehicles, days, first_day, fill_seconds FROM bench_route_fill
          WHERE (SELECT count(*) FROM device_positions) = rows`,
      )
    ).rows;
    return fill;
  } catch {
    return undefined;
  } finally {
    await client.end();
  }
}

/** Positions per vehicle and day: usage level per vehicle, quiet Sundays, scaled to ROWS in all. */
function dayCounts(firstDay: Date): number[][] {
  const random = seededRandom(5);
  const usage = Array.from({ length: VEHICLES }, () => 0.15 + 2.4 * random() ** 2);
  const weights = Array.from({ length: DAYS }, (_, d) =>
    usage.map((u) => {
      const sunday = new Date(firstDay.getTime() + d * DAY_MS).getUTCDay() === 0;
      return u * (sunday ? 0.2 : 0.8 + 0.4 * random());
    }),
  );
  const total = weights.flat().reduce((a, b) => a + b, 0);
  const counts = weights.map((day) => day.map((w) => Math.max(1, Math.round((w / total) * ROWS))));
  // Rounding leaves the sum a little off; the first vehicle-day takes the difference.
  const sum = counts.flat().reduce((a, b) => a + b, 0);
  (counts[0] as number[])[0] = ((counts[0] as number[])[0] ?? 0) + ROWS - sum;
  return counts;
}

// One day of the whole fleet in arrival order. Positions wander on a yard (a harbour on Tokyo
// bay) during a ten-hour window from each vehicle's shift start; message ids look like the
// simulator's (boot-sequence).
const DAY_SQL = `
INSERT INTO device_positions
  (device_pk, message_id, customer_id, vehicle_id, time, received_at, lat, lng, speed, direction,
   altitude, satellites, hdop)
SELECT f.device_pk, f.k || to_char($1::timestamptz, 'YYMMDD') || '-' || i, $2::uuid, f.vehicle_id, p.t,
       p.t + interval '400 ms',
       35.6 + 0.003 * sin((i + f.k * 37) / 300.0), 139.77 + 0.004 * cos((i + f.k * 53) / 410.0),
       greatest(0, 8 + 7 * sin(i / 50.0)), ((i * 7 + f.k * 13) % 360), 3, 9, 0.9
  FROM unnest($3::uuid[], $4::uuid[], $5::int[]) WITH ORDINALITY AS f(vehicle_id, device_pk, n, k)
  CROSS JOIN LATERAL generate_series(0, f.n - 1) AS i
  CROSS JOIN LATERAL (SELECT $1::timestamptz + interval '6 hours' + (f.k % 120) * interval '1 minute'
                             + (i * 36000.0 / f.n) * interval '1 second' AS t) p
 ORDER BY p.t`;

async function fill(): Promise<Fill> {
  await adminQuery(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE ${NAME}`);
  const started = Date.now();
  const handle = await openDatabase({ url: benchUrl, poolSize: 2 });
  try {
    await migrate(handle);
    await seedDemo(handle, TEST_PASSWORD);
    const [harbor] = await handle.query<{ id: string }>("SELECT id FROM customers WHERE stk_user = 'harbor'");
    const customerId = harbor?.id ?? '';
    await fillCustomer(handle, customerId, { vehicles: VEHICLES, operators: 10 }, 'bench');
    const fleet = await handle.query<{ vehicle_id: string; device_pk: string }>(
      `SELECT v.id AS vehicle_id, d.id AS device_pk FROM vehicles v JOIN devices d ON d.vehicle_id = v.id
        WHERE v.customer_id = $1 AND v.name LIKE '%bench%' ORDER BY v.name`,
      [customerId],
    );
    if (fleet.length !== VEHICLES)
      throw new Error(`expected ${VEHICLES} vehicles with devices, got ${fleet.length}`);
    const today = new Date(new Date().toISOString().slice(0, 10));
    const firstDay = new Date(today.getTime() - DAYS * DAY_MS);
    const log = { warn: console.warn } as unknown as FastifyBaseLogger;
    for (let d = 0; d <= DAYS; d += 28)
      await ensurePositionPartitions(handle, log, new Date(firstDay.getTime() + d * DAY_MS));
    await ensurePositionPartitions(handle, log, today);
    const counts = dayCounts(firstDay);
    let next = 0;
    let done = 0;
    // Two writers, one day each at a time: the machine has two cores.
    const worker = async () => {
      const client = new pg.Client({ connectionString: benchUrl });
      await client.connect();
      await client.query("SET synchronous_commit = off; SET work_mem = '512MB'");
      for (let d = next++; d < DAYS; d = next++) {
        await client.query(DAY_SQL, [
          new Date(firstDay.getTime() + d * DAY_MS).toISOString(),
          customerId,
          fleet.map((f) => f.vehicle_id),
          fleet.map((f) => f.device_pk),
          counts[d],
        ]);
        done += 1;
        const rate = (done * (ROWS / DAYS)) / ((Date.now() - started) / 1000);
        console.log(
          `  day ${done} of ${DAYS} filled (${Math.round(rate).toLocaleString('en')} rows/s so far)`,
        );
      }
      await client.end();
    };
    await Promise.all([worker(), worker()]);
    console.log('  VACUUM ANALYZE device_positions');
    await handle.exec('VACUUM (ANALYZE) device_positions');
    const fillSeconds = Math.round((Date.now() - started) / 1000);
    await handle.exec(
      `CREATE TABLE bench_route_fill (rows bigint, vehicles int, days int, first_day timestamptz, fill_seconds int);
       INSERT INTO bench_route_fill VALUES (${ROWS}, ${VEHICLES}, ${DAYS}, '${firstDay.toISOString()}', ${fillSeconds})`,
    );
    return { rows: ROWS, vehicles: VEHICLES, days: DAYS, first_day: firstDay, fill_seconds: fillSeconds };
  } finally {
    await handle.close();
  }
}

let stored = values.fresh ? undefined : await storedFill();
if (stored && (stored.rows !== ROWS || stored.vehicles !== VEHICLES || stored.days !== DAYS))
  stored = undefined;
let filled: Fill;
if (stored) {
  filled = stored;
  console.log(
    `reusing ${NAME}: ${ROWS.toLocaleString('en')} positions (filled earlier in ${stored.fill_seconds} s)`,
  );
} else {
  console.log(`filling ${NAME}: ${ROWS.toLocaleString('en')} positions, ${VEHICLES} vehicles × ${DAYS} days`);
  filled = await fill();
  console.log(`filled in ${filled.fill_seconds} s`);
}

// The app on the filled database: migrations newer than the fill (an index) apply here.
const database = await openDatabase({ url: benchUrl, poolSize: 4 });
await migrate(database);
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL, WEB_DIST: '/nonexistent' });
const app = await buildApp({ config, database });
const raw = new pg.Client({ connectionString: benchUrl });
await raw.connect();
try {
  const [harbor] = await database.query<{ id: string }>("SELECT id FROM customers WHERE stk_user = 'harbor'");
  const customerId = harbor?.id ?? '';
  const fleet = (
    await database.query<{ id: string }>(
      "SELECT id FROM vehicles WHERE customer_id = $1 AND name LIKE '%bench%' ORDER BY name",
      [customerId],
    )
  ).map((v) => v.id);
  // The manager of Harbor Logistics: a customer's user, so tenancy scoping is part of the cost.
  const headers = { ...bearer(await tokenOf(app, 'manager')), 'accept-language': 'en' };
  const random = seededRandom(Date.now() % 100_000);
  const sample = () => {
    const vehicleId = fleet[Math.floor(random() * fleet.length)] ?? '';
    const day = new Date(filled.first_day).getTime() + Math.floor(random() * DAYS) * DAY_MS;
    return { vehicleId, start: new Date(day).toISOString(), end: new Date(day + DAY_MS - 1).toISOString() };
  };
  type Way = 'raw' | 'repository' | 'http';
  // Each way answers how to count its points afterwards, outside the measured time.
  const ways: Record<Way, (s: ReturnType<typeof sample>) => Promise<() => number>> = {
    raw: async (s) => {
      const sql = trackSql({ vehicleId: s.vehicleId }, customerId, s.start, s.end);
      const result = await raw.query(sql.points.text, sql.points.params);
      return () => result.rowCount ?? 0;
    },
    repository: async (s) => {
      const track = await trackPoints(database, { vehicleId: s.vehicleId }, customerId, s.start, s.end);
      return () => track.count;
    },
    http: async (s) => {
      const res = await app.inject({
        url: `/api/v1/vehicles/${s.vehicleId}/map?start=${s.start}&end=${s.end}`,
        headers,
      });
      if (res.statusCode !== 200)
        throw new Error(`route answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      return () => (res.json() as { data: { points: unknown[] } }).data.points.length;
    },
  };
  const order: Way[] = ['raw', 'repository', 'http'];
  const times: Record<Way | 'cold', number[]> = { cold: [], raw: [], repository: [], http: [] };
  const points: number[] = [];
  for (let run = -20; run < RUNS; run++) {
    const s = sample();
    const counted = new Set<number>();
    // The first read of a vehicle-day finds its index pages on disk or in the OS cache (50 M rows
    // do not fit PostgreSQL's buffers): measured apart, then the three ways on the warm pages,
    // in turns so that none always goes first.
    const coldStarted = performance.now();
    counted.add((await ways.raw(s))());
    if (run >= 0) times.cold.push(performance.now() - coldStarted);
    for (let w = 0; w < 3; w++) {
      const way = order[(run + 30 + w) % 3] as Way;
      const started = performance.now();
      const count = await ways[way](s);
      if (run >= 0) times[way].push(performance.now() - started);
      counted.add(count());
    }
    if (counted.size !== 1)
      throw new Error(`the three ways disagree on ${s.vehicleId} ${s.start}: ${[...counted]}`);
    if (run >= 0) points.push([...counted][0] ?? 0);
  }

  const ms = (v: number) => `${v.toFixed(1)} ms`.padStart(10);
  const n = (v: number) => Math.round(v).toLocaleString('en');
  console.log(
    `\n${n(ROWS)} positions, ${VEHICLES} vehicles × ${DAYS} days (fill ${filled.fill_seconds} s); ` +
      `${RUNS} random vehicle-days after 20 warm-up; positions per sampled day: ` +
      `p50 ${n(percentile(points, 50))}, p95 ${n(percentile(points, 95))}, max ${n(Math.max(...points))}`,
  );
  console.log(
    `${'way'.padEnd(42)}${'p50'.padStart(10)}${'p95'.padStart(10)}${'max'.padStart(10)}  p95 / raw`,
  );
  const rawP95 = percentile(times.raw, 95);
  const labels: Record<Way | 'cold', string> = {
    cold: 'first read of the day, raw (cold pages)',
    raw: 'the SQL raw through the driver',
    repository: 'repository trackPoints (pool, JSON text)',
    http: 'GET /api/v1/vehicles/{id}/map (inject)',
  };
  for (const way of ['cold', ...order] as const) {
    const p95 = percentile(times[way], 95);
    console.log(
      `${labels[way].padEnd(42)}${ms(percentile(times[way], 50))}${ms(p95)}${ms(Math.max(...times[way]))}  ${(p95 / rawP95).toFixed(1)}×`,
    );
  }
  const httpP95 = percentile(times.http, 95);
  const coldP95 = percentile(times.cold, 95);
  console.log(
    `\nroute of one vehicle-day over HTTP: p95 ${httpP95.toFixed(1)} ms (goal < 50 ms): ${httpP95 < 50 ? 'met' : 'NOT met'}; ` +
      `its first read from cold pages: p95 ${coldP95.toFixed(1)} ms; load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores`,
  );
} finally {
  await raw.end();
  await app.close();
  await database.close();
}
