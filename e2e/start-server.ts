// Starts the product for the end-to-end stories with data of its own: a temporary PGlite folder,
// or, when DATABASE_URL is set, a new database with a random name on that server, dropped again
// when the server stops.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const port = process.env.E2E_PORT ?? '18180';
const dataDir = mkdtempSync(join(tmpdir(), 'fleetlens-e2e-'));
const env: Record<string, string | undefined> = {
  ...process.env,
  PORT: port,
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://localhost:${port}`,
  DATA_DIR: dataDir,
  DEMO: 'true',
  NODE_ENV: 'production',
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  // The stories sign in from one address far more often than people do.
  LOGIN_RATE_LIMIT: '100000',
  AUTH_RATE_LIMIT: '100000',
  // Random video looks for operators driving at a moment due every few seconds, not every minute:
  // the random video story waits for a clip in well under a minute.
  RANDOM_VIDEO_CHECK_SECONDS: '3',
  // Managerial downloads: an asynchronous link that expires in 20 s, not an hour, and the demo's
  // few hundred daily rows read five at a time at 25 rows a second, so that a story sees a
  // download's progress, cancels one waiting behind it, and sees its link answer Gone.
  DOWNLOAD_ASYNC_LINK_SECONDS: '20',
  DOWNLOAD_CHUNK_ROWS: '5',
  DOWNLOAD_ASYNC_ROWS_PER_SECOND: '25',
  // Webhooks: a failed delivery is tried again after a second, once, so a story sees its retry,
  // and one that fails again is failed in seconds (the jobs story runs it again).
  WEBHOOK_RETRY_DELAY_SECONDS: '1',
  WEBHOOK_RETRY_LIMIT: '1',
  // A delivery waits a minute for its receiver: the jobs story cancels one while it waits.
  WEBHOOK_TIMEOUT_SECONDS: '60',
  // The integrations story's receiver is on this machine, an address a hosted server refuses.
  WEBHOOK_PRIVATE_TARGETS: 'true',
  // One clip encoder for the demo fleet: the stories share the two cores with it.
  SIMULATOR_ENCODERS: process.env.SIMULATOR_ENCODERS ?? '1',
  // The embedded MQTT broker: one port per e2e server, so parallel runs do not collide.
  MQTT_PORT: process.env.MQTT_PORT ?? String(Number(port) + 10_000),
  // The embedded media engine's RTMP port (live camera), likewise one per e2e server.
  MEDIA_RTMP_PORT: process.env.MEDIA_RTMP_PORT ?? String(Number(port) + 20_000),
  MEDIA_HOST: '127.0.0.1',
};

let dropDatabase = async () => {};
if (process.env.DATABASE_URL) {
  const name = `fleetlens_e2e_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  dropDatabase = async () => {
    const again = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await again.connect();
    await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await again.end();
  };
}

const server = spawn(process.execPath, ['apps/server/src/main.ts'], { env, stdio: 'inherit' });
const stop = (signal: NodeJS.Signals) => server.kill(signal);
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
server.on('exit', async (code) => {
  await dropDatabase().catch((error) => console.error('could not drop the e2e database', error));
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
