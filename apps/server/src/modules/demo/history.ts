// The demo fleet's past, so a new user's dashboard and driving scores have numbers from the first
// minute: the last HISTORY_DAYS days of shifts in the yard the simulator drives (positions every
// SAMPLE_S seconds, connection and motion changes, operators signing on and off, a few harsh
// events), written in bulk into the tables the device link writes (the figures' triggers mark
// their hours as for any write), then the figures of those hours computed. A day a vehicle already
// has positions of (seeded before, or driven live by the simulator) is left alone: a restart adds
// only the days it was away, and a second start adds nothing.
//
// Deterministic (a seeded random source per vehicle and day) and pure up to `writeDemoHistory`.
import { dayStartMs, localDateOf } from '@fleetlens/contracts';
import {
  DEMO_YARD,
  headingOf,
  intersections,
  type Point,
  routeBetween,
  toLatLng,
} from '@fleetlens/simulator/yard';
import type { DatabaseHandle } from '../../db/client.ts';
import { settleFigures } from '../drive-summary/figures.repository.ts';
import { daysWithPositions, insertHistory } from './repository.ts';

export const HISTORY_DAYS = 35;
/** Seconds between two positions: two minutes keep the seeding of a first start to a few seconds (within MAX_POSITION_GAP_S, so the segments stay whole). */
export const SAMPLE_S = 120;
/** The demo customer's day (Tokyo, UTC+9): shifts 08:00–12:00 and 13:00–17:00, Saturdays mornings only. */
export const DEMO_TIMESETTING = 540;
const HOUR_MS = 3_600_000;
const SHIFTS: [number, number][] = [
  [8, 12],
  [13, 17],
];
const DAY_MS = 86_400_000;
/** Harsh events per driving sample, and their types by how often they happen in a yard. */
const EVENT_RATE = 0.004;
const EVENT_TYPES = [
  ['SuddenAcceleration', 0.3],
  ['SuddenDeceleration', 0.3],
  ['SuddenTurn', 0.25],
  ['Speed', 0.1],
  ['Impact', 0.05],
] as const;

/** The event type at a point (0 to 1) of the types' shares laid end to end. */
function typeOf(pick: number): string {
  let left = pick;
  for (const [type, share] of EVENT_TYPES) {
    left -= share;
    if (left < 0) return type;
  }
  return EVENT_TYPES[0][0];
}

export interface HistoryVehicle {
  devicePk: string;
  vehicleId: string;
  customerId: string;
}
export interface HistoryOperator {
  id: string;
  card: string;
}

export interface DayHistory {
  positions: { time: number; lat: number; lng: number; speed: number; direction: number }[];
  states: { kind: 'connection' | 'motion'; state: string; time: number }[];
  signOns: { action: 'sign-on' | 'sign-off'; operator: HistoryOperator; time: number }[];
  events: {
    time: number;
    type: string;
    lat: number;
    lng: number;
    speed: number;
    direction: number;
    operator: HistoryOperator | null;
  }[];
}

function random(seed: number) {
  let s = seed % 2 ** 31 || 1;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

/**
 * One vehicle's day (`day`: the instant the demo's local day begins; `index`: the vehicle's place in the fleet): each
 * shift it drives from intersection to intersection at 9 to 12 km/h and stands 1 to 4 minutes at
 * each (loading), the device on; signed on by one of the operators, two vehicles a shift
 * unidentified. Sundays off.
 */
export function dayHistory(index: number, day: number, operators: readonly HistoryOperator[]): DayHistory {
  const weekday = new Date(day + DEMO_TIMESETTING * 60_000).getUTCDay();
  const history: DayHistory = { positions: [], states: [], signOns: [], events: [] };
  if (weekday === 0) return history;
  const dayNumber = Math.round(day / DAY_MS);
  const rand = random(dayNumber * 31 + index * 7919);
  const points = intersections(DEMO_YARD);
  // One vehicle drives harder than the rest: its scores stand out.
  const rate = EVENT_RATE * (index === 2 ? 3 : 1);
  const shifts = weekday === 6 ? SHIFTS.slice(0, 1) : SHIFTS;
  for (const [n, [from, to]] of shifts.entries()) {
    const slot = (index + dayNumber + 2 * n) % 6;
    const operator = slot < operators.length ? (operators[slot] ?? null) : null;
    let t = day + from * HOUR_MS + Math.floor(rand() * 15) * 60_000;
    const end = day + to * HOUR_MS;
    history.states.push({ kind: 'connection', state: 'online', time: t });
    if (operator) history.signOns.push({ action: 'sign-on', operator, time: t });
    let at: Point = points[Math.floor(rand() * points.length)] ?? { x: 0, y: 0 };
    let route: Point[] = [];
    let standUntil = t + 60_000;
    let moving = false;
    let heading = 0;
    for (; t < end; t += SAMPLE_S * 1000) {
      let speed = 0;
      if (t >= standUntil) {
        if (route.length === 0) {
          const target = points[Math.floor(rand() * points.length)] ?? at;
          route = routeBetween(at, target);
        }
        speed = (2.5 + rand() * 0.8) * 3.6;
        let travel = (speed / 3.6) * SAMPLE_S;
        while (travel > 0 && route.length > 0) {
          const next = route[0] as Point;
          const left = Math.hypot(next.x - at.x, next.y - at.y);
          heading = headingOf(at, next);
          if (left <= travel) {
            travel -= left;
            at = next;
            route.shift();
          } else {
            at = { x: at.x + ((next.x - at.x) * travel) / left, y: at.y + ((next.y - at.y) * travel) / left };
            travel = 0;
          }
        }
        if (route.length === 0) standUntil = t + (1 + Math.floor(rand() * 4)) * 60_000;
      }
      if (speed > 0 !== moving) {
        moving = speed > 0;
        history.states.push({ kind: 'motion', state: moving ? 'running' : 'stopping', time: t });
      }
      const { lat, lng } = toLatLng(DEMO_YARD, at);
      const position = { time: t, lat, lng, speed: Math.round(speed * 10) / 10, direction: heading };
      history.positions.push(position);
      if (moving && rand() < rate) {
        const type = typeOf(rand());
        history.events.push({ ...position, time: t + 20_000, type, operator });
      }
    }
    if (moving) history.states.push({ kind: 'motion', state: 'stopping', time: end });
    if (operator) history.signOns.push({ action: 'sign-off', operator, time: end });
    history.states.push({ kind: 'connection', state: 'offline', time: end + 60_000 });
  }
  return history;
}

/** The local days to seed: the HISTORY_DAYS before today (the simulator drives today). */
export function historyDays(now: number): number[] {
  const today = dayStartMs(localDateOf(now, DEMO_TIMESETTING), DEMO_TIMESETTING);
  return Array.from({ length: HISTORY_DAYS }, (_, i) => today - (HISTORY_DAYS - i) * DAY_MS);
}

/**
 * Writes the days of history each vehicle lacks, then computes their figures. Answers how many
 * vehicle days it wrote.
 */
export async function seedDemoHistory(
  database: DatabaseHandle,
  vehicles: readonly HistoryVehicle[],
  operators: readonly HistoryOperator[],
  now: number,
): Promise<number> {
  const days = historyDays(now);
  const from = days[0] ?? now;
  let written = 0;
  for (const [index, vehicle] of vehicles.entries()) {
    const held = await daysWithPositions(database, vehicle.vehicleId, days);
    const history = days
      .filter((day) => !held.has(day))
      .map((day) => [day, dayHistory(index, day, operators)] as const)
      .filter(([, h]) => h.positions.length > 0);
    if (history.length === 0) continue;
    await database.transaction((tx) => insertHistory(tx, vehicle, history));
    written += history.length;
  }
  if (written > 0) {
    for (const customerId of new Set(vehicles.map((v) => v.customerId))) {
      const filter = {
        customerId,
        vehicleIds: vehicles.filter((v) => v.customerId === customerId).map((v) => v.vehicleId),
        from: new Date(from - HOUR_MS),
        to: new Date(now),
      };
      while ((await settleFigures(database, filter, 1000)) === 1000);
    }
  }
  return written;
}
