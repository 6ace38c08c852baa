// npm run bench [-- --vehicles 10000 --operators 20000 --runs 200 --engines postgres,pglite]
// Not a test: the vehicle list's cost through our whole stack (HTTP via fastify.inject, token
// check, guard, tenancy, validation, SQL, envelope) beside the same statements run raw through
// the driver in the same run; the ratio is the stack's overhead. Each engine
// gets a fresh database (PostgreSQL: a throwaway database on DATABASE_URL, default the local
// server) filled with the given vehicles and operators in one customer.
import { vehicleListQuerySchema, vehicleUpdateSchema } from '@fleetlens/contracts';
import { findVehicle, vehicleListSql } from '../apps/server/src/modules/vehicles/repository.ts';
import { inScope } from '../apps/server/src/platform/tenancy.ts';
import { bearer, startHarness, tokenOf } from '../apps/server/src/testing/harness.ts';
import { benchArgs } from './bench-args.ts';
import { percentile } from './bench-compare.ts';
import { fillCustomer } from './fill-customer.ts';

const values = benchArgs({ vehicles: 10000, operators: 20000, runs: 200, engines: 'postgres,pglite' });
const VEHICLES = values.vehicles;
const OPERATORS = values.operators;
const RUNS = values.runs;
const POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function measure(run: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < Math.min(20, RUNS); i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return samples;
}

type Line = { engine: string; what: string; stack: number[]; raw: number[] };
const lines: Line[] = [];

async function benchEngine(engine: 'postgres' | 'pglite') {
  if (engine === 'postgres') process.env.DATABASE_URL = POSTGRES_URL;
  else delete process.env.DATABASE_URL;
  const h = await startHarness();
  try {
    const [harbor] = await h.database.query<{ id: string }>(
      "SELECT id FROM customers WHERE stk_user = 'harbor'",
    );
    const customerId = harbor?.id ?? '';
    const started = Date.now();
    await fillCustomer(h.database, customerId, {
      vehicles: VEHICLES,
      operators: OPERATORS,
      progress: (what, done, total) => {
        if (done % 5000 === 0) console.log(`  ${engine}: ${what} ${done} of ${total}`);
      },
    });
    await h.database.query('ANALYZE');
    console.log(
      `${engine}: ${VEHICLES} vehicles, ${OPERATORS} operators in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );

    // The manager of Harbor Logistics: a customer's user, so tenancy scoping is part of the cost.
    await h.database.query(
      "UPDATE roles SET privileges = privileges || '{vehicle:view,vehicle:edit}' WHERE name = 'Fleet manager'",
    );
    const token = await tokenOf(h.app, 'manager');
    const headers = { ...bearer(token), 'accept-language': 'en' };
    const customerIds = (
      await h.database.query<{ id: string }>('SELECT id FROM customers WHERE id = $1 OR parent_id = $1', [
        customerId,
      ])
    ).map((r) => r.id);
    const scope = { customerIds, inScope };

    // The list: a page of 50 (the third when there are that many), sorted by current uptime,
    // filtered by type and searched.
    const filters = 'order_by=current_uptime_hours&order=desc&vehicle_type=counter&filter=v-';
    const first = await h.app.inject({ url: `/api/v1/vehicles?perPage=50&${filters}`, headers });
    if (first.statusCode !== 200 || first.json().data.list.length === 0)
      throw new Error(`list answered ${first.statusCode}: ${first.body.slice(0, 200)}`);
    const page = first.json().data.total >= 150 ? 3 : 1;
    const listUrl = `/api/v1/vehicles?perPage=50&page=${page}&${filters}`;
    const listQuery = vehicleListQuerySchema.parse({
      perPage: '50',
      page: String(page),
      order_by: 'current_uptime_hours',
      order: 'desc',
      vehicle_type: 'counter',
      filter: 'v-',
    });
    const check = await h.app.inject({ url: listUrl, headers });
    if (check.json().data.list.length === 0) throw new Error('the measured page is empty');
    const sql = vehicleListSql(scope, listQuery);
    lines.push({
      engine,
      what: 'vehicle list (50, sorted, filtered)',
      stack: await measure(() => h.app.inject({ url: listUrl, headers })),
      raw: await measure(async () => {
        await h.database.query(sql.page, sql.pageParams);
        await h.database.query(sql.count, sql.countParams);
      }),
    });

    const vehicle = first.json().data.list[0] as { id: string };
    lines.push({
      engine,
      what: "vehicle's detail",
      stack: await measure(() => h.app.inject({ url: `/api/v1/vehicles/${vehicle.id}`, headers })),
      raw: await measure(() => findVehicle(h.database, scope, vehicle.id)),
    });

    const full = (await h.app.inject({ url: `/api/v1/vehicles/${vehicle.id}`, headers })).json().data;
    const body = vehicleUpdateSchema.parse({
      ...Object.fromEntries(Object.keys(vehicleUpdateSchema.shape).map((k) => [k, full[k]])),
      group_id: full.group?.id ?? null,
      manufacturer_id: full.manufacturer?.id ?? null,
      model_id: full.model?.id ?? null,
    });
    let n = 0;
    const saved = await h.app.inject({
      method: 'PUT',
      url: `/api/v1/vehicles/${vehicle.id}`,
      headers,
      payload: body,
    });
    if (saved.statusCode !== 200)
      throw new Error(`save answered ${saved.statusCode}: ${saved.body.slice(0, 200)}`);
    lines.push({
      engine,
      what: 'vehicle save',
      stack: await measure(() =>
        h.app.inject({
          method: 'PUT',
          url: `/api/v1/vehicles/${vehicle.id}`,
          headers,
          payload: { ...body, remark: `bench ${n++}` },
        }),
      ),
      raw: await measure(() =>
        h.database.query('UPDATE vehicles SET remark = $2, updated_at = now() WHERE id = $1 RETURNING id', [
          vehicle.id,
          `raw ${n++}`,
        ]),
      ),
    });
  } finally {
    await h.close();
  }
}

for (const engine of values.engines.split(',') as ('postgres' | 'pglite')[]) await benchEngine(engine);

const ms = (v: number) => `${v.toFixed(1)} ms`.padStart(9);
console.log(
  `\n${VEHICLES} vehicles, ${OPERATORS} operators in one customer; ${RUNS} runs each after warm-up`,
);
console.log(
  `${'engine'.padEnd(9)}${'call'.padEnd(38)}${'p50'.padStart(9)}${'p95'.padStart(9)}${'raw p95'.padStart(9)}  ratio`,
);
for (const l of lines) {
  const p95 = percentile(l.stack, 95);
  const raw = percentile(l.raw, 95);
  console.log(
    `${l.engine.padEnd(9)}${l.what.padEnd(38)}${ms(percentile(l.stack, 50))}${ms(p95)}${ms(raw)}  ${(p95 / raw).toFixed(1)}×`,
  );
}
const pgList = lines.find((l) => l.engine === 'postgres' && l.what.startsWith('vehicle list'));
if (pgList) {
  const p95 = percentile(pgList.stack, 95);
  const ratio = p95 / percentile(pgList.raw, 95);
  console.log(
    `\nPostgreSQL vehicle list p95 ${p95.toFixed(1)} ms (goal < 50 ms): ${p95 < 50 ? 'met' : 'NOT met'}; ` +
      `${ratio.toFixed(1)}× the raw query (goal ≤ 3×): ${ratio <= 3 ? 'met' : 'NOT met'}`,
  );
}
