// Kitting's setup for the stories that speak MQTT as a device: a vehicle of Harbor Logistics
// with a device that has a secret, uniquely named (the story then connects as that device).
import type { ConsoleApi } from './ConsoleApi.ts';
import { test } from './test.ts';

export type VehicleWithDevice = Awaited<ReturnType<ConsoleApi['fitVehicle']>>;

/** The `test` of such a story: its `vehicle` fixture is the vehicle set up for it, named after `prefix`. */
export const withVehicle = (prefix: string) =>
  test.extend<{ vehicle: VehicleWithDevice }>({
    vehicle: async ({ apiAs }, use) => {
      await use(await (await apiAs('kitting')).fitVehicle('Harbor Logistics', prefix));
    },
  });
