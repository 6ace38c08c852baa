// npm run bench:rules [-- --zones 1000 --devices 1000 --positions 100000 --batch 500 --keep]
// Not a test: what the site safety zones' rules add to ingestion (docs/decisions/2026-12-07-zones.md).
// One customer with `zones` zones (octagons of 20 to 60 m over a 2 km site, every one with a speed
// limit, one in ten no-entry, one in ten a dwell limit) and `devices` vehicles driving about the
// site. The positions go in batches of `batch`, as the device link commits them: first the
// ingestion's own write of a batch (modules/device-link: insert the positions, update each
// device's last position, in one transaction), then the zones' evaluation of the same batch
// (modules/zones: index, point in polygon, stays, breaches stored as events), each timed. It
// prints both totals and the share the rules add (goal: at most 10 %). A throwaway database on
// DATABASE_URL's PostgreSQL server (default the local one), migrated as the server migrates.
import type { DevicePosition } from '@fleetlens/contracts';
import {
  insertPositions,
  type Stored,
  updateLastPositions,
} from '../apps/server/src/modules/device-link/repository.ts';
import { evaluateFix, newDeviceStays } from '../apps/server/src/modules/zones/evaluate.ts';
import { ZoneEvaluator } from '../apps/server/src/modules/zones/evaluator.ts';
import { benchArgs } from './bench-args.ts';
import { onThrowawayDatabase, percentile } from './bench-compare.ts';

const args = benchArgs({ zones: 1000, devices: 1000, positions: 100_000, batch: 500, keep: false });
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';

// A fixed pseudo-random sequence: every run drives the same fleet through the same zones.
let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const SITE = { lng: 139.77, lat: 35.62 };
const M_LNG = 1 / 90_000; // about a metre of longitude at 35.6° N
const M_LAT = 1 / 111_000;

await onThrowawayDatabase(args.keep, async (db) => {
  const [customer] = await db.query<{ id: string }>(
    "INSERT INTO customers (stk_user, name, realm) VALUES ('benchrules', 'Bench Rules', 'fleet') RETURNING id",
  );
  const c = customer?.id as string;
  await db.query(
    `INSERT INTO vehicles (customer_id, name, introduce_date)
     SELECT $1, 'Vehicle ' || lpad(v::text, 5, '0'), current_date - 400 FROM generate_series(1, $2) v`,
    [c, args.devices],
  );
  const devices = await db.query<{ pk: string; deviceId: string; vehicleId: string }>(
    `INSERT INTO devices (customer_id, device_id, device_type, vehicle_id, channel_number,
       acceleration_threshold, acceleration_duration, deceleration_threshold, deceleration_duration,
       impact_threshold, impact_duration, quick_handle_threshold, quick_handle_duration)
     SELECT $1, '77' || lpad(row_number() OVER (ORDER BY id)::text, 9, '0'), 'dv426', id, 1, 0.35, 300, 0.4, 300, 1, 100, 0.35, 300
       FROM vehicles WHERE customer_id = $1
     RETURNING id AS pk, device_id AS "deviceId", vehicle_id AS "vehicleId"`,
    [c],
  );
  for (let z = 0; z < args.zones; z += 1) {
    const centre = [SITE.lng + random() * 2000 * M_LNG, SITE.lat + random() * 2000 * M_LAT];
    const radius = 20 + random() * 40;
    const ring = Array.from({ length: 8 }, (_, k) => [
      (centre[0] as number) + Math.cos((k * Math.PI) / 4) * radius * M_LNG,
      (centre[1] as number) + Math.sin((k * Math.PI) / 4) * radius * M_LAT,
    ]);
    const rules: object[] = [{ type: 'speed-limit', speed_kmh: 10 }];
    if (z % 10 === 0) rules.push({ type: 'no-entry' });
    if (z % 10 === 5) rules.push({ type: 'dwell', minutes: 2 });
    await db.query(
      `INSERT INTO zones (customer_id, name, kind, polygon, rules) VALUES ($1, $2, 'pedestrian', $3::jsonb, $4::jsonb)`,
      [
        c,
        `Zone ${z}`,
        JSON.stringify({ type: 'Polygon', coordinates: [[...ring, ring[0]]] }),
        JSON.stringify(rules),
      ],
    );
  }

  // Each vehicle drives about the site, a position a second, 0 to 20 km/h.
  const where = devices.map(() => [SITE.lng + random() * 2000 * M_LNG, SITE.lat + random() * 2000 * M_LAT]);
  const start = Date.now() - 3 * 60 * 60 * 1000;
  const positions: Stored<DevicePosition>[] = [];
  for (let i = 0; i < args.positions; i += 1) {
    const d = i % devices.length;
    const device = devices[d] as (typeof devices)[number];
    const at = where[d] as number[];
    at[0] = (at[0] as number) + (random() - 0.5) * 10 * M_LNG;
    at[1] = (at[1] as number) + (random() - 0.5) * 10 * M_LAT;
    positions.push({
      device: { pk: device.pk, deviceId: device.deviceId, customerId: c, vehicleId: device.vehicleId },
      body: {
        id: `b${i}`,
        time: new Date(start + Math.floor(i / devices.length) * 1000).toISOString(),
        lng: at[0] as number,
        lat: at[1] as number,
        speed: Math.round(random() * 200) / 10,
        direction: Math.floor(random() * 360),
      },
    });
  }

  const evaluator = new ZoneEvaluator({ database: db, log: console, eventsMade: () => {} });
  await evaluator.zonesOf(c); // loaded once, as after the first position
  const ingest: number[] = [];
  const rules: number[] = [];
  let breaches = 0;
  for (let i = 0; i < positions.length; i += args.batch) {
    const batch = positions.slice(i, i + args.batch);
    let t = performance.now();
    const stored = await db.transaction(async (tx) => {
      const added = await insertPositions(tx, batch);
      const newest = new Map<string, Stored<DevicePosition>>();
      for (const p of added) newest.set(p.device.pk, p);
      await updateLastPositions(tx, [...newest.values()]);
      return added;
    });
    ingest.push(performance.now() - t);
    t = performance.now();
    breaches += (await evaluator.evaluate(stored)).length;
    rules.push(performance.now() - t);
  }
  // The same positions again, in memory only (fresh stays, nothing stored): the evaluation's own
  // share of the rules' time, the rest being the breaches' INSERT.
  const zoneSet = await evaluator.zonesOf(c);
  const stays = new Map(devices.map((d) => [d.pk, newDeviceStays()]));
  const inMemory = performance.now();
  for (const p of positions)
    evaluateFix(zoneSet, stays.get(p.device.pk) ?? newDeviceStays(), {
      time: Date.parse(p.body.time),
      lng: p.body.lng,
      lat: p.body.lat,
      speed: p.body.speed,
      direction: p.body.direction,
    });
  const evaluationMs = performance.now() - inMemory;
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  console.log(`bench:rules — ${args.zones} zones, ${args.devices} vehicles, ${positions.length} positions in batches of ${args.batch}
  ingestion's write of a batch   p50 ${ms(percentile(ingest, 50))}  p95 ${ms(percentile(ingest, 95))}  total ${ms(sum(ingest))}
  zone rules of the same batch   p50 ${ms(percentile(rules, 50))}  p95 ${ms(percentile(rules, 95))}  total ${ms(sum(rules))}
  of which the evaluation in memory ${ms(evaluationMs)}, the rest storing ${breaches} breaches as events
  rules add ${((100 * sum(rules)) / sum(ingest)).toFixed(1)} % to the ingestion's server time (goal ≤ 10 %); in memory alone ${((100 * evaluationMs) / sum(ingest)).toFixed(1)} %
  (${((sum(rules) * 1000) / positions.length).toFixed(1)} µs of rules per position; bench:ingest measures the whole path)`);
});
