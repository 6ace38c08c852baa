// Runs a fleet on its own against any broker:
//   SIM_DEVICES=devices.json MQTT_URL=mqtt://127.0.0.1:18830 npm start -w @fleetlens/simulator
// devices.json: [{ "deviceId": "9000000001", "secret": "…", "cards": ["DEMO-CARD-01"],
//                  "cameraIds": ["CAM-1", "CAM-2"], "vehicle": "FL-01" }, …]  (cameras and vehicle optional)
// (secrets from POST /api/v1/device-link/devices/{id}/credentials, as a kitting user). `cards` is
// the roster: give every device the same cards in the same order, and shift.ts signs each
// operator on to one vehicle a shift (the devices' order in the file is their place in the fleet).
// Each device's hour meter is kept in SIM_STATE (default: devices.json.hour-meters.json) every
// minute and on stop, and read back at start, so a restarted device counts on from its last
// reading ("hourMeter" in devices.json wins).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { type DeviceIdentity, startFleet } from './fleet.ts';

const file = process.env.SIM_DEVICES;
if (!file) {
  console.error('SIM_DEVICES: a JSON file of devices (deviceId, secret, cards) is required');
  process.exit(2);
}
const stateFile = process.env.SIM_STATE ?? `${file}.hour-meters.json`;
const kept = existsSync(stateFile)
  ? (JSON.parse(readFileSync(stateFile, 'utf8')) as Record<string, number>)
  : {};
const identities = (JSON.parse(readFileSync(file, 'utf8')) as DeviceIdentity[]).map((identity) => ({
  ...identity,
  hourMeter: identity.hourMeter ?? kept[identity.deviceId],
}));
const url = process.env.MQTT_URL ?? 'mqtt://127.0.0.1:18830';
const fleet = startFleet(identities, { url, log: (line) => console.log(line) });
console.log(`simulating ${identities.length} devices on ${url}`);
const keep = () =>
  writeFileSync(
    stateFile,
    JSON.stringify(Object.fromEntries(fleet.devices.map((d) => [d.identity.deviceId, d.hourMeterNow]))),
  );
const keeping = setInterval(keep, 60_000);
const stop = () =>
  void fleet.stop().then(() => {
    clearInterval(keeping);
    keep();
    process.exit(0);
  });
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
