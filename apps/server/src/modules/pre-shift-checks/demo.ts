// The demo's pre-shift checks, seeded with the demo fleet's history (modules/demo): a checklist per
// vehicle type of the demo fleet (a forklift's usual items, the towing tractor's coupling instead
// of forks), and the checks of the last DEMO_CHECK_DAYS days, one by each operator the roster signs
// on to a vehicle, a few minutes into the shift. Most pass; some fail an item that is not critical,
// with the operator's note; once, on the first seeding, a check fails a critical item and its
// vehicle is locked until the manager releases it (lockouts' demo, never across another lock).
// The simulator answers no checks: each start fills the shifts since the latest check, through the
// module's own writes. The operators of one vehicle skipped their checks for the last day: the
// dashboard's card of vehicles driven today without a check shows it on a fresh start, whatever
// the viewer's time zone (its day began less than a day ago).
// Deterministic: the outcome is the shift's and the vehicle's.
import type { CheckAnswer, CheckItem, VehicleType } from '@fleetlens/contracts';
import type { DatabaseHandle, Queryable } from '../../db/client.ts';
import { demoCheckLockFits, seedDemoCheckLockout } from '../lockouts/public.ts';
import {
  type CheckVehicle,
  checkVehicle,
  insertCheck,
  insertTemplate,
  lastCheckAt,
  operatorNames,
} from './repository.ts';

export const DEMO_CHECK_DAYS = 7;
const DAY_MS = 86_400_000;

const FORKS: CheckItem = { text: 'Forks, chains and mast: no cracks, bends or worn links', critical: true };
const HYDRAULICS: CheckItem = {
  text: 'No hydraulic leaks at cylinders, hoses or under the truck',
  critical: true,
};
const DEMO_BRAKES: CheckItem = { text: 'Service and parking brakes hold', critical: true };
const HORN_LIGHTS: CheckItem = { text: 'Horn, lights and beacon work', critical: false };
const SEAT_BELT: CheckItem = { text: 'Seat belt fastens and is undamaged', critical: true };
const TYRES: CheckItem = { text: 'Tyres and wheels: no cuts, wear or loose nuts', critical: false };
const COUPLING: CheckItem = { text: 'Tow coupling and pin secure', critical: true };

/** The checklist of a demo vehicle type: a forklift's, the towing tractor's coupling for its forks. */
export const demoChecklist = (type: VehicleType): CheckItem[] => [
  type === 'towing_tractor' ? COUPLING : FORKS,
  HYDRAULICS,
  DEMO_BRAKES,
  HORN_LIGHTS,
  SEAT_BELT,
  TYRES,
];

/** The faults operators note on an item that is not critical. */
const MINOR_FAULTS: readonly { item: string; note: string }[] = [
  { item: HORN_LIGHTS.text, note: 'Left rear work light out; reported to the workshop' },
  { item: TYRES.text, note: 'Front left tyre worn near the limit' },
  { item: HORN_LIGHTS.text, note: 'Beacon flickers' },
  { item: TYRES.text, note: 'One wheel nut loose, tightened' },
];
const CRITICAL_NOTE = 'Pedal sinks slowly; oil drip by the front left wheel';
/** One check in this many fails an item that is not critical. */
const MINOR_EVERY = 11;
/** The fleet's place of the vehicle whose checks of the last MISSED_MS before now were skipped. */
export const DEMO_MISSED_VEHICLE = 0;
/** A day, and a day that changes its clock's offset. */
const MISSED_MS = 26 * 3_600_000;
/** The failed critical check is the one nearest this long before now (mid-week). */
const CRITICAL_AGO_MS = 3 * DAY_MS;

/** An operator the roster signed on to a vehicle at a shift's start. */
export interface DemoShiftStart {
  vehicleId: string;
  operatorId: string;
  signedOnAt: number;
  /** The shift's number and the vehicle's place in the fleet: what the check's outcome follows. */
  shift: number;
  vehicle: number;
}

type Outcome = { kind: 'passed' } | { kind: 'minor'; item: string; note: string } | { kind: 'critical' };

/** A few minutes after the sign-on, on a whole second. */
const doneAt = (s: DemoShiftStart) =>
  s.signedOnAt + (2 + ((s.shift * 7 + s.vehicle * 3) % 9)) * 60_000 + ((s.shift + s.vehicle) % 60) * 1000;

function outcomeOf(s: DemoShiftStart): Outcome {
  if ((s.shift * 5 + s.vehicle) % MINOR_EVERY !== 0) return { kind: 'passed' };
  const fault = MINOR_FAULTS[s.shift % MINOR_FAULTS.length] ?? { item: '', note: '' };
  return { kind: 'minor', ...fault };
}

/** The answers to the vehicle's checklist as it is now (a list changed by hand is answered as it reads). */
function answersOf(items: readonly CheckItem[], outcome: Outcome): CheckAnswer[] {
  const critical =
    items.find((i) => i.text === DEMO_BRAKES.text && i.critical) ?? items.find((i) => i.critical);
  const failed = (item: CheckItem) =>
    outcome.kind === 'critical'
      ? item === critical
      : outcome.kind === 'minor' && !item.critical && item.text === outcome.item;
  return items.map((item) => {
    if (!failed(item)) return { ...item, passed: true, note: '' };
    return { ...item, passed: false, note: outcome.kind === 'minor' ? outcome.note : CRITICAL_NOTE };
  });
}

/** A checklist for each vehicle type without one (on the first seeding only: one removed stays removed). */
async function ensureChecklists(tx: Queryable, customerId: string, vehicleIds: readonly string[]) {
  for (const id of vehicleIds) {
    const vehicle = await checkVehicle(tx, id);
    if (vehicle?.customer_id === customerId && vehicle.items === null)
      await insertTemplate(tx, customerId, {
        vehicle_type: vehicle.vehicle_type,
        items: demoChecklist(vehicle.vehicle_type),
      });
  }
}

/** The check nearest mid-week whose lock would cross no other lock of its vehicle. */
async function criticalOf(
  tx: Queryable,
  customerId: string,
  due: readonly (DemoShiftStart & { at: number })[],
  now: number,
) {
  const byNearness = [...due].sort(
    (a, b) => Math.abs(a.at - (now - CRITICAL_AGO_MS)) - Math.abs(b.at - (now - CRITICAL_AGO_MS)),
  );
  for (const s of byNearness)
    if (await demoCheckLockFits(tx, { customerId, vehicleId: s.vehicleId, doneAt: new Date(s.at) }, now))
      return s;
  return undefined;
}

/**
 * Writes the checks of `starts` done after the customer's latest check, within the last
 * DEMO_CHECK_DAYS days and by `now`; answers how many it wrote.
 */
export async function seedDemoChecks(
  database: DatabaseHandle,
  customerId: string,
  starts: readonly DemoShiftStart[],
  now: number,
): Promise<number> {
  const last = await lastCheckAt(database, customerId);
  const since = Math.max(now - DEMO_CHECK_DAYS * DAY_MS, last?.getTime() ?? 0);
  const due = starts
    .map((s) => ({ ...s, at: doneAt(s) }))
    .filter((s) => s.at > since && s.at <= now)
    .filter((s) => s.vehicle !== DEMO_MISSED_VEHICLE || s.at <= now - MISSED_MS)
    .sort((a, b) => a.at - b.at);
  if (due.length === 0) return 0;
  return database.transaction(async (tx) => {
    const vehicleIds = [...new Set(due.map((s) => s.vehicleId))];
    if (!last) await ensureChecklists(tx, customerId, vehicleIds);
    const vehicles = new Map<string, CheckVehicle | undefined>();
    for (const id of vehicleIds) vehicles.set(id, await checkVehicle(tx, id));
    const names = await operatorNames(tx, customerId, [...new Set(due.map((s) => s.operatorId))]);
    const critical = last ? undefined : await criticalOf(tx, customerId, due, now);
    let written = 0;
    for (const s of due) {
      const vehicle = vehicles.get(s.vehicleId);
      const operatorName = names.get(s.operatorId);
      // A vehicle of another customer, or without a checklist (removed by hand), has no check to answer.
      if (vehicle?.customer_id !== customerId || !vehicle.items?.length || !operatorName) continue;
      const items = answersOf(vehicle.items, s === critical ? { kind: 'critical' } : outcomeOf(s));
      const criticalFailed = items.some((i) => i.critical && !i.passed);
      const check = { customerId, vehicleId: s.vehicleId, operatorId: s.operatorId, operatorName };
      const at = new Date(s.at);
      const id = await insertCheck(
        tx,
        { ...check, passed: items.every((i) => i.passed), criticalFailed, items },
        at,
      );
      if (criticalFailed)
        await seedDemoCheckLockout(tx, { customerId, vehicleId: s.vehicleId, checkId: id, doneAt: at });
      written += 1;
    }
    return written;
  });
}
