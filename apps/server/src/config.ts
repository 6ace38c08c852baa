// Every setting the server reads, from environment variables, validated once at start.
// The README's configuration table and .env.example list the same names.
import { resolve } from 'node:path';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const list = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /** The address browsers use to reach the server; issuer and redirect URIs derive from it. */
  PUBLIC_URL: z.url().optional(),
  /** PostgreSQL connection string; when unset, embedded PGlite in DATA_DIR/pglite. */
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Human-readable logs (pino-pretty); default on a terminal outside production, JSON otherwise. */
  LOG_PRETTY: bool.optional(),
  /** The embedded identity realm; set OIDC_EMBEDDED=false when an external issuer signs users in. */
  OIDC_EMBEDDED: bool.default(true),
  OIDC_REALM: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .default('fleet'),
  OIDC_CLIENT_ID: z.string().default('fleetlens-console'),
  /** Extra redirect URIs for the console client (e.g. the Vite dev server). */
  OIDC_REDIRECT_URIS: list.default([]),
  /** Issuers whose tokens the API accepts, besides the embedded one (e.g. a Keycloak realm URL). */
  OIDC_ISSUERS: list.default([]),
  /** Audience the API expects in access tokens. */
  OIDC_AUDIENCE: z.string().default('urn:fleetlens:api'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).default(300),
  SESSION_TTL_HOURS: z.coerce.number().int().min(1).default(12),
  /** How often the live channel re-reads its sockets' users and closes those whose token expired. */
  LIVE_RECHECK_SECONDS: z.coerce.number().int().min(1).max(60).default(5),
  /** Sign-in attempts in a row, per address and per name typed or account, before that address must wait. */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  /** The longest wait; it starts at 1 minute and doubles with each further failure. */
  LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).default(15),
  /** Sign-in form posts a minute, per address and per name typed. */
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  /** Requests a minute per address to the identity realm (pages, token, logout, userinfo...). */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(300),
  LOGIN_DEVICE_LIMIT: z.coerce.number().int().min(1).default(3),
  /** A browser not seen for this many days no longer counts against the device limit. */
  LOGIN_DEVICE_IDLE_DAYS: z.coerce.number().int().min(1).default(30),
  /** Create the demo customers and accounts on first start. */
  DEMO: bool.default(true),
  /** Password of the demo accounts; printed at start. */
  DEMO_PASSWORD: z.string().min(8).default('Fleet#2026'),
  /** Behind a reverse proxy: trust its X-Forwarded-* headers (client IP, https). */
  TRUST_PROXY: bool.default(false),
  WEB_DIST: z.string().optional(),
  /** The device link (docs/device-protocol.md): on by default, off in tests unless asked for. */
  MQTT_ENABLED: bool.optional(),
  /** Port of the embedded MQTT broker (not 1883, which a machine's own broker often holds). */
  MQTT_PORT: z.coerce.number().int().min(0).max(65535).default(18830),
  MQTT_HOST: z.string().default('0.0.0.0'),
  /** An external broker (mqtt://host:1883); the server then joins it as a client with shared subscriptions. */
  MQTT_URL: z.string().optional(),
  MQTT_USERNAME: z.string().optional(),
  MQTT_PASSWORD: z.string().optional(),
  /** The server's client id at an external broker: stable per replica (default fleetlens-server-<hostname>). */
  MQTT_CLIENT_ID: z.string().min(1).max(64).optional(),
  /** Shared-subscription group: replicas in one group split the messages between them. */
  MQTT_SHARE_GROUP: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default('fleetlens'),
  /**
   * A replica whose broker session has not been seen connected this long (crashed, cut off) has its
   * session adopted by another replica: the messages the broker kept for it are stored, then the
   * session ends, so the group's messages go to the replicas still running.
   */
  MQTT_ADOPT_AFTER_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Live camera's media engine (modules/live-camera/media.ts): embedded by default, off in tests unless asked for. */
  MEDIA_ENABLED: bool.optional(),
  /** Port of the embedded engine's RTMP server, where devices publish their cameras. */
  MEDIA_RTMP_PORT: z.coerce.number().int().min(1).max(65535).default(19350),
  MEDIA_HOST: z.string().default('0.0.0.0'),
  /** Where devices publish (rtmp://host:port/app); default the embedded engine at PUBLIC_URL's host. */
  MEDIA_PUBLISH_URL: z
    .string()
    .regex(/^rtmps?:\/\/\S+$/, 'an rtmp:// URL')
    .optional(),
  /** An external engine's HTTP-FLV base (http://media:8000/live); set, the embedded engine stays off. */
  MEDIA_PLAY_URL: z
    .string()
    .regex(/^https?:\/\/\S+$/, 'an http(s) URL')
    .optional(),
  /** The external engine's publish-signing secret (node-media-server's auth.secret), if it checks one. */
  MEDIA_SECRET: z.string().min(8).optional(),
  INGEST_BATCH_SIZE: z.coerce.number().int().min(1).max(10000).default(500),
  INGEST_BATCH_DELAY_MS: z.coerce.number().int().min(0).max(5000).default(20),
  /** Event clips (modules/events): a clip the device has not delivered this long after asking is timed out. */
  CLIP_TIMEOUT_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
  /** How long a signed upload address handed to a device stays valid. */
  CLIP_UPLOAD_URL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
  /**
   * The longest a timed job waits between two runs (it runs sooner when its next moment is
   * sooner), and how often each replica checks that every timed job has a run queued. Shorter only
   * where a job must be looked at again quickly (the restart tests: 5 s).
   */
  JOB_MAX_WAIT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** How often the random video job looks for the operators of moments due who have started driving. */
  RANDOM_VIDEO_CHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /**
   * How long an asynchronous download's link works (the spec's 60 minutes). Shorter only where an
   * expiry must be seen without waiting an hour (the e2e server: 20 s).
   */
  DOWNLOAD_ASYNC_LINK_SECONDS: z.coerce.number().int().min(5).max(3600).default(3600),
  /** Rows a download reads per chunk (progress and a cancel are looked at between two). */
  DOWNLOAD_CHUNK_ROWS: z.coerce.number().int().min(1).max(100_000).default(5000),
  /** At most this many rows a second per asynchronous download (0: no limit). */
  DOWNLOAD_ASYNC_ROWS_PER_SECOND: z.coerce.number().int().min(0).max(10_000_000).default(0),
  /** A webhook delivery's tries after the first, each after WEBHOOK_RETRY_DELAY_SECONDS · 2^n. */
  WEBHOOK_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(8),
  WEBHOOK_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** How long a receiver may take to answer one try. */
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
  /**
   * Whether webhooks may be sent to loopback, link-local and private addresses (an on-premises
   * receiver). Unset: allowed on the embedded one-machine install (no DATABASE_URL), refused otherwise.
   */
  WEBHOOK_PRIVATE_TARGETS: bool.optional(),
  /** Clips older than this are deleted, unless their event is marked do-not-delete. */
  VIDEO_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Event e-mail (the users' notification flags) through this SMTP server: smtp://user:pass@host:587, smtps://… Unset: no e-mail. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, 'an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('FleetLens <no-reply@fleetlens.invalid>'),
  /** The language of event e-mail (users have no language of their own yet): en, ja, zh or my. */
  MAIL_LANGUAGE: z.enum(['en', 'ja', 'zh', 'my']).default('en'),
  /** With DEMO: simulated devices drive the demo fleet over MQTT (apps/simulator). */
  SIMULATOR: bool.default(true),
  APP_VERSION: z.string().default('3.0.0'),
  /**
   * The maps' style: a MapLibre style JSON URL (absolute http(s), or a path on this server).
   * Unset: the console's built-in offline style, which needs no tile server.
   */
  MAP_STYLE_URL: z
    .string()
    .trim()
    .refine(
      (v) => v === '' || /^https?:\/\/[^\s]+$/.test(v) || /^\/[^\s]*$/.test(v),
      'an http(s) URL or a path',
    )
    .default(''),
  /** Origins the map style loads tiles, glyphs and sprites from (comma separated), for the CSP. */
  MAP_ORIGINS: list.default([]),
  /** Seconds the carrier takes to confirm a SIM activation or suspension (modules/cases/carrier.ts). */
  SIM_SETTLE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(5),
  /** Object storage: local disk under DATA_DIR/objects unless S3_BUCKET names an S3-compatible bucket. */
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().default('us-east-1'),
  /** For S3-compatible stores (MinIO, Ceph, R2); unset = AWS S3 of S3_REGION. */
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(true),
  S3_PREFIX: z.string().optional(),
  /** Largest object accepted through a signed upload address of the local store (a device's clip). */
  STORAGE_UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(512 * 1024 * 1024),
});

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    ...e,
    publicUrl,
    issuer: `${publicUrl}/auth/realms/${e.OIDC_REALM}`,
    dataDir: resolve(e.DATA_DIR),
    webDist: resolve(e.WEB_DIST ?? resolve(import.meta.dirname, '../../web/dist')),
    isProduction: e.NODE_ENV === 'production',
    mqttEnabled: e.MQTT_ENABLED ?? e.NODE_ENV !== 'test',
    mediaEnabled: e.MEDIA_ENABLED ?? e.NODE_ENV !== 'test',
    webhookPrivateTargets: e.WEBHOOK_PRIVATE_TARGETS ?? !e.DATABASE_URL,
    logPretty: e.LOG_PRETTY ?? (e.NODE_ENV !== 'production' && process.stdout.isTTY === true),
  };
}
