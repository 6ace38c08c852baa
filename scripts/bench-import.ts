// npm run bench:import [-- --lines 1000000 --pglite --keep]
// Not a test: a basic info import (modules/migrations) of a vehicle CSV of `lines` lines (with a
// one-line operator and device file), on a throwaway database (DATABASE_URL's PostgreSQL server,
// default the local one; --pglite: the embedded engine in this process). It prints
// - the check (the dry run: every line read, judged by the form's schema and against the company,
//   nothing written) — goal ≤ 30 s for 1 M lines;
// - the import (the check again, then the write a part at a time, each part's range of ids
//   recorded, two parts in flight on two connections) — goal ≤ 60 s;
// - this process's peak memory above what it held before each (resident set) — goal ≤ 150 MB;
// and beside them, raw: reading the file's records alone, and one INSERT … SELECT of as many
// vehicles from generate_series, the database's own ceiling. The machine's load goes beside them.
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { csvRecords } from '../apps/server/src/modules/migrations/csv.ts';
import { migrationService } from '../apps/server/src/modules/migrations/service.ts';
import type { JobQueue } from '../apps/server/src/platform/queue.ts';
import type { ObjectStorage } from '../apps/server/src/platform/storage.ts';
import { createTestDatabase } from '../apps/server/src/testing/database.ts';
import { benchArgs } from './bench-args.ts';
import { measured } from './bench-memory.ts';

const args = benchArgs({ lines: 1_000_000, pglite: false, keep: false });
if (!args.pglite) process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
else delete process.env.DATABASE_URL;

const dir = await mkdtemp(join(tmpdir(), 'bench-import-'));
const pathOf = (key: string) => join(dir, key.replaceAll('/', '_'));
// Files on local disk: what the local object storage does, without its signing and keys.
const storage = {
  kind: 'local',
  put: async (key: string, body: Readable) => pipeline(body, createWriteStream(pathOf(key))),
  stream: async (key: string) => createReadStream(pathOf(key), { highWaterMark: 256 * 1024 }),
  delete: async (key: string) => rm(pathOf(key), { force: true }),
} as unknown as ObjectStorage;

async function writeFile(key: string, lines: Iterable<string>) {
  const out = createWriteStream(pathOf(key));
  for (const line of lines) if (!out.write(`${line}\n`)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}
function* vehicleLines() {
  yield 'name,introduce_date,serial_number,weight_kg,vehicle_type,remark';
  for (let i = 1; i <= args.lines; i += 1)
    yield `Bench Forklift ${String(i).padStart(7, '0')},2024-04-01,SN-${i},${1000 + (i % 2000)},counter,imported`;
}
await writeFile('vehicle.csv', vehicleLines());
await writeFile('operator.csv', [
  'operator_code,first_name,last_name,birth_date,address,license_number,license_received_on,license_valid_till,license_location,phone',
  'BENCH-1,Aiko,Sato,1990-01-01,Tokyo,L-1,2010-01-01,2030-01-01,Tokyo,090-1111-2222',
]);
await writeFile('device.csv', [
  'device_id,device_type,channel_number,vehicle,camera_1',
  '8800000001,dv426,1,Bench Forklift 0000001,BENCHCAM1',
]);
const bytes = (await stat(pathOf('vehicle.csv'))).size;

const db = await createTestDatabase();
try {
  const [customer] = await db.query<{ id: string }>(
    "INSERT INTO customers (stk_user, name, realm) VALUES ('benchimport', 'Bench Import', 'fleet') RETURNING id",
  );
  const [user] = await db.query<{ id: string }>(
    `INSERT INTO users (customer_id, username, email, first_name, sys_role, password_hash)
     VALUES ($1, 'benchimport', 'bench@import.test', 'Bench', 'support', 'x') RETURNING id`,
    [customer?.id],
  );
  const c = customer?.id as string;
  const service = migrationService(db, storage, {} as JobQueue);
  const files = (['vehicle', 'operator', 'device'] as const).map((kind) => ({
    kind,
    name: `${kind}.csv`,
    key: `${kind}.csv`,
  }));
  const access = {
    principal: { userId: user?.id },
    mustUseCustomer: async () => {},
    mustSee: () => {},
  } as never;
  (storage as unknown as { readStart: unknown }).readStart = async (key: string, length: number) => {
    const chunks: Buffer[] = [];
    for await (const chunk of createReadStream(pathOf(key), { start: 0, end: length - 1 }))
      chunks.push(chunk);
    return Buffer.concat(chunks);
  };
  const runOnce = async (dryRun: boolean) => {
    const created = await service.create(access, c, files, 'en');
    await db.query("UPDATE migration_imports SET status = 'processing', dry_run = $2 WHERE id = $1", [
      created.id,
      dryRun,
    ]);
    const out = await service.run({
      id: 'bench',
      data: { importId: created.id },
      customerId: c,
      attempt: 0,
      signal: new AbortController().signal,
      progress: async () => {},
      withConnection: (body) => body(db),
    });
    return out as { total: number; success: number; failure: number; written: number };
  };

  const engine = args.pglite ? 'PGlite (in this process)' : 'PostgreSQL';
  console.log(
    `bench:import — ${args.lines.toLocaleString('en')} vehicle lines (${(bytes / 1e6).toFixed(0)} MB), ${engine}`,
  );
  let records = 0;
  const raw = await measured(async () => {
    for await (const _ of csvRecords(createReadStream(pathOf('vehicle.csv'), { highWaterMark: 256 * 1024 })))
      records += 1;
  }, 50);
  let counts = { total: 0, success: 0, failure: 0, written: 0 };
  const check = await measured(async () => {
    counts = await runOnce(true);
  }, 50);
  console.log(
    `check (dry run):  ${(check.ms / 1000).toFixed(1)} s, +${check.growthMb.toFixed(0)} MB   (goal ≤ 30 s, ≤ 150 MB; ` +
      `raw read of the ${records} records ${(raw.ms / 1000).toFixed(1)} s, +${raw.growthMb.toFixed(0)} MB) — ${counts.total} lines, ${counts.failure} bad`,
  );
  const write = await measured(async () => {
    counts = await runOnce(false);
  }, 50);
  const [{ n } = { n: 0 }] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM vehicles WHERE customer_id = $1',
    [c],
  );
  const rawInsert = await measured(
    () =>
      db.query(
        `INSERT INTO vehicles (customer_id, name, introduce_date, serial_number, weight_kg)
       SELECT $1, 'Raw ' || i, '2024-04-01', 'SN-' || i, 1000 + i % 2000 FROM generate_series(1, $2) i`,
        [c, args.lines],
      ),
    50,
  );
  console.log(
    `import:           ${(write.ms / 1000).toFixed(1)} s, +${write.growthMb.toFixed(0)} MB   (goal ≤ 60 s, ≤ 150 MB; ` +
      `raw INSERT … SELECT of as many ${(rawInsert.ms / 1000).toFixed(1)} s) — ${n} vehicles written`,
  );
  const [one, five] = loadavg();
  console.log(
    `load average ${one?.toFixed(1)} (5 min ${five?.toFixed(1)}) on ${availableParallelism()} cores`,
  );
} finally {
  if (!args.keep) await db.drop();
  await rm(dir, { recursive: true, force: true });
}
