// npm run bench:events [-- --events 10000000 --vehicles 1000 --groups 10 --days 365 --runs 100 --keep
//                         --pglite --no-list --map-runs 20]
// Not a test: the event list's p95 on a large generated set, with the period,
// type and vehicle-group filters, newest first, one page of 50, beside the raw query a person
// would write for the same rows (one statement, no count, no joins) and their ratio.
//
// A throwaway database on DATABASE_URL's PostgreSQL server (default the local one), migrated as
// the server migrates, holds one customer with `vehicles` vehicles in `groups` groups, and
// `events` events spread evenly over `days` days, generated inside PostgreSQL (generate_series,
// in chunks), then VACUUM ANALYZE as autovacuum would leave a table that size. "The list" is what
// GET /events runs (modules/events/repository.ts listEvents: the bounded count and the page);
// each run takes a 7-day period ending at a random point of the generated span. Then the event
// map's answer for the last 30 days (bench-event-map.ts). `--pglite` runs on the embedded PGlite
// instead (a reduced scale: it is one process with a small cache), `--no-list` measures the map only.
import { EVENT_TYPE_CODES, type EventListQuery, eventListQuerySchema } from '@fleetlens/contracts';
import type { DatabaseHandle } from '../apps/server/src/db/client.ts';
import { listEvents } from '../apps/server/src/modules/events/repository.ts';
import { inScope } from '../apps/server/src/platform/tenancy.ts';
import { benchArgs } from './bench-args.ts';
import { comparisonHeading, comparisonRow, onThrowawayDatabase, timeBoth } from './bench-compare.ts';
import { benchEventMap, REGION } from './bench-event-map.ts';

const args = benchArgs({
  events: 10_000_000,
  vehicles: 1000,
  groups: 10,
  days: 365,
  runs: 100,
  chunk: 1_000_000,
  // Leave the database for a look at the plans (its URL is printed).
  keep: false,
  pglite: false,
  'no-list': false,
  'map-runs': 20,
});
const EVENTS = args.events;
const VEHICLES = args.vehicles;
const GROUPS = args.groups;
const DAYS = args.days;
const RUNS = args.runs;
const CHUNK = args.chunk;
const DAY_MS = 86_400_000;
if (args.pglite) delete process.env.DATABASE_URL;
else process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

async function generate(db: DatabaseHandle, end: Date): Promise<{ customer: string; group: string }> {
  const [customer] = await db.query<{ id: string }>(
    "INSERT INTO customers (stk_user, name, realm) VALUES ('benchevents', 'Bench Events', 'fleet') RETURNING id",
  );
  const c = customer?.id as string;
  await db.query(
    `INSERT INTO vehicle_groups (customer_id, name) SELECT $1, 'Group ' || g FROM generate_series(1, $2) g`,
    [c, GROUPS],
  );
  await db.query(
    `INSERT INTO vehicles (customer_id, name, introduce_date, group_id)
     SELECT $1, 'Vehicle ' || v, current_date,
            (SELECT id FROM vehicle_groups WHERE customer_id = $1 ORDER BY name OFFSET (v % $3) LIMIT 1)
       FROM generate_series(1, $2) v`,
    [c, VEHICLES, GROUPS],
  );
  const [group] = await db.query<{ id: string }>(
    'SELECT id FROM vehicle_groups WHERE customer_id = $1 ORDER BY name LIMIT 1',
    [c],
  );
  const types = Object.keys(EVENT_TYPE_CODES);
  const spanSeconds = DAYS * 86_400;
  // A bulk load: the secondary indexes are built once after it (each insert into a dozen growing
  // B-trees slowed every million down by 40 s more), the keys stay.
  const indexes = await db.query<{ name: string; definition: string }>(
    `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
      WHERE i.tablename = 'device_events'
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
  );
  for (const index of indexes) await db.query(`DROP INDEX ${index.name}`);
  for (let from = 1; from <= EVENTS; from += CHUNK) {
    const started = performance.now();
    const to = Math.min(EVENTS, from + CHUNK - 1);
    // Vehicle n has device n (device_events keeps no key to devices); times spread evenly,
    // types and tags cycle so each filter matches a steady share.
    await db.query(
      `WITH v AS (SELECT array_agg(id ORDER BY name) AS ids FROM vehicles WHERE customer_id = $1)
       INSERT INTO device_events (device_pk, message_id, customer_id, vehicle_id, time, type, lat, lng, speed,
                                  direction, gx, gy, gz, roll, pitch, yaw, cameras, tag, video_status,
                                  clips_pending, mail_pending)
       SELECT md5('device' || (g % $4))::uuid, 'bench-' || g, $1, v.ids[1 + g % $4],
              $5::timestamptz - make_interval(secs => (g::float8 * $6 / $7)),
              ($8::text[])[1 + (g * 13) % cardinality($8::text[])],
              $9 + ((g * 7919) % 100000) / 100000.0, $10 + ((g * 104729) % 150000) / 100000.0, g % 40, g % 360,
              0.5, 0.1, 1, 0, 0, 0, 2, (ARRAY['none','none','none','mild','serious'])[1 + g % 5], 4, false, false
         FROM generate_series($2::bigint, $3::bigint) g, v`,
      [c, from, to, VEHICLES, end.toISOString(), spanSeconds, EVENTS, types, REGION.south, REGION.west],
    );
    console.log(`  events ${from.toLocaleString('en')}–${to.toLocaleString('en')}: ${seconds(started)} s`);
  }
  const started = performance.now();
  await db.query("SET maintenance_work_mem = '256MB'");
  for (const index of indexes) await db.query(index.definition);
  console.log(`  ${indexes.length} indexes built: ${seconds(started)} s`);
  for (const table of ['device_events', 'vehicles', 'vehicle_groups'])
    await db.query(`VACUUM ANALYZE ${table}`);
  console.log(`  and vacuum analyze: ${seconds(started)} s`);
  return { customer: c, group: group?.id as string };
}

interface Case {
  name: string;
  filters: Partial<Record<'type' | 'vehicle_group_id', string>>;
}

const started = performance.now();
await onThrowawayDatabase(args.keep, async (db) => {
  const end = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS);
  console.log(
    `generating ${EVENTS.toLocaleString('en')} events over ${DAYS} days, ${VEHICLES} vehicles in ${GROUPS} groups`,
  );
  const { customer, group } = await generate(db, end);
  console.log(`generated in ${seconds(started)} s`);
  const scope = { customerIds: [customer], inScope };
  const cases: Case[] = args['no-list']
    ? []
    : [
        { name: 'period', filters: {} },
        { name: 'period + type', filters: { type: 'Impact,Accelerate' } },
        { name: 'period + group', filters: { vehicle_group_id: group } },
        { name: 'period + type + group', filters: { type: 'Impact,Accelerate', vehicle_group_id: group } },
      ];
  const span = DAYS * DAY_MS - 7 * DAY_MS;
  const periodAt = (i: number) => {
    // Spread over the span, the latest week first (what a person opens).
    const to = end.getTime() - (i === 0 ? 0 : Math.floor((((i * 7919) % 1000) / 1000) * span));
    return { start: new Date(to - 7 * DAY_MS).toISOString(), end: new Date(to).toISOString() };
  };
  const lines: string[] = [];
  for (const c of cases) {
    let total = 0;
    const times = await timeBoth(RUNS, 10, (i) => {
      const period = periodAt(Math.max(0, i));
      const query = eventListQuerySchema.parse({ ...period, ...c.filters, perPage: '50' }) as EventListQuery;
      const params: unknown[] = [customer, period.start, period.end];
      const where = ['e.customer_id = $1', 'e.time >= $2', 'e.time < $3'];
      if (c.filters.type) where.push(`e.type = ANY($${params.push(c.filters.type.split(','))})`);
      if (c.filters.vehicle_group_id)
        where.push(
          `e.vehicle_id IN (SELECT id FROM vehicles WHERE group_id = $${params.push(c.filters.vehicle_group_id)})`,
        );
      return {
        ours: async () => {
          total = (await listEvents(db, scope, query)).total;
        },
        raw: () =>
          db.query(
            `SELECT e.* FROM device_events e WHERE ${where.join(' AND ')} ORDER BY e.time DESC, e.id DESC LIMIT 50`,
            params,
          ),
      };
    });
    lines.push(comparisonRow(c.name, 22, times, total.toLocaleString('en')));
  }
  if (cases.length > 0) {
    console.log(
      `\nevent list, one page of 50 newest first, 7-day periods, ${RUNS} runs each, ${EVENTS.toLocaleString('en')} events (ms)`,
    );
    console.log(comparisonHeading('filters', 22, 'list', 'total (bounded)'));
    for (const line of lines) console.log(line);
  }
  await benchEventMap(db, customer, end, args['map-runs']);
});
