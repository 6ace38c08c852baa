// How the demo yard works, one model for the live simulator (device.ts) and the server's seeded
// past (apps/server/src/modules/demo/history.ts), so today's live hours look like the weeks before:
// - The yard (a container terminal) works around the clock in three shifts of eight hours, from
//   06:00, 14:00 and 22:00 its local time (Tokyo), every day.
// - Each shift the operators on the roster are spread over the vehicles, one vehicle each: an
//   operator is never signed on to two vehicles at once. The slots beyond the roster drive
//   unidentified (no card). The next shift moves everyone one vehicle on.
// - Harsh events come at a rate per hour of driving, the same for the live model's clock and the
//   history's samples; one operator drives harder, so the scores differ.
export const YARD_TIMESETTING = 540;
const HOUR_MS = 3_600_000;
export const SHIFT_MS = 8 * HOUR_MS;
/** The local hour the day's first shift begins. */
const FIRST_SHIFT_HOUR = 6;
/** Harsh events per hour of driving of a usual operator (a few a shift). */
export const HARSH_PER_DRIVING_HOUR = 0.5;
/** The roster's place of the operator who drives harder, and how much. */
const HARD_DRIVER = 2;
const HARD_FACTOR = 3;

export interface Shift {
  /** Shifts since the epoch: consecutive shifts have consecutive numbers. */
  index: number;
  start: number;
  end: number;
}

const OFFSET_MS = YARD_TIMESETTING * 60_000 - FIRST_SHIFT_HOUR * HOUR_MS;

/** The shift under way at `time` (ms since the epoch). */
export function shiftAt(time: number): Shift {
  const index = Math.floor((time + OFFSET_MS) / SHIFT_MS);
  const start = index * SHIFT_MS - OFFSET_MS;
  return { index, start, end: start + SHIFT_MS };
}

/**
 * The roster's place of the operator driving vehicle `vehicle` (its place in a fleet of
 * `fleetSize`) in shift `shift`, or undefined when that slot has no operator on the roster. Every
 * vehicle of the fleet gets another slot, so no place is answered for two vehicles of a shift.
 */
export function rosterPlace(vehicle: number, shift: number, fleetSize: number, rosterSize: number) {
  const slots = Math.max(fleetSize, rosterSize, 1);
  const slot = (((vehicle + shift) % slots) + slots) % slots;
  return slot < rosterSize ? slot : undefined;
}

/** Harsh events per hour of driving of the operator at the roster's `place` (undefined: unidentified). */
export function harshRate(place: number | undefined): number {
  return HARSH_PER_DRIVING_HOUR * (place === HARD_DRIVER ? HARD_FACTOR : 1);
}

/** Seconds of driving until the next harsh moment at `perHour`: exponential, as for events at random. */
export function nextHarshS(random: () => number, perHour: number): number {
  return (-Math.log(1 - random()) * 3600) / perHour;
}
