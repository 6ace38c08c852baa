// The summary from the stored sums (sums.repository.ts) against the plain computation over the
// readings and the operator hours themselves: the fleet, each group and each operator's share of
// every current reading (the hours counted on their local day in the time setting), and the unusual
// readings against the plain median of the 90 days before. Over two customers' vehicles with gaps
// between readings, refuels, corrections (a later version, a day put into a gap), and operators
// moved between days after the readings were saved; in time settings whose local midnight falls
// among the operator hours and outside them; each customer's scope and both. Then the migration's
// backfill, run again, leaves what the write paths kept.
import { readFileSync } from 'node:fs';
import {
  addDays,
  FUEL_ANOMALY_MIN_HOURS,
  FUEL_ANOMALY_SHARE,
  FUEL_MEDIAN_DAYS,
  FUEL_MEDIAN_MIN_READINGS,
  type FuelReportRow,
} from '@fleetlens/contracts';
import { describe, expect, it } from 'vitest';
import type { RequestAccess } from '../../platform/access.ts';
import { inScope } from '../../platform/tenancy.ts';
import { startHarness } from '../../testing/harness.ts';
import { perFile } from '../../testing/perFile.ts';
import { INSERT_OPERATOR_SQL, insertedId, insertGroup } from '../../testing/rows.ts';
import { sumOperatorVehicleDays } from '../drive-summary/figures.repository.ts';
import { fuelReportService } from './report.service.ts';
import { type NewVersion, writeVersions } from './repository.ts';

const h = perFile(startHarness);
const FIRST = '2026-01-05';
const DAYS = 40;
const round = (n: number) => Math.round(Number(n) * 100) / 100;
const author = (reason: string) => ({ userId: null, name: 'Test', reason, source: 'entry' as const });

let seed = 11;
const next = () => {
  seed = (seed * 48271) % 2147483647;
  return seed / 2147483647;
};

type Fleet = {
  customers: string[];
  vehicles: { id: string; customer: string }[];
  operators: Map<string, string[]>;
};

async function makeFleet(): Promise<Fleet> {
  const customers = [await h.companyId('harbor'), await h.addCompany('sumsco', 'Sums Co')];
  const vehicles: Fleet['vehicles'] = [];
  const operators = new Map<string, string[]>();
  for (const [c, customer] of customers.entries()) {
    const groups = [await insertGroup(h.database, 'vehicle_groups', customer, `Sums ${c} yard`), null];
    for (let v = 0; v < 3; v++) {
      const id = await h.addVehicle(customer, `Sums ${c}-${v}`);
      await h.database.query('UPDATE vehicles SET group_id = $2 WHERE id = $1', [id, groups[v % 2]]);
      vehicles.push({ id, customer });
    }
    const ids = [];
    for (let o = 0; o < 4; o++)
      ids.push(
        await insertedId(h.database, INSERT_OPERATOR_SQL, [
          customer,
          `S${c}-${o}`,
          `Op${o}`,
          `Sums${c}`,
          null,
        ]),
      );
    operators.set(customer, ids);
  }
  return { customers, vehicles, operators };
}

/** Readings on about three days in four: a meter that gains 0–12 h, 3–6 L/h, a refuel when low. */
function readingsOf(customer: string, vehicle: string): NewVersion[] {
  const rows: NewVersion[] = [];
  let meter = 500;
  let remaining = 80;
  for (let d = 0; d < DAYS; d++) {
    if (d > 0 && next() < 0.25) continue;
    const hours = d === 0 ? 0 : Math.round(next() * 120) / 10;
    const used = Math.round(hours * (3 + next() * 3) * 10) / 10;
    const received = remaining - used < 15 ? 100 : 0;
    meter = Math.round((meter + hours) * 10) / 10;
    remaining = Math.round((remaining + received - used) * 10) / 10;
    rows.push({
      customer_id: customer,
      vehicle_id: vehicle,
      day: addDays(FIRST, d),
      received_l: received,
      hour_meter: meter,
      remaining_l: remaining,
    });
  }
  return rows;
}

/** Operator hours of a vehicle's day: 0–4 distinct UTC hours, midnight's among them, 10–60 min each. */
async function signOn(fleet: Fleet, vehicle: { id: string; customer: string }, day: string) {
  const ops = fleet.operators.get(vehicle.customer) as string[];
  const hours = new Set<number>();
  for (let n = Math.floor(next() * 5); n > 0; n--)
    hours.add([0, 1, 8, 12, 22, 23][Math.floor(next() * 6)] as number);
  for (const hour of hours)
    await h.database.query(
      `INSERT INTO operator_hour_figures (customer_id, operator_id, vehicle_id, hour, operating_seconds)
       VALUES ($1, $2, $3, $4, $5)`,
      [
        vehicle.customer,
        ops[Math.floor(next() * ops.length)],
        vehicle.id,
        `${day}T${String(hour).padStart(2, '0')}:00:00Z`,
        600 + Math.floor(next() * 3000),
      ],
    );
}

/** What the figures job does after writing a vehicle's operator hours of these days. */
const figuresJob = (vehicle: { id: string; customer: string }, from: string, to: string) =>
  h.database.transaction((tx) =>
    sumOperatorVehicleDays(tx, [
      {
        customerId: vehicle.customer,
        vehicleId: vehicle.id,
        from: new Date(`${from}T00:00:00Z`),
        to: new Date(`${addDays(to, 1)}T00:00:00Z`),
      },
    ]),
  );

type Query = { customers: string[]; start: string; end: string; vehicles: string[]; timesetting: number };

/** The summary as the plain computation gives it: straight from the readings and the operator hours. */
async function plainly(q: Query) {
  const params = [q.customers, q.start, q.end, q.vehicles];
  const where = `f.is_current AND f.customer_id = ANY($1::uuid[]) AND f.day BETWEEN $2::date AND $3::date
                 AND (cardinality($4::uuid[]) = 0 OR f.vehicle_id = ANY($4::uuid[]))`;
  const groups = await h.database.query<Record<string, number | string | null>>(
    `SELECT CASE WHEN grouping(v.group_id) = 1 THEN NULL ELSE coalesce(v.group_id::text, '') END AS id,
            coalesce(sum(f.received_l), 0) AS received_l, coalesce(sum(f.working_hours), 0) AS working_hours,
            coalesce(sum(f.consumption_l), 0) AS consumption_l
       FROM fuel_results f JOIN vehicles v ON v.customer_id = f.customer_id AND v.id = f.vehicle_id
      WHERE ${where} GROUP BY GROUPING SETS ((v.group_id), ())`,
    params,
  );
  const operators = await h.database.query<Record<string, number | string | null>>(
    `SELECT s.operator_id::text AS id, sum(f.received_l * s.share) AS received_l,
            sum(f.working_hours * s.share) AS working_hours, sum(f.consumption_l * s.share) AS consumption_l
       FROM fuel_results f
       JOIN LATERAL (
         SELECT o.operator_id, sum(o.operating_seconds) / sum(sum(o.operating_seconds)) OVER () AS share
           FROM operator_hour_figures o
          WHERE o.customer_id = f.customer_id AND o.vehicle_id = f.vehicle_id
            AND ((o.hour AT TIME ZONE 'UTC') + make_interval(hours => $5))::date > f.previous_day
            AND ((o.hour AT TIME ZONE 'UTC') + make_interval(hours => $5))::date <= f.day
          GROUP BY o.operator_id HAVING sum(o.operating_seconds) > 0) s ON true
      WHERE ${where} AND f.previous_day IS NOT NULL GROUP BY s.operator_id`,
    [...params, Math.floor(q.timesetting / 60)],
  );
  const unusual = await h.database.query<{ vehicle_id: string; day: string; median: number }>(
    `SELECT * FROM (
       SELECT f.vehicle_id, to_char(f.day, 'YYYY-MM-DD') AS day, f.working_hours, f.consumption_l,
              (SELECT CASE WHEN count(*) >= $7 THEN percentile_cont(0.5) WITHIN GROUP (ORDER BY b.consumption_l / b.working_hours) END
                 FROM fuel_results b
                WHERE b.customer_id = f.customer_id AND b.vehicle_id = f.vehicle_id AND b.is_current
                  AND b.day >= f.day - $6::int AND b.day < f.day AND b.working_hours >= $5) AS median
         FROM fuel_results f WHERE ${where} AND f.working_hours >= $5) r
      WHERE r.median > 0 AND abs((r.consumption_l / r.working_hours - r.median) / r.median) >= $8`,
    [...params, FUEL_ANOMALY_MIN_HOURS, FUEL_MEDIAN_DAYS, FUEL_MEDIAN_MIN_READINGS, FUEL_ANOMALY_SHARE],
  );
  const row = (r: Record<string, number | string | null>) =>
    [
      r.id,
      round(r.received_l as number),
      round(r.working_hours as number),
      round(r.consumption_l as number),
    ].join(' ');
  return {
    groups: groups.map(row).sort(),
    operators: operators.map(row).sort(),
    unusual: unusual.map((u) => `${u.vehicle_id} ${u.day} ${round(u.median)}`).sort(),
  };
}

async function stored(q: Query) {
  const access = { customerIds: q.customers, inScope } as unknown as RequestAccess;
  const report = await fuelReportService(h.database).report(access, {
    kind: 'summary',
    start: q.start,
    end: q.end,
    vehicle_ids: q.vehicles,
    timesetting: q.timesetting,
  });
  const row = (r: FuelReportRow) => [r.id, r.received_l, r.working_hours, r.consumption_l].join(' ');
  return {
    groups: report.rows
      .filter((r) => r.subject !== 'operator')
      .map(row)
      .sort(),
    operators: report.rows
      .filter((r) => r.subject === 'operator')
      .map(row)
      .sort(),
    unusual: report.anomalies.map((a) => `${a.vehicle_id} ${a.day} ${a.median}`).sort(),
  };
}

async function compareAll(fleet: Fleet) {
  const [a, b] = fleet.customers as [string, string];
  const scopes = [[a], [b], [a, b]];
  const periods = [
    [FIRST, addDays(FIRST, DAYS - 1)],
    [addDays(FIRST, 9), addDays(FIRST, 20)],
  ];
  let operatorRows = 0;
  let unusual = 0;
  for (const customers of scopes)
    for (const [start, end] of periods)
      for (const timesetting of [0, 540, -600, 780, -300, 330, -720, 840])
        for (const vehicles of [[], [fleet.vehicles[1]?.id as string, fleet.vehicles[4]?.id as string]]) {
          const q = { customers, start: start as string, end: end as string, vehicles, timesetting };
          const expected = await plainly(q);
          operatorRows += expected.operators.length;
          unusual += expected.unusual.length;
          expect(await stored(q), JSON.stringify(q)).toEqual(expected);
        }
  expect(operatorRows).toBeGreaterThan(100);
  expect(unusual).toBeGreaterThan(0);
}

describe('the fuel summary from stored sums', () => {
  it('answers as the plain computation over readings and operator hours, through corrections and operator changes', async () => {
    const fleet = await makeFleet();
    const saved = new Map<string, NewVersion[]>();
    for (const vehicle of fleet.vehicles) {
      const rows = readingsOf(vehicle.customer, vehicle.id);
      saved.set(vehicle.id, rows);
      await h.database.transaction((tx) => writeVersions(tx, rows, author('')));
      for (let d = -1; d <= DAYS; d++) await signOn(fleet, vehicle, addDays(FIRST, d));
      await figuresJob(vehicle, addDays(FIRST, -1), addDays(FIRST, DAYS));
    }
    const refuels = await h.database.query(
      'SELECT 1 FROM fuel_results WHERE received_l > 0 AND previous_day IS NOT NULL',
    );
    expect(refuels.length).toBeGreaterThan(5);
    await compareAll(fleet);

    // Corrections: a later version of a day (more received, as much more left), and a day put
    // into a gap with no refuel after it, halving the span's consumption.
    for (const vehicle of fleet.vehicles.slice(0, 4)) {
      const rows = saved.get(vehicle.id) as NewVersion[];
      const fix = rows[5] as NewVersion;
      const gap = rows.findIndex(
        (r, i) => i > 1 && r.received_l === 0 && r.day !== addDays((rows[i - 1] as NewVersion).day, 1),
      );
      expect(gap).toBeGreaterThan(1);
      const p = rows[gap - 1] as NewVersion;
      const d = rows[gap] as NewVersion;
      const entries = [
        { ...fix, received_l: fix.received_l + 5, remaining_l: fix.remaining_l + 5 },
        {
          ...p,
          day: addDays(p.day, 1),
          received_l: 0,
          hour_meter: (p.hour_meter + d.hour_meter) / 2,
          remaining_l: (p.remaining_l + d.remaining_l) / 2,
        },
      ];
      await h.database.transaction((tx) => writeVersions(tx, entries, author('Misread')));
    }
    // Operators moved: a vehicle's week signed on anew, and another's single day.
    for (const [vehicle, from, to] of [
      [fleet.vehicles[4], addDays(FIRST, 10), addDays(FIRST, 16)],
      [fleet.vehicles[1], addDays(FIRST, 21), addDays(FIRST, 21)],
    ] as const) {
      if (!vehicle) throw new Error('no vehicle');
      await h.database.query(
        `DELETE FROM operator_hour_figures WHERE vehicle_id = $1
          AND hour >= $2::timestamp AT TIME ZONE 'UTC' AND hour < ($3::date + 1)::timestamp AT TIME ZONE 'UTC'`,
        [vehicle.id, from, to],
      );
      for (let day = from; day <= to; day = addDays(day, 1)) await signOn(fleet, vehicle, day);
      await figuresJob(vehicle, from, to);
    }
    const versions = await h.database.query('SELECT 1 FROM fuel_results WHERE version > 1');
    expect(versions.length).toBe(4);
    await compareAll(fleet);
    const negative = await h.database.query('SELECT 1 FROM fuel_operator_parts WHERE consumption_l < 0');
    expect(negative).toEqual([]);

    // The migration's backfill over the same rows leaves what the write paths kept.
    const snapshot = () =>
      Promise.all(
        [
          'SELECT customer_id, vehicle_id, day, previous_day, received_l, working_hours, consumption_l, round(median_l_per_h::numeric, 9) AS m FROM fuel_day_sums',
          'SELECT customer_id, vehicle_id, day, operator_id, round(received_l::numeric, 9) AS r, round(working_hours::numeric, 9) AS w, round(consumption_l::numeric, 9) AS c FROM fuel_operator_parts',
          'SELECT * FROM fuel_operated_days',
        ].map((sql) => h.database.query(`${sql} ORDER BY 1, 2, 3, 4`)),
      );
    const kept = await snapshot();
    const sql = readFileSync(new URL('../../db/migrations/0120_fuel_sums.sql', import.meta.url), 'utf8');
    const backfill = sql.slice(
      sql.indexOf('INSERT INTO fuel_day_sums'),
      sql.indexOf('ALTER TABLE fuel_results'),
    );
    await h.database.query('DELETE FROM fuel_day_sums');
    await h.database.query('DELETE FROM fuel_operated_days');
    for (const statement of backfill.split(/;\s*\n/).map((s) => s.trim()))
      if (statement.replace(/--.*$/gm, '').trim()) await h.database.query(statement);
    expect(await snapshot()).toEqual(kept);
    expect(kept[1]?.length).toBeGreaterThan(100);
  });
});
