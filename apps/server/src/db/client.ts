// One database handle for both engines: PGlite (embedded, the default) and PostgreSQL
// (DATABASE_URL). Repositories only see `Queryable`; the engine is chosen here, once.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** What a transaction's body may run: parameterised statements on the transaction's connection. */
export interface Queryable {
  query<T = Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<T[]>;
}

export interface DatabaseHandle extends Queryable {
  engine: 'pglite' | 'postgres';
  /** PostgreSQL: the URL, for a library that keeps connections of its own (the job queue). */
  url?: string;
  /** PGlite: the engine itself, for a library that takes it as it is (the job queue). */
  embedded?: PGlite;
  /** Runs SQL text that may hold several statements (migrations), with no parameters. */
  exec(sqlText: string): Promise<void>;
  /** Runs `body` in one transaction on one connection: committed if it resolves, else rolled back. */
  transaction<T>(body: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * LISTEN on `channel`: `onPayload` receives each NOTIFY's payload, in the order they were
   * committed. PostgreSQL: on a connection of its own, opened again when lost (`onLost` is told,
   * as what was notified meanwhile is gone). Resolves to the function that stops listening.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onLost?: (error: Error) => void,
  ): Promise<() => Promise<void>>;
  /** PGlite only: the data folder as a tar, which `template` starts a database from (tests). */
  dump?(): Promise<Blob>;
}

export interface DatabaseOptions {
  /** postgres://… ; when absent the embedded PGlite engine is used. */
  url?: string | undefined;
  /** PGlite data folder; absent means in memory. */
  dataDir?: string | undefined;
  poolSize?: number;
  /** PGlite: start from this dump of a data folder (DatabaseHandle.dump) instead of a new one. */
  template?: Blob | undefined;
}

/** The database the configuration names: DATABASE_URL, else PGlite in DATA_DIR/pglite. */
export function openConfiguredDatabase(config: {
  DATABASE_URL?: string | undefined;
  DATABASE_POOL_SIZE: number;
  dataDir: string;
}): Promise<DatabaseHandle> {
  return openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : join(config.dataDir, 'pglite'),
    poolSize: config.DATABASE_POOL_SIZE,
  });
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle client that loses its connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    return {
      engine: 'postgres',
      url: options.url,
      exec: async (text) => {
        await pool.query(text);
      },
      query: async <T>(text: string, params: unknown[] = []) => (await pool.query(text, params)).rows as T[],
      transaction: async (body) => {
        const client = await pool.connect();
        // A checked-out client is not watched by the pool: if the server cuts its connection
        // between two statements, its 'error' event would crash the process. Keep the error; the
        // next statement fails with it, and the broken client is destroyed on release.
        let lost: Error | undefined;
        const onError = (error: Error) => {
          lost = error;
        };
        client.on('error', onError);
        try {
          await client.query('BEGIN');
          const result = await body({
            query: async <T>(text: string, params: unknown[] = []) =>
              (await client.query(text, params)).rows as T[],
          });
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => {});
          throw error;
        } finally {
          client.off('error', onError);
          client.release(lost);
        }
      },
      close: () => pool.end(),
      listen: (channel, onPayload, onLost) => listenOn(options.url as string, channel, onPayload, onLost),
    };
  }
  if (options.dataDir) mkdirSync(dirname(options.dataDir), { recursive: true });
  const client = new PGlite({
    dataDir: options.dataDir,
    ...(options.template ? { loadDataDir: options.template } : {}),
  });
  await client.waitReady;
  return {
    engine: 'pglite',
    embedded: client,
    exec: async (text) => {
      await client.exec(text);
    },
    query: async <T>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as T[],
    // PGlite has one connection: its transaction holds it, other queries wait their turn.
    transaction: (body) =>
      client.transaction((tx) =>
        body({
          query: async <T>(text: string, params: unknown[] = []) =>
            (await tx.query(text, params)).rows as T[],
        }),
      ),
    close: () => client.close(),
    listen: async (channel, onPayload) => {
      const stop = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    dump: () => client.dumpDataDir('none'),
  };
}

const RELISTEN_MS = [250, 1000, 5000];

/** A LISTEN connection of its own that comes back when it is lost, until stopped. */
async function listenOn(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onLost?: (error: Error) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | undefined;
  let failures = 0;
  const again = () => {
    if (stopped) return;
    const wait = RELISTEN_MS[Math.min(failures++, RELISTEN_MS.length - 1)];
    setTimeout(() => void connect().catch(again), wait).unref();
  };
  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (n) => {
      if (n.channel === channel) onPayload(n.payload ?? '');
    });
    const lost = (error: Error) => {
      void client.end().catch(() => {});
      if (stopped || current !== client) return;
      current = undefined;
      onLost?.(error);
      again();
    };
    client.on('error', lost);
    client.on('end', () => lost(new Error('the LISTEN connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (stopped) {
      await client.end();
      return;
    }
    current = client;
    failures = 0;
  };
  await connect();
  return async () => {
    stopped = true;
    await current?.end().catch(() => {});
  };
}
