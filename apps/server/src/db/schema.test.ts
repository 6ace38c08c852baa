// The SQL migrations are the truth; schema.ts mirrors them for Drizzle. This fails when a
// migration adds, drops or changes a column (name, nullability) that schema.ts does not follow,
// and checks that migrating twice changes nothing.
import { getTableColumns, getTableName, type Table } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';
import { migrate } from './migrate.ts';
import * as schema from './schema.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.drop());

const tables = (Object.values(schema) as unknown[]).filter(
  (value): value is PgTable => value instanceof PgTable,
);

describe('schema.ts against the migrated database', () => {
  it('mirrors every table of the migrations', async () => {
    const rows = await database.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_name <> 'schema_migrations'
          AND table_name NOT IN (SELECT relname FROM pg_class WHERE relispartition)`,
    );
    expect(tables.map((t) => getTableName(t as Table)).sort()).toEqual(rows.map((r) => r.table_name).sort());
  });

  for (const table of tables) {
    const name = getTableName(table as Table);
    it(`${name}: same columns and nullability`, async () => {
      const rows = await database.query<{ column_name: string; is_nullable: string }>(
        `SELECT column_name, is_nullable FROM information_schema.columns
          WHERE table_schema = 'public' AND table_name = $1`,
        [name],
      );
      const inDatabase = Object.fromEntries(rows.map((r) => [r.column_name, r.is_nullable === 'NO']));
      const inSchema = Object.fromEntries(
        Object.values(getTableColumns(table)).map((c) => [c.name, c.notNull || c.primary]),
      );
      expect(inSchema).toEqual(inDatabase);
    });
  }

  it('applies each migration once', async () => {
    expect(await migrate(database)).toEqual([]);
  });
});
