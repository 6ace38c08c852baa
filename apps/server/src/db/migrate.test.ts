// The SQL migrations are the one description of the schema (repositories type their rows with
// plain interfaces beside their SQL): migrating an up-to-date database again changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';
import { migrate } from './migrate.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.drop());

describe('migrations', () => {
  it('applies each migration once', async () => {
    expect(await migrate(database)).toEqual([]);
  });
});
