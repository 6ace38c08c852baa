// Ready for a distributed PostgreSQL (issue 17, point 4): Citus distributes a table by a column
// only when every primary and unique key holds it. Every table a customer owns carries
// `customer_id` in its primary key and unique keys; provider-wide tables are reference tables,
// named below. The tables of the schema as the migrations leave it are read from the catalogue,
// and a table in neither shape fails, so a new table says which it is.
//
// The lists: REFERENCE_TABLES (provider-wide, copied to every node) and NOT_YET_DISTRIBUTABLE
// (customers' tables whose keys do not hold customer_id yet: the work left of point 4). Add a new
// provider-wide table to the first; a new customer's table needs customer_id in its keys.
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/database.ts';

/** Provider-wide tables (and the servers' own): Citus reference tables, or kept on the coordinator. */
export const REFERENCE_TABLES: readonly string[] = [
  'broker_sessions',
  'customers',
  'job_leases',
  'live_messages',
  'manuals',
  'notifications',
  'oidc_payloads',
  'rate_limit_hits',
  'release_notes',
  'server_secrets',
  'sign_in_attempts',
];

/**
 * Customers' tables whose keys lack customer_id, or that lack the column (issue 17, point 4, open).
 * Each leaves this list when a migration puts customer_id into its keys; the test then says so.
 */
const NOT_YET_DISTRIBUTABLE: readonly string[] = [
  'audit_log',
  'cases',
  'dead_letters',
  'device_cameras',
  'device_commands',
  'device_credentials',
  'device_event_samples',
  'device_events',
  'device_positions',
  'device_state_changes',
  'device_states',
  'devices',
  'error_logs',
  'event_clips',
  'event_coaching_notes',
  'event_mails',
  'event_views',
  'files',
  'login_device_resets',
  'login_devices',
  'login_history',
  'manufacturers',
  'operator_groups',
  'operator_sign_ons',
  'operators',
  'random_video_moments',
  'rfid_assignments',
  'rfids',
  'roles',
  'sims',
  'user_vehicle_groups',
  'users',
  'vehicle_groups',
  'vehicle_models',
  'vehicles',
];

const database = createTestDatabase();
afterAll(async () => (await database).drop());

interface TableKeys {
  table: string;
  has_customer_id: boolean;
  keys: { name: string; columns: string[] }[];
}

async function tables(): Promise<TableKeys[]> {
  const db = await database;
  return db.query<TableKeys>(
    `SELECT c.relname AS table,
            EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'customer_id' AND NOT a.attisdropped) AS has_customer_id,
            coalesce((SELECT json_agg(json_build_object('name', k.conname, 'columns',
                        (SELECT array_agg(a.attname::text) FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attnum = ANY (k.conkey))))
                        FROM pg_constraint k WHERE k.conrelid = c.oid AND k.contype IN ('p', 'u')), '[]'::json) AS keys
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND c.relname <> 'schema_migrations'
      ORDER BY c.relname`,
  );
}

describe('distribution by customer_id', () => {
  it('finds customer_id in every key of every customer table not yet listed as left, and names the reference tables', async () => {
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
      if (NOT_YET_DISTRIBUTABLE.includes(t.table)) {
        if (missing.length === 0)
          problems.push(`${t.table}: distributable now, take it off NOT_YET_DISTRIBUTABLE`);
      } else problems.push(...missing);
    }
    const names = new Set(found.map((t) => t.table));
    for (const listed of [...REFERENCE_TABLES, ...NOT_YET_DISTRIBUTABLE])
      if (!names.has(listed)) problems.push(`${listed}: listed, but no such table`);
    expect(problems).toEqual([]);
  });
});
