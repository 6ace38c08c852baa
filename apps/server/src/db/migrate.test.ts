// The SQL migrations are the one description of the schema (repositories type their rows with
// plain interfaces beside their SQL): migrating an up-to-date database again changes nothing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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

  it('makes customer names unique per parent without failing on twins already stored', async () => {
    // A database from before 0018: the index is not there yet, and twins are.
    await database.exec('DROP INDEX customers_parent_name_key');
    const insert = async (stk: string, name: string, parent: string | null, at: string) =>
      (
        await database.query<{ id: string }>(
          `INSERT INTO customers (stk_user, name, realm, parent_id, created_at)
           VALUES ($1, $2, 'fleet', $3, $4) RETURNING id`,
          [stk, name, parent, at],
        )
      )[0]?.id ?? null;
    const acme = await insert('acme', 'Acme', null, '2026-01-01');
    await insert('acme2', 'ACME', null, '2026-01-02');
    await insert('acme3', 'Acme (acme3x)', null, '2026-01-03');
    await insert('acme4', 'acme', null, '2026-01-04');
    const acme3x = await insert('acme3x', 'Acme', null, '2026-01-05');
    await insert('acmesub', 'Acme', acme, '2026-01-06');
    await database.exec(
      readFileSync(join(import.meta.dirname, 'migrations/0018_customer_name_unique_per_parent.sql'), 'utf8'),
    );
    const names = await database.query<{ stk_user: string; name: string }>(
      "SELECT stk_user, name FROM customers WHERE stk_user LIKE 'acme%' ORDER BY stk_user",
    );
    expect(Object.fromEntries(names.map((r) => [r.stk_user, r.name]))).toEqual({
      acme: 'Acme',
      acme2: 'ACME (acme2)',
      acme3: 'Acme (acme3x)',
      // Its STK user's name was taken by a sibling: its id tells it apart instead.
      acme3x: `Acme (${acme3x})`,
      acme4: 'acme (acme4)',
      // Under another parent: not a twin of the top-level Acme.
      acmesub: 'Acme',
    });
    await expect(
      database.query("INSERT INTO customers (stk_user, name, realm) VALUES ('acme5', 'aCmE', 'fleet')"),
    ).rejects.toThrow();
  });
});
