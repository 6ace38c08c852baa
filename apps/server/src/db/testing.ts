// A fresh, migrated database for one test file: PGlite in memory by default, or a new database
// with a random name on the PostgreSQL server of DATABASE_URL (dropped again by `drop`).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from './client.ts';
import { migrate } from './migrate.ts';

export interface TestDatabase extends DatabaseHandle {
  /** The URL of the created database (PostgreSQL only). */
  url?: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({});
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
