// A fresh, migrated database for one test file: PGlite in memory by default (in `dataDir` when
// given, for a server process to open next), or a new database with a random name on the
// PostgreSQL server of DATABASE_URL (dropped again by `drop`).
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { listMigrations, migrate } from '../db/migrate.ts';
import { installQueueSchema } from '../platform/queue.ts';

export interface TestDatabase extends DatabaseHandle {
  /** The URL of the created database (PostgreSQL only). */
  url?: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(options: { dataDir?: string } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ template: await migratedPglite(), dataDir: options.dataDir });
    await migrate(handle);
    return { ...handle, drop: () => handle.close() };
  }
  const name = `fleetlens_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 4 });
  await migrate(handle);
  await installQueueSchema(handle);
  return {
    ...handle,
    url: url.toString(),
    drop: async () => {
      await handle.close();
      const again = new pg.Client({ connectionString: serverUrl });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

/**
 * A migrated PGlite data folder, as a tar made once per set of migrations and kept in the temp
 * folder. A new PGlite runs initdb, which starts a second PGlite and compiles initdb's
 * WebAssembly besides: most of what a test file waited for before its first test. Starting from
 * the tar skips all of it. Two test processes that make it at once both write it whole, and the
 * rename keeps either.
 */
async function migratedPglite(): Promise<Blob> {
  // PGlite's own version too: another release may lay out its data folder differently.
  const main = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const key = createHash('sha256').update(readFileSync(join(main, '../../package.json')));
  // pg-boss's too: the template holds its tables (installQueueSchema).
  key.update(readFileSync(join(createRequire(import.meta.url).resolve('pg-boss'), '../../package.json')));
  for (const m of listMigrations()) key.update(m.name).update(m.sql);
  const path = join(tmpdir(), `fleetlens-pglite-migrated-${key.digest('hex').slice(0, 16)}.tar`);
  try {
    return new Blob([await readFile(path)]);
  } catch {
    const handle = await openDatabase({});
    try {
      await migrate(handle);
      await installQueueSchema(handle);
      const dump = await (handle.dump as NonNullable<typeof handle.dump>)();
      const partial = `${path}.${randomBytes(4).toString('hex')}`;
      await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
      await rename(partial, path);
      return dump;
    } finally {
      await handle.close();
    }
  }
}
