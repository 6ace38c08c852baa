// Applies migrations/NNNN_intent.sql in order, each once, each in its own transaction.
// On PostgreSQL an advisory lock keeps two replicas starting together from racing.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseHandle } from './client.ts';

const MIGRATIONS_DIR = join(import.meta.dirname, 'migrations');
const LOCK_KEY = 7_311_001;

export function listMigrations(dir = MIGRATIONS_DIR): { name: string; sql: string }[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((name) => ({ name, sql: readFileSync(join(dir, name), 'utf8') }));
}

export async function migrate(handle: DatabaseHandle, dir = MIGRATIONS_DIR): Promise<string[]> {
  await handle.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  if (handle.engine === 'postgres') await handle.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
  try {
    const done = new Set(
      (await handle.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name),
    );
    const applied: string[] = [];
    for (const m of listMigrations(dir)) {
      if (done.has(m.name)) continue;
      const quotedName = m.name.replaceAll("'", "''");
      await handle.exec(
        `BEGIN;\n${m.sql}\n;INSERT INTO schema_migrations (name) VALUES ('${quotedName}');\nCOMMIT;`,
      );
      applied.push(m.name);
    }
    return applied;
  } catch (error) {
    await handle.exec('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    if (handle.engine === 'postgres') await handle.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]);
  }
}
