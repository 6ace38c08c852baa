// npm run bench:list-export [-- --rows 100000 --every 10 --keep]
// Not a test: a long list read through as its export reads it, a page of EXPORT_PAGE_ROWS at a
// time, by OFFSET (the list's own paging) and by key (`readOn`: after the last row's key), side
// by side page for page in one run, so the load of the moment weighs on both alike. Lists: the
// vehicles (ordered by name, no index on it) and the audit log (newest first, on its index).
// Prints each measured page's milliseconds both ways and the last page's cost against the
// first's. Figures go into docs/decisions/2026-12-06-exports-and-inputs.md.
//
// A throwaway database on DATABASE_URL's PostgreSQL server (default the local one), migrated as
// the server migrates, holds one customer with `rows` vehicles and `rows` audit entries.
import { loadavg } from 'node:os';
import type { DatabaseHandle } from '../apps/server/src/db/client.ts';
import { listAudit } from '../apps/server/src/modules/audit/repository.ts';
import { listVehicles } from '../apps/server/src/modules/vehicles/repository.ts';
import { EVERY_CUSTOMER } from '../apps/server/src/platform/access.ts';
import { EXPORT_PAGE_ROWS } from '../apps/server/src/platform/listExports.ts';
import { type ReadingOn, readOn } from '../apps/server/src/platform/lists.ts';
import { benchArgs } from './bench-args.ts';
import { onThrowawayDatabase } from './bench-compare.ts';

const args = benchArgs({ rows: 100000, every: 10, keep: false });
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';

async function generate(db: DatabaseHandle): Promise<string> {
  const [customer] = await db.query<{ id: string }>(
    "INSERT INTO customers (stk_user, name, realm) VALUES ('benchlists', 'Bench Lists', 'fleet') RETURNING id",
  );
  const c = customer?.id as string;
  await db.query(
    `INSERT INTO vehicles (customer_id, name, introduce_date)
     SELECT $1, 'Vehicle ' || md5(v::text), current_date FROM generate_series(1, $2) v`,
    [c, args.rows],
  );
  await db.query(
    `INSERT INTO audit_log (created_at, actor_name, customer_id, entity, entity_id, action, after)
     SELECT now() - v * interval '1 minute', 'Bench', $1, 'vehicle', v::text, 'update', '{"n": 1}'
       FROM generate_series(1, $2) v`,
    [c, args.rows],
  );
  await db.query('VACUUM ANALYZE');
  return c;
}

type Page = (page: number) => Promise<{ list: unknown[] }>;

async function side(name: string, read: Page) {
  const pages = Math.ceil(args.rows / EXPORT_PAGE_ROWS);
  const state: ReadingOn = new Map();
  const lines: string[] = [];
  const first = { offset: 0, key: 0 };
  const last = { offset: 0, key: 0 };
  let total = { offset: 0, key: 0 };
  for (let page = 1; page <= pages; page++) {
    let at = performance.now();
    const byOffset = await read(page);
    const offset = performance.now() - at;
    at = performance.now();
    const byKey = await readOn(state, () => read(page));
    const key = performance.now() - at;
    if (byOffset.list.length !== byKey.list.length) throw new Error(`${name}: page ${page} differs`);
    total = { offset: total.offset + offset, key: total.key + key };
    if (page === 1) Object.assign(first, { offset, key });
    if (page === pages) Object.assign(last, { offset, key });
    if (page === 1 || page % args.every === 0 || page === pages)
      lines.push(
        `  page ${String(page).padStart(4)}   offset ${offset.toFixed(1).padStart(8)} ms   key ${key.toFixed(1).padStart(8)} ms`,
      );
  }
  console.log(`${name}: ${args.rows} rows, ${pages} pages of ${EXPORT_PAGE_ROWS}`);
  for (const line of lines) console.log(line);
  console.log(
    `  last page / first page: offset ×${(last.offset / first.offset).toFixed(1)}, key ×${(last.key / first.key).toFixed(1)}; ` +
      `all pages: offset ${(total.offset / 1000).toFixed(2)} s, key ${(total.key / 1000).toFixed(2)} s`,
  );
}

await onThrowawayDatabase(args.keep, async (db) => {
  const customer = await generate(db);
  console.log(
    `load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const scope = EVERY_CUSTOMER;
  await side('vehicles by name', (page) =>
    listVehicles(db, scope, { page, perPage: EXPORT_PAGE_ROWS, customer_id: customer, order_by: 'name' }),
  );
  await side('audit log, newest first', (page) =>
    listAudit(db, scope, { page, perPage: EXPORT_PAGE_ROWS, order: 'desc' } as never),
  );
  console.log(
    `load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
});
