// The product as its own process (apps/server/src/main.ts, as `npm start` runs it), for the tests
// of what must outlive the process: a kill, then a start on the same database. Its calls go over
// real HTTP; `app` answers them in the shape of Fastify's inject, so the harness's sign-in and API
// clients (signInAs, clientOf) work on it unchanged.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { type ApiClient, type CallOptions, clientOf } from './api.ts';
import { PUBLIC_URL, TEST_PASSWORD, tokenOf } from './harness.ts';
import { freePort } from './ports.ts';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));

export interface ServerProcess {
  /** Where it listens: http://127.0.0.1:port. */
  base: string;
  /** Its embedded broker's port. */
  mqttPort: number;
  as(who: string, options?: CallOptions): ApiClient;
  /** Starts the process (again), and answers once it is healthy. */
  start(): Promise<void>;
  /** Ends it with `signal` (SIGKILL: nothing of its own shutdown runs) and waits for its exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** The cookies of an answer, parsed as light-my-request does (name, value, max-age, expiry). */
function cookiesOf(headers: Headers) {
  return headers.getSetCookie().map((line) => {
    const [pair = '', ...attributes] = line.split(';');
    const at = pair.indexOf('=');
    const cookie: { name: string; value: string; maxAge?: number; expires?: Date } = {
      name: pair.slice(0, at).trim(),
      value: pair.slice(at + 1).trim(),
    };
    for (const attribute of attributes) {
      const [key = '', value = ''] = attribute.split('=').map((s) => s.trim());
      if (key.toLowerCase() === 'max-age') cookie.maxAge = Number(value);
      if (key.toLowerCase() === 'expires') cookie.expires = new Date(value);
    }
    return cookie;
  });
}

/** Fastify's inject, answered by the process over HTTP. */
function remote(base: string): FastifyInstance {
  const inject = async (options: InjectOptions) => {
    const headers: Record<string, string> = { ...(options.headers as Record<string, string>) };
    let payload = options.payload as unknown;
    if (payload !== undefined && typeof payload !== 'string' && !Buffer.isBuffer(payload)) {
      payload = JSON.stringify(payload);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${base}${options.url}`, {
      method: options.method ?? 'GET',
      headers,
      body: payload as string | Buffer | undefined,
      redirect: 'manual',
    });
    const raw = Buffer.from(await response.arrayBuffer());
    const answerHeaders: Record<string, string | string[]> = Object.fromEntries(response.headers);
    answerHeaders['set-cookie'] = response.headers.getSetCookie();
    return {
      statusCode: response.status,
      headers: answerHeaders,
      cookies: cookiesOf(response.headers),
      body: raw.toString('utf8'),
      rawPayload: raw,
      json: () => JSON.parse(raw.toString('utf8')),
    };
  };
  return { inject } as unknown as FastifyInstance;
}

/**
 * The product on `database` (PGlite in `dataDir` unless `databaseUrl`), with the demo's accounts
 * (password TEST_PASSWORD), without the demo fleet, the embedded broker on a port of its own.
 */
export async function serverProcess(options: {
  dataDir: string;
  databaseUrl?: string | undefined;
}): Promise<ServerProcess> {
  const port = await freePort();
  const mqttPort = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const app = remote(base);
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL,
    WEB_DIST: '/nonexistent',
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl,
    DEMO: 'true',
    DEMO_PASSWORD: TEST_PASSWORD,
    SIMULATOR: 'false',
    MQTT_ENABLED: 'true',
    MQTT_PORT: String(mqttPort),
    MQTT_HOST: '127.0.0.1',
    MEDIA_ENABLED: 'false',
    INGEST_BATCH_DELAY_MS: '5',
    // Each timed job is looked at again within 5 s, not a minute.
    JOB_MAX_WAIT_SECONDS: '5',
    LOGIN_RATE_LIMIT: '100000',
    AUTH_RATE_LIMIT: '100000',
  };
  if (!options.databaseUrl) delete env.DATABASE_URL;
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  // Tokens outlive a restart (the realm's keys are in the database), so each account signs in once.
  const tokens = new Map<string, Promise<string>>();
  const token = (who: string) => {
    let pending = tokens.get(who);
    if (!pending) {
      pending = tokenOf(app, who);
      tokens.set(who, pending);
    }
    return pending;
  };

  return {
    base,
    mqttPort,
    as: (who, callOptions) => clientOf(app, token, who, callOptions),
    async start() {
      const started = spawn(process.execPath, [MAIN], { env, stdio: ['ignore', 'ignore', 'inherit'] });
      child = started;
      exited = new Promise((resolve) => started.once('exit', () => resolve()));
      // A first start creates and migrates the database: a minute is room on a loaded machine.
      const end = Date.now() + 120_000;
      for (;;) {
        if (started.exitCode !== null) throw new Error(`the server exited with ${started.exitCode}`);
        const healthy = await fetch(`${base}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (healthy) return;
        if (Date.now() > end) throw new Error('the server did not become healthy');
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    async stop(signal = 'SIGTERM') {
      if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
