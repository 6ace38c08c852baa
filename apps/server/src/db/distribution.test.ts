// Ready for a distributed PostgreSQL: Citus distributes a table by a column
// only when every primary and unique key holds it. Every table a customer owns carries
// `customer_id` in its primary key and unique keys; provider-wide tables are reference tables,
// named below. The tables of the schema as the migrations leave it are read from the catalogue,
// and a table in neither shape fails, so a new table says which it is.
//
// The list: REFERENCE_TABLES (copied to every node, or kept on the coordinator): the provider-wide
// tables, and users with their roles by decision. Add a new provider-wide table to it; a new
// customer's table needs customer_id in its keys.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/database.ts';

/**
 * Provider-wide tables (and the servers' own): Citus reference tables, copied to every node, or
 * kept on the coordinator (docs/deployment.md, PostgreSQL with Citus, says which and why).
 */
export const REFERENCE_TABLES: readonly string[] = [
  // The provider's: customers (the tree every scope is read from), notices, release notes and
  // manuals of the whole product.
  'customers',
  'manuals',
  'notifications',
  'release_notes',
  // The provider's firmware files, for every customer's devices (0070).
  'firmwares',
  // The servers' own: the broker sessions, live bus messages, the embedded realm's
  // payloads and keys, the shared throttles.
  'broker_sessions',
  // The job queue's own rows beside pg-boss's (0065): a job may belong to no customer (the
  // provider's own work), and every replica picks from all of them.
  'queued_jobs',
  'live_messages',
  'oidc_payloads',
  'rate_limit_hits',
  'server_secrets',
  'sign_in_attempts',
  // The provider's operational logs, read by system admins only and across all customers; a row
  // may have no customer at all (a refused message from an unknown sender, the provider's own
  // action, an error before sign-in), which a distribution column cannot hold. On the coordinator.
  'audit_log',
  'dead_letters',
  'error_logs',
  // The one-time upload addresses (0048): the servers' bookkeeping, a firmware upload has no
  // customer; on the coordinator.
  'upload_slots',
  // Identifiers unique across the product, each claimed by the customer whose row holds it
  // (migration 0044): device ids, camera ids, SIM phone numbers, case numbers. A distributed table
  // sees only its own node's customers, so the check of uniqueness lives in these.
  'camera_id_claims',
  'case_number_claims',
  'device_id_claims',
  'sim_phone_claims',
  // Users, and the roles they point at: each row has a customer, but the provider's staff act
  // across customers and some twenty tables, the provider-wide ones among them (notices, manuals,
  // release notes, the logs), name a user by id alone, a link a reference table keeps and a
  // distributed one could not. A few thousand rows, read on every request, rarely written
  // (docs/decisions/2026-11-26-distribution-keys.md).
  'roles',
  'users',
  // Service accounts (0090): read on every call of an integration like users, found by their
  // client id alone at the realm, and naming their creator, a user.
  'service_accounts',
];

/** The tables each Citus call of docs/deployment.md ("Which table goes where") names. */
function deploymentSteps(): Record<'reference' | 'local' | 'distributed', string[]> {
  const doc = readFileSync(join(import.meta.dirname, '../../../../docs/deployment.md'), 'utf8');
  const steps = doc.slice(doc.indexOf('### Which table goes where'), doc.indexOf('### users'));
  const named = { reference: [] as string[], local: [] as string[], distributed: [] as string[] };
  const kinds = {
    create_reference_table: 'reference',
    citus_add_local_table_to_metadata: 'local',
    create_distributed_table: 'distributed',
  } as const;
  for (const [, call = '', list = '', one] of steps.matchAll(
    /(create_reference_table|citus_add_local_table_to_metadata|create_distributed_table)\((?:t[^[]*ARRAY\[([^\]]*)\]|'([a-z_]+)')/g,
  ))
    named[kinds[call as keyof typeof kinds]].push(
      ...(one ? [one] : [...list.matchAll(/'([a-z_]+)'/g)].map((m) => m[1] ?? '')),
    );
  return named;
}

const database = createTestDatabase();
afterAll(async () => (await database).drop());

interface TableKeys {
  table: string;
  has_customer_id: boolean;
  keys: { name: string; columns: string[] }[];
}

/**
 * Every table with its unique indexes: the primary key, unique constraints and unique indexes
 * made alone (partial ones too), all of which Citus refuses without the distribution column.
 */
async function tables(): Promise<TableKeys[]> {
  const db = await database;
  return db.query<TableKeys>(
    `SELECT c.relname AS table,
            EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'customer_id' AND NOT a.attisdropped) AS has_customer_id,
            coalesce((SELECT json_agg(json_build_object('name', ic.relname, 'columns',
                        coalesce((SELECT array_agg(a.attname::text) FROM pg_attribute a
                                   WHERE a.attrelid = c.oid AND a.attnum = ANY (i.indkey::int2[])), '{}')))
                        FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid
                       WHERE i.indrelid = c.oid AND i.indisunique), '[]'::json) AS keys
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND c.relname <> 'schema_migrations'
      ORDER BY c.relname`,
  );
}

interface ForeignKey {
  name: string;
  table: string;
  target: string;
  columns: string[];
  target_columns: string[];
}

async function foreignKeys(): Promise<ForeignKey[]> {
  const db = await database;
  return db.query<ForeignKey>(
    `SELECT k.conname AS name, c.relname AS table, t.relname AS target,
            (SELECT array_agg(a.attname::text ORDER BY x.n) FROM unnest(k.conkey) WITH ORDINALITY x(num, n)
               JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = x.num) AS columns,
            (SELECT array_agg(a.attname::text ORDER BY x.n) FROM unnest(k.confkey) WITH ORDINALITY x(num, n)
               JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = x.num) AS target_columns
       FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class t ON t.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND k.contype = 'f' AND k.conparentid = 0
      ORDER BY 2, 1`,
  );
}

describe('distribution by customer_id', () => {
  it('finds customer_id in every key of every customer table, and names the reference tables', async () => {
    const problems: string[] = [];
    const found = await tables();
    for (const t of found) {
      if (REFERENCE_TABLES.includes(t.table)) continue;
      const missing = [
        ...(t.has_customer_id ? [] : [`${t.table}: no customer_id, and not a reference table`]),
        ...t.keys
          .filter((key) => !key.columns.includes('customer_id'))
          .map((key) => `${t.table}: key ${key.name} (${key.columns.join(', ')}) without customer_id`),
      ];
      problems.push(...missing);
    }
    const names = new Set(found.map((t) => t.table));
    for (const listed of REFERENCE_TABLES)
      if (!names.has(listed)) problems.push(`${listed}: listed, but no such table`);
    expect(problems).toEqual([]);
  });

  it('joins distributed tables by customer_id, and never points a reference table at a distributed one', async () => {
    // Citus keeps a foreign key between two distributed tables only when it pairs their
    // distribution columns; one from a distributed table to a reference table is fine, one from a
    // reference (or coordinator) table to a distributed table is refused.
    const distributed = (table: string) => !REFERENCE_TABLES.includes(table);
    const problems: string[] = [];
    for (const k of await foreignKeys()) {
      if (!distributed(k.target)) continue;
      if (REFERENCE_TABLES.includes(k.table))
        problems.push(`${k.table}.${k.name}: a reference table pointing at the distributed ${k.target}`);
      else if (
        distributed(k.table) &&
        k.columns.indexOf('customer_id') !== k.target_columns.indexOf('customer_id')
      )
        problems.push(
          `${k.table}.${k.name} (${k.columns.join(', ')}) -> ${k.target} without customer_id on both sides`,
        );
      else if (distributed(k.table) && !k.columns.includes('customer_id'))
        problems.push(`${k.table}.${k.name} (${k.columns.join(', ')}) -> ${k.target} without customer_id`);
    }
    expect(problems).toEqual([]);
  });

  it('names every table once in the Citus steps of docs/deployment.md, where the lists above put it', async () => {
    const steps = deploymentSteps();
    const all = (await tables()).map((t) => t.table);
    const sorted = (xs: readonly string[]) => [...xs].sort();
    expect(sorted([...steps.reference, ...steps.local, ...steps.distributed])).toEqual(sorted(all));
    expect(sorted([...steps.reference, ...steps.local])).toEqual(sorted(REFERENCE_TABLES));
  });

  it('keeps device ids unique across customers through their claims, under the former key name, and frees a claim with its row', async () => {
    const db = await database;
    const customer = async (name: string) =>
      (
        await db.query<{ id: string }>(
          "INSERT INTO customers (name, stk_user, realm) VALUES ($1, $1, 'fleet') RETURNING id",
          [name],
        )
      )[0]?.id;
    const [a, b] = [await customer('claims-a'), await customer('claims-b')];
    const device = async (customerId: string | undefined, deviceId: string) =>
      (
        await db.query<{ id: string }>(
          `INSERT INTO devices (customer_id, device_id, device_type, channel_number, acceleration_threshold,
             acceleration_duration, deceleration_threshold, deceleration_duration, impact_threshold, impact_duration,
             quick_handle_threshold, quick_handle_duration)
           VALUES ($1, $2, 'dv426', 1, 0.35, 300, 0.4, 300, 1, 100, 0.35, 300) RETURNING id`,
          [customerId, deviceId],
        )
      )[0]?.id;
    const first = await device(a, '5550001');
    await expect(device(b, '5550001')).rejects.toMatchObject({ constraint: 'devices_device_id_key' });
    await db.query("UPDATE devices SET device_id = '5550002' WHERE id = $1", [first]);
    const second = await device(b, '5550001');
    await expect(device(b, '5550002')).rejects.toMatchObject({ constraint: 'devices_device_id_key' });
    await db.query('DELETE FROM devices WHERE id = $1', [first]);
    expect(await device(b, '5550002')).toBeTruthy();
    const claims = await db.query<{ value: string; customer_id: string }>(
      "SELECT value, customer_id FROM device_id_claims WHERE value LIKE '555000%' ORDER BY value",
    );
    expect(claims).toEqual([
      { value: '5550001', customer_id: b },
      { value: '5550002', customer_id: b },
    ]);
    expect(second).toBeTruthy();
  });
});
