// The demo fleet's fuel log: three weeks of daily readings up to yesterday for each vehicle of the
// demo customer, as a clerk would have entered them, so the results grid and the report have
// figures on a fresh start. A day's working hours are the vehicle's operating hours of that day
// in its devices' figures (the seeded history and the live shifts), else a day shift; litres follow
// from a per-vehicle rate with a little day-to-day spread, and a refuel tops the tank up when it
// runs low. One reading is made unusual on purpose: the first vehicle's yesterday burns 39 % under
// its usual rate, which the report explains against the median. A vehicle that has readings
// already is left as it is, so a restart adds nothing.
import { addDays, localDateOf } from '@fleetlens/contracts';
import type { DatabaseHandle } from '../../db/client.ts';
import {
  demoVehicles,
  type NewVersion,
  operatingHoursByDay,
  vehiclesWithReadings,
  writeVersions,
} from './repository.ts';

export const FUEL_DEMO_DAYS = 21;
/** The tank of a demo vehicle without one: a mid-size diesel machine's. */
export const FUEL_DEMO_CAPACITY_L = 160;
/** How far under its rate the unusual day burns. */
export const FUEL_DEMO_ANOMALY = 0.61;

/** A repeatable spread in [-1, 1) from a vehicle's place and a day's. */
const spread = (vehicle: number, day: number) => {
  const x = Math.sin((vehicle + 1) * 12.9898 + (day + 1) * 78.233) * 43758.5453;
  return (x - Math.floor(x)) * 2 - 1;
};
const round1 = (n: number) => Math.round(n * 10) / 10;

/** A vehicle's readings over `days`, from its hours per day. Pure. */
export function demoReadings(
  place: number,
  vehicle: { id: string; customer_id: string; capacity_l: number; initial_hour_meter: number },
  days: string[],
  hoursOf: (day: string) => number | undefined,
): NewVersion[] {
  const rate = 3.6 + (place % 5) * 0.7;
  let meter = round1(vehicle.initial_hour_meter + 1200 + place * 350);
  let remaining = round1(vehicle.capacity_l * 0.8);
  const readings: NewVersion[] = [];
  for (const [i, day] of days.entries()) {
    const unusual = place === 0 && i === days.length - 1;
    const worked = Math.min(round1(hoursOf(day) ?? 7 + spread(place, i) * 1.5), 24);
    // The unusual day must be a day of work, or there is nothing to judge.
    const hours = unusual && worked < 4 ? 7 : worked;
    const used = round1(
      Math.max(hours * rate * (unusual ? FUEL_DEMO_ANOMALY : 1 + spread(place + 7, i) * 0.05), 0),
    );
    let received = 0;
    if (remaining - used < vehicle.capacity_l * 0.25 && used < vehicle.capacity_l)
      received = Math.round(Math.min(vehicle.capacity_l - remaining + used * 0.9, vehicle.capacity_l));
    meter = round1(meter + hours);
    remaining = round1(Math.min(Math.max(remaining + received - used, 0), vehicle.capacity_l));
    if (i === 0) received = 0;
    readings.push({
      customer_id: vehicle.customer_id,
      vehicle_id: vehicle.id,
      day,
      received_l: received,
      hour_meter: meter,
      remaining_l: remaining,
    });
  }
  return readings;
}

/** Seeds the demo customer's fuel log up to yesterday in `timesetting`'s days; answers the readings written. */
export async function seedDemoFuel(
  database: DatabaseHandle,
  customerId: string,
  timesetting: number,
  now = Date.now(),
) {
  const yesterday = addDays(localDateOf(now, timesetting), -1);
  const days = Array.from({ length: FUEL_DEMO_DAYS }, (_, i) => addDays(yesterday, i - FUEL_DEMO_DAYS + 1));
  return database.transaction(async (tx) => {
    const done = await vehiclesWithReadings(tx, customerId);
    const vehicles = await demoVehicles(tx, customerId, FUEL_DEMO_CAPACITY_L);
    const since = new Date(Date.parse(`${days[0]}T00:00:00Z`) - (timesetting + 24 * 60) * 60_000);
    const hours = new Map(
      (await operatingHoursByDay(tx, customerId, since, timesetting)).map((r) => [
        `${r.vehicle_id}/${r.day}`,
        Number(r.hours),
      ]),
    );
    const rows = vehicles
      .map((v, place) => ({ v, place }))
      .filter(({ v }) => !done.has(v.id))
      .flatMap(({ v, place }) =>
        demoReadings(place, { ...v, capacity_l: v.capacity_l ?? FUEL_DEMO_CAPACITY_L }, days, (day) =>
          hours.get(`${v.id}/${day}`),
        ),
      );
    await writeVersions(tx, rows, { userId: null, name: 'Demo fuel log', reason: '', source: 'demo' });
    return rows.length;
  });
}
