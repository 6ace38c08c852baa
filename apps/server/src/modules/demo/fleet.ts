// The demo fleet the simulator drives: six forklift-type vehicles of Harbor Logistics, each with
// its on-board device and one to four cameras, four operators with their RFID cards, and the
// yard's safety zone they cross (the dock walkway, @fleetlens/simulator/site-zones). Created once (a vehicle or card
// that exists is never overwritten). At every start the devices get fresh secrets, which only the
// in-process simulator receives, as a kitting user would hand them to a real device.
import { demoZones } from '@fleetlens/simulator/site-zones';
import type { DatabaseHandle } from '../../db/client.ts';
import { issueSecret } from '../device-link/public.ts';
import { seedDemoFuel } from '../fuel/public.ts';
import { seedDemoLockout } from '../lockouts/public.ts';
import { seedDemoMaintenance } from '../maintenances/public.ts';
import { DEMO_CHECK_DAYS, seedDemoChecks } from '../pre-shift-checks/public.ts';
import { DEMO_TIMESETTING, seedDemoHistory, shiftSignOns } from './history.ts';
import {
  camerasOf,
  customerIdOf,
  devicePkOf,
  ensureOperatorGroup,
  ensureOperatorWithCard,
  historySubjects,
  insertVehicleWithDevice,
  insertZonesOnce,
  lastHourMeterOf,
} from './repository.ts';

// `hours`: what each device's hour meter has counted when the fleet is first seeded.
const VEHICLES = [
  { name: 'FL-01 Counterbalance', type: 'counter', deviceId: '9000000001', cameras: 2, hours: 2140 },
  { name: 'FL-02 Counterbalance', type: 'counter', deviceId: '9000000002', cameras: 1, hours: 1875 },
  { name: 'RT-03 Reach truck', type: 'reach', deviceId: '9000000003', cameras: 4, hours: 3320 },
  { name: 'RT-04 Reach truck', type: 'reach', deviceId: '9000000004', cameras: 2, hours: 2960 },
  { name: 'RS-05 Reach stacker', type: 'reach_stacker', deviceId: '9000000005', cameras: 3, hours: 4410 },
  { name: 'TT-06 Towing tractor', type: 'towing_tractor', deviceId: '9000000006', cameras: 1, hours: 1530 },
] as const;

const OPERATORS = [
  { code: 'OP-101', first: 'Haruto', last: 'Sato', card: '0410A1B2C301' },
  { code: 'OP-102', first: 'Yui', last: 'Suzuki', card: '0410A1B2C302' },
  { code: 'OP-103', first: 'Min', last: 'Aung', card: '0410A1B2C303' },
  { code: 'OP-104', first: 'Li', last: 'Wei', card: '0410A1B2C304' },
] as const;

export interface DemoDevice {
  deviceId: string;
  secret: string;
  cards: string[];
  /** The registered cameras' ids, by position: what the simulated device films with. */
  cameraIds: string[];
  vehicle: string;
  /** The device's hour meter as it last told it: the simulated device counts on from there. */
  hourMeter?: number;
}

/**
 * The demo fleet's past up to `now` (history.ts), from each vehicle's last position on; answers how
 * many positions it wrote. The operators in OPERATORS' order: the roster the simulator's devices
 * get as their `cards`, so the past and the live shifts sign on the same operator.
 */
export async function seedDemoFleetHistory(database: DatabaseHandle, now = Date.now()): Promise<number> {
  const c = await customerIdOf(database, 'harbor');
  if (!c) return 0;
  const { vehicles, operators } = await historySubjects(
    database,
    c,
    VEHICLES.map((v) => v.deviceId),
    OPERATORS,
  );
  const written = await seedDemoHistory(database, vehicles, operators, now);
  await seedDemoFuel(database, c, DEMO_TIMESETTING, now); // the fuel log, from the hours just written
  await seedDemoLockout(database, c, now); // a vehicle locked after one of the week's impacts, and released
  // The week's pre-shift checks, after the impact's lock: the failed check's lock keeps clear of it.
  const from = now - DEMO_CHECK_DAYS * 86_400_000;
  const starts = vehicles.flatMap((v, index) =>
    shiftSignOns(index, vehicles.length, from, now, operators).map((s) => ({
      vehicleId: v.vehicleId,
      operatorId: s.operator.id,
      signedOnAt: s.time,
      shift: s.shift,
      vehicle: index,
    })),
  );
  await seedDemoChecks(database, c, starts, now);
  return written;
}

export async function seedDemoFleet(database: DatabaseHandle): Promise<DemoDevice[]> {
  const c = await customerIdOf(database, 'harbor');
  if (!c) return [];
  const devices: DemoDevice[] = [];
  await database.transaction(async (tx) => {
    const group = await ensureOperatorGroup(tx, c, 'Day shift', 'Demo operators');
    for (const o of OPERATORS) await ensureOperatorWithCard(tx, c, group, o);
    for (const v of VEHICLES) {
      const devicePk = (await devicePkOf(tx, v.deviceId)) ?? (await insertVehicleWithDevice(tx, c, v));
      if (!devicePk) continue;
      const { secret } = await issueSecret(tx, devicePk, null);
      // What is registered now (a fleet seeded earlier keeps its cameras and names).
      const cameras = await camerasOf(tx, devicePk);
      devices.push({
        deviceId: v.deviceId,
        secret,
        cards: OPERATORS.map((o) => o.card),
        cameraIds: cameras.map((camera) => camera.camera_id),
        vehicle: cameras[0]?.vehicle ?? v.name,
        hourMeter: await lastHourMeterOf(tx, devicePk),
      });
    }
    await seedDemoMaintenance(tx, c);
    // Before the history: its past is capped by the zones' limits and breaks their rules.
    await insertZonesOnce(tx, c, demoZones());
  });
  return devices;
}
