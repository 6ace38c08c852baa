// The demo fleet's simulator connects only to this server's own device link (platform.deviceLink's url).
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import type { DemoDevice } from './fleet.ts';
import { startDemoSimulator } from './simulator.ts';

const device: DemoDevice = { deviceId: 'DEMO-1', secret: 's', cards: [], cameraIds: [], vehicle: 'v' };

function logger() {
  const warnings: string[] = [];
  const log = { warn: (line: string) => void warnings.push(line), info: () => {} } as Pick<
    FastifyBaseLogger,
    'warn' | 'info'
  >;
  return { warnings, log: log as FastifyBaseLogger };
}

describe('the demo fleet simulator', () => {
  it('stays off, and says why, while the device link does not run here', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DEMO: 'true', SIMULATOR: 'true', MQTT_ENABLED: 'true' });
    const { warnings, log } = logger();
    expect(await startDemoSimulator(config, { url: undefined }, [device], log)).toBeUndefined();
    expect(warnings).toEqual(['the demo fleet simulator is not started: the device link is not running']);
  });

  it('stays off without a word when it is not wanted', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DEMO: 'true', SIMULATOR: 'false', MQTT_ENABLED: 'true' });
    const { warnings, log } = logger();
    expect(await startDemoSimulator(config, { url: 'mqtt://127.0.0.1:1' }, [device], log)).toBeUndefined();
    expect(warnings).toEqual([]);
  });
});
