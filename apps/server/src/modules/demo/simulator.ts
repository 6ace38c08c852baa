// `npm start` shows a moving fleet: with DEMO on, SIMULATOR not false and the device link
// running, the demo fleet's devices connect to the broker as real MQTT clients (apps/simulator).
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { runningLinks } from '../device-link/link.ts';
import { seedDemoFleet, seedDemoFleetHistory } from './fleet.ts';

export async function startDemoSimulator(
  config: Config,
  database: DatabaseHandle,
  log: FastifyBaseLogger,
): Promise<{ stop(): Promise<void> } | undefined> {
  if (!config.DEMO || !config.SIMULATOR || !config.mqttEnabled) return undefined;
  // Only against our own link: with the embedded broker's port taken, another server holds it.
  const url = runningLinks.get(database)?.url;
  if (!url) {
    log.warn('the demo fleet simulator is not started: the device link is not running');
    return undefined;
  }
  const devices = await seedDemoFleet(database);
  if (devices.length === 0) return undefined;
  // The weeks before, up to now, so the dashboard and the scores have numbers from the first minute.
  const began = Date.now();
  const positions = await seedDemoFleetHistory(database);
  if (positions > 0) log.info({ positions, ms: Date.now() - began }, 'demo fleet history seeded');
  const { startFleet } = await import('@fleetlens/simulator');
  const fleet = startFleet(devices, { url, log: (line) => log.info({ module: 'simulator' }, line) });
  log.info({ devices: devices.length, url }, 'demo fleet simulator started (SIMULATOR=false turns it off)');
  return fleet;
}
