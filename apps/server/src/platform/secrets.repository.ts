// The table of keys the server generates once (server_secrets).
import type { Queryable } from '../db/client.ts';

/** The value stored under `name`, if any. */
export async function readSecret<T>(db: Queryable, name: string): Promise<T | undefined> {
  return (await db.query<{ value: T }>('SELECT value FROM server_secrets WHERE name = $1', [name]))[0]?.value;
}

/** Stores `value` under `name` unless another writer stored one first (theirs stays). */
export async function storeSecretOnce(db: Queryable, name: string, value: unknown): Promise<void> {
  await db.query(
    'INSERT INTO server_secrets (name, value) VALUES ($1, $2::jsonb) ON CONFLICT (name) DO NOTHING',
    [name, JSON.stringify(value)],
  );
}
