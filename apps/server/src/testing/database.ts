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
  const template = await migratedPostgres(serverUrl);
  await onServer(serverUrl, (admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  const url = urlOf(serverUrl, name);
  const handle = await openDatabase({ url, poolSize: 4 });
  await migrate(handle);
  return {
    ...handle,
    url,
    drop: async () => {
      await handle.close();
      await onServer(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

const urlOf = (serverUrl: string, database: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
};

async function onServer<T>(serverUrl: string, body: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await body(admin);
  } finally {
    await admin.end();
  }
}

/** What a migrated database holds: PGlite's and pg-boss's releases and every migration. */
function schemaKey(withPglite: boolean): string {
  const require = createRequire(import.meta.url);
  const key = createHash('sha256');
  // PGlite's own version too: another release may lay out its data folder differently.
  if (withPglite)
    key.update(readFileSync(join(require.resolve('@electric-sql/pglite'), '../../package.json')));
  // pg-boss's too: the template holds its tables (installQueueSchema).
  key.update(readFileSync(join(require.resolve('pg-boss'), '../../package.json')));
  for (const m of listMigrations()) key.update(m.name).update(m.sql);
  return key.digest('hex').slice(0, 16);
}

/**
 * A migrated database on the PostgreSQL server, made once per set of migrations and kept there,
 * that each test file's database is created from (CREATE DATABASE … TEMPLATE copies it): running
 * some 150 migrations for each file was most of the PostgreSQL pass. Two test processes that
 * make it at once both build one under a name of their own; the rename keeps the first, the other
 * is dropped. Nothing stays connected to it, which copying it requires.
 */
async function migratedPostgres(serverUrl: string): Promise<string> {
  const template = `fleetlens_template_${schemaKey(false)}`;
  const exists = async () =>
    (await onServer(serverUrl, (a) => a.query('SELECT 1 FROM pg_database WHERE datname = $1', [template])))
      .rowCount === 1;
  if (await exists()) return template;
  const building = `${template}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, (admin) => admin.query(`CREATE DATABASE ${building}`));
  const handle = await openDatabase({ url: urlOf(serverUrl, building), poolSize: 1 });
  try {
    await migrate(handle);
    await installQueueSchema(handle);
  } finally {
    await handle.close();
  }
  await onServer(serverUrl, async (admin) => {
    try {
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${template}`);
    } catch (error) {
      // Another process named its own first (42P04: duplicate_database): use that one.
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      if ((error as { code?: string }).code !== '42P04') throw error;
    }
  });
  return template;
}

/**
 * A migrated PGlite data folder, as a tar made once per set of migrations and kept in the temp
 * folder. A new PGlite runs initdb, which starts a second PGlite and compiles initdb's
 * WebAssembly besides: most of what a test file waited for before its first test. Starting from
 * the tar skips all of it. Two test processes that make it at once both write it whole, and the
 * rename keeps either.
 */
async function migratedPglite(): Promise<Blob> {
  const path = join(tmpdir(), `fleetlens-pglite-migrated-${schemaKey(true)}.tar`);
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
