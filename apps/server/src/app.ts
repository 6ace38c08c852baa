// Builds the whole server as one Fastify instance. main.ts listens on it; tests drive it with
// fastify.inject. Nothing here reads the environment: everything comes in through AppDeps.
import helmet from '@fastify/helmet';
import { envelopeSchema } from '@fleetlens/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { registerAudit } from './modules/audit/index.ts';
import { registerCases } from './modules/cases/index.ts';
import { registerCharts } from './modules/charts/index.ts';
import { registerConsole } from './modules/console/index.ts';
import { registerCustomers } from './modules/customers/index.ts';
import { registerDeviceLink } from './modules/device-link/index.ts';
import { registerDevices } from './modules/devices/index.ts';
import { registerDownloads } from './modules/downloads/index.ts';
import { registerDriveSummary } from './modules/drive-summary/index.ts';
import { registerDrivingScores } from './modules/driving-scores/index.ts';
import { registerEventMap } from './modules/event-map/index.ts';
import { registerEventReviews } from './modules/event-reviews/index.ts';
import { registerEvents } from './modules/events/index.ts';
import { registerFiles } from './modules/files/index.ts';
import { registerFirmware } from './modules/firmware/index.ts';
import { registerFuel } from './modules/fuel/index.ts';
import { registerIdentity } from './modules/identity/index.ts';
import { registerIntegrations } from './modules/integrations/index.ts';
import { registerJobs } from './modules/jobs/index.ts';
import { registerLiveCamera } from './modules/live-camera/index.ts';
import { registerLocations } from './modules/locations/index.ts';
import { registerLockouts } from './modules/lockouts/index.ts';
import { registerMaintenances } from './modules/maintenances/index.ts';
import { registerManuals } from './modules/manuals/index.ts';
import { registerManufacturers } from './modules/manufacturers/index.ts';
import { registerMigrations } from './modules/migrations/index.ts';
import { registerNotifications } from './modules/notifications/index.ts';
import { registerOperatorGroups } from './modules/operators/groups.routes.ts';
import { registerOperators } from './modules/operators/index.ts';
import { registerPreShiftChecks } from './modules/pre-shift-checks/index.ts';
import { registerReleaseNotes } from './modules/release-notes/index.ts';
import { registerReports } from './modules/reports/index.ts';
import { registerRfids } from './modules/rfids/index.ts';
import { registerRoles } from './modules/roles/index.ts';
import { registerSitePlans } from './modules/site-plans/index.ts';
import { registerStorage } from './modules/storage/index.ts';
import { registerTachograph } from './modules/tachograph/index.ts';
import { registerUsers } from './modules/users/index.ts';
import { registerVehicleGroups } from './modules/vehicle-groups/index.ts';
import { registerVehicleModels } from './modules/vehicle-models/index.ts';
import { registerVehicles } from './modules/vehicles/index.ts';
import { registerZones } from './modules/zones/index.ts';
import { createAccess } from './platform/access.ts';
import { createAuthenticator } from './platform/auth.ts';
import { createDeviceLink } from './platform/deviceLink.ts';
import { frameworkErrors, registerEnvelope } from './platform/envelope.ts';
import { Health, type PartState } from './platform/health.ts';
import type { Platform } from './platform/index.ts';
import { registerInputGuard } from './platform/input.ts';
import { TimedJobs } from './platform/jobs.ts';
import { LiveHub, registerLive } from './platform/live.ts';
import { LiveBus } from './platform/liveBus.ts';
import { registerOpenApi } from './platform/openapi.ts';
import { JobQueue } from './platform/queue.ts';
import { limitUnauthenticated } from './platform/rateLimit.ts';
import { registerWeb } from './platform/web.ts';

/** How often the queue's rows of deleted jobs are dropped. */
const QUEUE_ROWS_EVERY_MS = 3600_000;

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
}

/**
 * The API's feature modules, in the order they register (their routes' order in the OpenAPI
 * document). They meet only through the platform: any order works.
 */
const MODULES = [
  registerConsole,
  registerUsers,
  registerNotifications,
  registerCustomers,
  registerRoles,
  registerIntegrations,
  registerOperators,
  registerOperatorGroups,
  registerRfids,
  registerReleaseNotes,
  registerManuals,
  registerFiles,
  registerAudit,
  registerLocations,
  registerSitePlans,
  registerZones,
  registerLockouts,
  registerPreShiftChecks,
  registerDriveSummary,
  registerDrivingScores,
  registerCharts,
  registerReports,
  registerManufacturers,
  registerVehicleModels,
  registerVehicleGroups,
  registerVehicles,
  registerDevices,
  registerCases,
  registerDeviceLink,
  registerStorage,
  registerEvents,
  registerEventMap,
  registerEventReviews,
  registerLiveCamera,
  registerFuel,
  registerJobs,
  registerTachograph,
  registerFirmware,
  registerMaintenances,
  registerDownloads,
  registerMigrations,
];

/** The server (fastify.inject drives it in tests). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  return (await buildServer(deps)).app;
}

/** The server and the platform its modules received (main.ts starts the demo fleet on its device link). */
export async function buildServer({
  config,
  database,
}: AppDeps): Promise<{ app: FastifyInstance; platform: Platform }> {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      ...(config.logPretty
        ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } }
        : {}),
      // Tokens and passwords never reach the logs.
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    bodyLimit: 1024 * 1024,
    trustProxy: config.TRUST_PROXY,
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerEnvelope(app);
  // Before the realm's middleware and every route: no request gets past it with control characters.
  registerInputGuard(app, config.OIDC_EMBEDDED ? new URL(config.issuer).pathname : undefined);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        // antd writes its styles at run time (CSS-in-JS).
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', ...config.MAP_ORIGINS],
        // The maps fetch their style, tiles, glyphs and sprites (MAP_STYLE_URL, MAP_ORIGINS).
        'connect-src': [
          "'self'",
          ...config.OIDC_ISSUERS.map((i) => new URL(i).origin),
          ...(/^https?:/.test(config.MAP_STYLE_URL) ? [new URL(config.MAP_STYLE_URL).origin] : []),
          ...config.MAP_ORIGINS,
        ],
        'font-src': ["'self'", 'data:'],
        // Live camera plays its streams through Media Source Extensions (blob: addresses).
        'media-src': ["'self'", 'blob:'],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'"],
        'upgrade-insecure-requests': config.publicUrl.startsWith('https:') ? [] : null,
      },
    },
    // The realm's pages set their own, stricter policy.
    crossOriginEmbedderPolicy: false,
  });
  await registerOpenApi(app, config.APP_VERSION, config.publicUrl);

  const health = new Health();
  health.set('database', async (): Promise<PartState> => {
    await database.query('SELECT 1');
    return 'up';
  });
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    const report = await health.report();
    return reply
      .status(report.status === 'unavailable' ? 503 : 200)
      .send({ ...report, database: database.engine });
  });

  limitUnauthenticated(app, database, config.AUTH_RATE_LIMIT, '/api/v1/');
  const bus = new LiveBus(database, app.log);
  await bus.start();
  const hub = new LiveHub(bus);
  const queue = new JobQueue(database, hub, app.log);
  const jobs = new TimedJobs(queue, app.log, { maxWaitMs: config.JOB_MAX_WAIT_SECONDS * 1000 });
  // The queue's own rows of jobs pg-boss has deleted (timed jobs' runs: a day after they ended).
  jobs.start(
    {
      name: 'queue-rows',
      run: async (_since, now) => {
        await queue.forgetDeleted();
        return new Date(now.getTime() + QUEUE_ROWS_EVERY_MS);
      },
    },
    QUEUE_ROWS_EVERY_MS,
  );
  const identity = config.OIDC_EMBEDDED ? await registerIdentity(app, { config, database, jobs }) : undefined;
  const auth = createAuthenticator(database, {
    embeddedIssuer: identity ? config.issuer : undefined,
    embeddedJwks: identity?.keys.publicJwks,
    externalIssuers: config.OIDC_ISSUERS,
    audience: config.OIDC_AUDIENCE,
  });
  const deviceLink = createDeviceLink();
  const platform: Platform = {
    config,
    database,
    auth,
    access: createAccess(auth, database),
    hub,
    jobs,
    queue,
    health,
    deviceLink,
    envelope: envelopeSchema,
  };

  await app.register(
    async (api) => {
      for (const register of MODULES) await register(api, platform);
      if (!deviceLink.provided)
        throw new Error('no module provided platform.deviceLink (modules/device-link does)');
    },
    { prefix: '/api/v1' },
  );
  // After the modules: the queues they defined start working at once, the timed jobs' runs too.
  await queue.start();
  await jobs.open();
  await registerLive(app, auth, hub, config.LIVE_RECHECK_SECONDS);
  await registerWeb(app, config.webDist);
  app.addHook('onClose', async () => {
    // Running jobs are given up (they run again on another replica or after the restart).
    await jobs.close();
    await queue.stop();
    hub.closeAll();
    await bus.close();
  });

  await app.ready();
  return { app, platform };
}
