// A fleet of simulated devices on one broker. The server starts one for the demo customer
// (SIMULATOR=false turns it off); `npm start -w @fleetlens/simulator` runs one on its own.
import { type DeviceIdentity, SimulatedDevice, type SimulatorOptions } from './device.ts';
import { DEMO_YARD } from './yard.ts';

export interface Fleet {
  devices: SimulatedDevice[];
  stop(): Promise<void>;
}

export function startFleet(
  identities: DeviceIdentity[],
  options: Partial<SimulatorOptions> & { url: string },
): Fleet {
  const devices = identities.map(
    (identity, index) =>
      new SimulatedDevice(
        { place: { index, of: identities.length }, ...identity },
        {
          yard: DEMO_YARD,
          tickMs: 1000,
          // about once an hour per device
          offlineChance: 1 / 3600,
          ...options,
        },
      ),
  );
  // Spread the connections over a second so a large fleet does not knock all at once.
  const starts = devices.map((device, i) =>
    setTimeout(() => device.start(), Math.floor((i * 1000) / devices.length)),
  );
  return {
    devices,
    stop: async () => {
      for (const start of starts) clearTimeout(start);
      await Promise.all(devices.map((d) => d.stop()));
    },
  };
}

export { clipArguments, DEFAULT_ENCODERS, ffmpegPath, setEncoders, withClip } from './camera.ts';
export type { DeviceIdentity } from './device.ts';
export { type FirmwareFault, FirmwareUpdater, faultOf } from './firmware.ts';
export { LiveCameras, TIME_BAR } from './live.ts';
export { seededRandom } from './random.ts';
export { Recorder, RING_MS, type VideoAnswer } from './recorder.ts';
export { harshRate, rosterPlace, shiftAt } from './shift.ts';
export { DEMO_YARD } from './yard.ts';
