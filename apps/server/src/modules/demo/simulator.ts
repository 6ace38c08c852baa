// `npm start` shows a moving fleet: with DEMO on, SIMULATOR not false and the device link
// running, the demo fleet's devices connect to the broker as real MQTT clients (apps/simulator).
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { DeviceLink } from '../../platform/deviceLink.ts';
import { type DemoDevice, seedDemoFleet, seedDemoFleetHistory } from './fleet.ts';

/** Whether this start runs the demo fleet (DEMO on, SIMULATOR not false, the device link on). */
const fleetWanted = (config: Config) => config.DEMO && config.SIMULATOR && config.mqttEnabled;

/**
 * The demo fleet's vehicles and devices, and the weeks before up to now, so the dashboard and the
 * scores have numbers from the first minute. Written before the server answers: the history is
 * about 100,000 positions on a first start, and on the embedded database every request would wait
 * behind it (a console opened at "running" stayed blank for half a minute).
 */
export async function seedDemoFleetAndHistory(
  config: Config,
  database: DatabaseHandle,
  log: FastifyBaseLogger,
): Promise<DemoDevice[]> {
  if (!fleetWanted(config)) return [];
  const devices = await seedDemoFleet(database);
  if (devices.length === 0) return [];
  const began = Date.now();
  const positions = await seedDemoFleetHistory(database);
  if (positions > 0) log.info({ positions, ms: Date.now() - began }, 'demo fleet history seeded');
  return devices;
}

/** Connects the seeded devices to our own broker once the server runs. */
export async function startDemoSimulator(
  config: Config,
  link: Pick<DeviceLink, 'url'>,
  devices: DemoDevice[],
  log: FastifyBaseLogger,
): Promise<{ stop(): Promise<void> } | undefined> {
  if (!fleetWanted(config) || devices.length === 0) return undefined;
  // Only against our own link: with the embedded broker's port taken, another server holds it.
  const url = link.url;
  if (!url) {
    log.warn('the demo fleet simulator is not started: the device link is not running');
    return undefined;
  }
  const { startFleet } = await import('@fleetlens/simulator');
  const fleet = startFleet(devices, { url, log: (line) => log.info({ module: 'simulator' }, line) });
  log.info({ devices: devices.length, url }, 'demo fleet simulator started (SIMULATOR=false turns it off)');
  return fleet;
}
