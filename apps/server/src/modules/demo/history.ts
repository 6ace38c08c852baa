// The demo fleet's past, so a new user's dashboard and driving scores have numbers from the first
// minute: from HISTORY_DAYS days ago up to now (today's hours before the start included), the
// yard's shifts as the live simulator drives them (the one model of apps/simulator's shift.ts:
// round the clock, the roster's operators one vehicle each, harsh events at the model's rate per
// driving hour), a position every SAMPLE_S seconds, connection and motion changes and sign-ons,
// written in bulk into the tables the device link writes (the figures' triggers mark their hours
// as for any write), then the figures of those hours computed. Each vehicle is filled from its
// last position on (seeded before, or driven live by the simulator): a restart adds only the
// time it was away, and a second start adds nothing.
//
// Deterministic (a seeded random source per vehicle and shift) and pure up to `seedDemoHistory`.
import { dayStartMs, localDateOf } from '@fleetlens/contracts';
import { harshRate, rosterPlace, type Shift, shiftAt, YARD_TIMESETTING } from '@fleetlens/simulator/shift';
import {
  DEMO_YARD,
  headingOf,
  intersections,
  type Point,
  routeBetween,
  toLatLng,
} from '@fleetlens/simulator/yard';
import type { DatabaseHandle } from '../../db/client.ts';
import { settleFigures } from '../drive-summary/public.ts';
import { insertHistory, lastPositionAt } from './repository.ts';

export const HISTORY_DAYS = 35;
/** Seconds between two positions: three minutes keep a first start's seeding to seconds, within MAX_POSITION_GAP_S (the segments stay whole). */
export const SAMPLE_S = 180;
/** The demo customer's day (Tokyo): the yard's (shift.ts). */
export const DEMO_TIMESETTING = YARD_TIMESETTING;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Harsh event types by how often they happen in a yard. */
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

export interface History {
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
  let s = Math.abs(seed) % 2 ** 31 || 1;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

const empty = (): History => ({ positions: [], states: [], signOns: [], events: [] });

/**
 * Vehicle `index` of a fleet of `fleetSize` in one shift: it drives from intersection to
 * intersection at 8 to 15 km/h and stands 1 to 4 minutes at each (loading), signed on by the
 * roster's operator of that vehicle and shift (none: unidentified), who signs off a second before
 * the shift ends and the next one signs on.
 */
export function shiftHistory(
  index: number,
  fleetSize: number,
  shift: Shift,
  operators: readonly HistoryOperator[],
): History {
  const history = empty();
  const rand = random(shift.index * 31 + index * 7919);
  const place = rosterPlace(index, shift.index, fleetSize, operators.length);
  const operator = place === undefined ? null : (operators[place] ?? null);
  const chance = (harshRate(place) * SAMPLE_S) / 3600;
  const points = intersections(DEMO_YARD);
  let t = shift.start;
  history.states.push({ kind: 'connection', state: 'online', time: t });
  if (operator) history.signOns.push({ action: 'sign-on', operator, time: t });
  let at: Point = points[Math.floor(rand() * points.length)] ?? { x: 0, y: 0 };
  let route: Point[] = [];
  let standUntil = t + 60_000;
  let moving = false;
  let heading = 0;
  let cruise = 3;
  for (; t < shift.end; t += SAMPLE_S * 1000) {
    let speed = 0;
    if (t >= standUntil) {
      if (route.length === 0) {
        route = routeBetween(at, points[Math.floor(rand() * points.length)] ?? at);
        cruise = 2.2 + rand() * 2; // m/s, as the live model's legs (60 to 100 % of 15 km/h)
      }
      speed = cruise * 3.6;
      let travel = cruise * SAMPLE_S;
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
    if (moving && rand() < chance) {
      const off = Math.floor(rand() * SAMPLE_S * 1000);
      history.events.push({ ...position, time: t + off, type: typeOf(rand()), operator });
    }
  }
  if (operator) history.signOns.push({ action: 'sign-off', operator, time: shift.end - 1000 });
  return history;
}

/**
 * What vehicle `index` did in (from, to]: the shifts across it, cut to it. A shift cut at `from`
 * opens with the connection and the sign-on at its first sample kept; one cut at `to` is under way
 * (no sign-off: the live simulator goes on with the same operator).
 */
export function historyBetween(
  index: number,
  fleetSize: number,
  from: number,
  to: number,
  operators: readonly HistoryOperator[],
): History {
  const history = empty();
  const inside = (time: number) => time > from && time <= to;
  for (let shift = shiftAt(from); shift.start < to; shift = shiftAt(shift.end)) {
    const whole = shiftHistory(index, fleetSize, shift, operators);
    const positions = whole.positions.filter((p) => inside(p.time));
    const first = positions[0];
    if (!first) continue;
    history.positions.push(...positions);
    history.events.push(...whole.events.filter((e) => inside(e.time)));
    const opened = first.time > shift.start;
    history.states.push(
      ...whole.states.filter((s) => inside(s.time)),
      ...(opened ? [{ kind: 'connection' as const, state: 'online', time: first.time }] : []),
    );
    const signOns = whole.signOns.filter((s) => inside(s.time));
    const operator = whole.signOns[0]?.operator;
    if (opened && operator) signOns.unshift({ action: 'sign-on', operator, time: first.time });
    history.signOns.push(...signOns);
  }
  return history;
}

/** Where the history begins: the start of the demo's local day HISTORY_DAYS before today. */
export function historyStart(now: number): number {
  return dayStartMs(localDateOf(now, DEMO_TIMESETTING), DEMO_TIMESETTING) - HISTORY_DAYS * DAY_MS;
}

/**
 * Writes what each vehicle lacks between its last position (or the history's start) and `now`,
 * then computes the figures. Answers how many positions it wrote.
 */
export async function seedDemoHistory(
  database: DatabaseHandle,
  vehicles: readonly HistoryVehicle[],
  operators: readonly HistoryOperator[],
  now: number,
): Promise<number> {
  const start = historyStart(now);
  let written = 0;
  let from = now;
  for (const [index, vehicle] of vehicles.entries()) {
    const last = Math.max(start, (await lastPositionAt(database, vehicle.vehicleId)) ?? start);
    const history = historyBetween(index, vehicles.length, last, now, operators);
    if (history.positions.length === 0) continue;
    from = Math.min(from, last);
    await database.transaction((tx) => insertHistory(tx, vehicle, history));
    written += history.positions.length;
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
