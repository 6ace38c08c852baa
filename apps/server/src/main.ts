// Starts the product: configuration, database (PGlite in DATA_DIR when DATABASE_URL is unset),
// migrations, the demo fleet and its history, then the server on PORT and the fleet's devices.
// SIGINT/SIGTERM close it in order: stop accepting, finish requests, close the database.
import { buildServer } from './app.ts';
import { loadConfig } from './config.ts';
import { openConfiguredDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { seedDemo } from './modules/demo/seed.ts';
import { seedDemoFleetAndHistory, startDemoSimulator } from './modules/demo/simulator.ts';

const config = loadConfig();
const database = await openConfiguredDatabase(config);
const applied = await migrate(database);
const { app, platform } = await buildServer({ config, database });
if (applied.length > 0) app.log.info({ applied }, 'migrations applied');

if (config.DEMO) {
  const seed = await seedDemo(database, config.DEMO_PASSWORD);
  const lines = seed.accounts.map((a) => `  ${a.username.padEnd(10)} ${a.role.padEnd(22)} ${a.company}`);
  console.log(
    `\nDemo accounts (password: ${config.DEMO_PASSWORD}):\n  ${'username'.padEnd(10)} ${'role'.padEnd(22)} company\n${lines.join('\n')}\n`,
  );
}

// Before the server answers: on a first start the fleet's history takes a while to write.
const demoDevices = await seedDemoFleetAndHistory(config, database, app.log);

// Declared before the signal handlers that stop it (a signal may arrive before it starts).
let simulator: Awaited<ReturnType<typeof startDemoSimulator>> | undefined;
let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await simulator?.stop();
    await app.close();
    await database.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.PORT, host: config.HOST });
console.log(`FleetLens is running at ${config.publicUrl}`);
// A part that did not start is said loudly, not left for a user to meet ("the vehicle is offline").
const health = (await app.inject('/healthz')).json() as { parts?: Record<string, string> };
for (const [part, state] of Object.entries(health.parts ?? {}))
  if (state === 'down')
    app.log.error({ part }, `${part} is down: see /healthz; the features that need it answer "unavailable"`);
simulator = await startDemoSimulator(config, platform.deviceLink, demoDevices, app.log);
