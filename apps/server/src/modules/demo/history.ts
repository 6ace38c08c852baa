// The demo fleet's past, so a new user's dashboard and driving scores have numbers from the first
// minute: from HISTORY_DAYS days ago up to now (today's hours before the start included), the
// yard's shifts as the live simulator drives them (the one model of apps/simulator's shift.ts:
// round the clock, the roster's operators one vehicle each, harsh events at the model's rate per
// driving hour) with their stops (loading with the engine running, waits and a break with it
// off), a position every SAMPLE_S seconds and at each arrival and departure, connection and
// motion changes and sign-ons,
// written in bulk into the tables the device link writes (the figures' triggers mark their hours
// as for any write), then the figures of those hours computed. Each vehicle is filled from its
// last position on (seeded before, or driven live by the simulator): a restart adds only the
// time it was away, and a second start adds nothing.
//
// The devices hold their vehicles under the speed limits of the customer's zones (zone-speed-limits),
// so the past does too; the zones' rules are replayed over each vehicle's past, and what broke them
// (a vehicle on the dock walkway at lunch) is stored as ZoneBreach events, as the evaluation stores
// the live ones.
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
import { speedLimitAt, trackBreaches, zoneSetOf, zonesOfCustomer } from '../zones/public.ts';
import { insertHistory, insertHistoryBreaches, lastPositionAt } from './repository.ts';

export const HISTORY_DAYS = 35;
/** Seconds between two positions at most: three minutes keep a first start's seeding to seconds, within MAX_POSITION_GAP_S (the segments stay whole). */
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

/** A loading stop with the engine running (idle), in minutes: at least, and at most more. */
const LOADING_MIN = [1, 2] as const;
/** One stop in this many is a wait with the engine off, of these minutes. */
const WAIT_EVERY = 10;
const WAIT_MIN = [5, 10] as const;
/** Legs driven between two stops: at least, and at most more (through the intersections between). */
const LEGS = [4, 6] as const;
/** The shift's break with the engine off: from this many hours in, for these minutes. */
const BREAK_AFTER_H = [3, 2] as const;
const BREAK_MIN = [45, 15] as const;

/**
 * Vehicle `index` of a fleet of `fleetSize` in one shift, as a tachograph reads it: four to nine
 * legs from intersection to intersection at 8 to 15 km/h, then a stop: loading with the engine
 * running (idle, one to three minutes), now and then a wait with the engine off
 * (stopped), and once a shift a break of 45 to 60 minutes with the engine off (a break by the
 * tachograph's default limits). A position every SAMPLE_S seconds, and one at each arrival and
 * departure, so a stop shorter than the sampling still reads as one. The
 * roster's operator of that vehicle and shift is signed on (none: unidentified), and signs off a
 * second before the shift ends, when the next one signs on.
 */
export function shiftHistory(
  index: number,
  fleetSize: number,
  shift: Shift,
  operators: readonly HistoryOperator[],
): History {
  const history = empty();
  const rand = random(shift.index * 31 + index * 7919);
  const between = ([least, more]: readonly [number, number]) => least + rand() * more;
  /** Minutes from a range, on a whole second (times stay whole seconds, as the devices send them). */
  const minutes = (range: readonly [number, number]) => Math.round(between(range) * 60) * 1000;
  const place = rosterPlace(index, shift.index, fleetSize, operators.length);
  const operator = place === undefined ? null : (operators[place] ?? null);
  const perDrivingMs = harshRate(place) / HOUR_MS;
  const points = intersections(DEMO_YARD);
  const step = SAMPLE_S * 1000;
  let t = shift.start;
  let at: Point = points[Math.floor(rand() * points.length)] ?? { x: 0, y: 0 };
  let heading = 0;
  let motion = '';
  const position = (time: number, speed: number) => {
    const { lat, lng } = toLatLng(DEMO_YARD, at);
    const p = { time, lat, lng, speed: Math.round(speed * 10) / 10, direction: heading };
    history.positions.push(p);
    return p;
  };
  const engine = (state: 'running' | 'stopping', time: number) => {
    if (state !== motion) history.states.push({ kind: 'motion', state, time });
    motion = state;
  };
  /** Standing at `at` until `until` (or the shift's end): a position when it stands, every SAMPLE_S and when it leaves. */
  const stand = (until: number, running: boolean) => {
    // Standing still a second after it arrived at speed; the shift's last second is the next one's.
    if (t + 2000 >= shift.end) {
      t = shift.end;
      return;
    }
    t += 1000;
    position(t, 0);
    engine(running ? 'running' : 'stopping', t);
    const end = Math.min(until, shift.end - 1000);
    for (let next = t + step; next < end; next += step) position(next, 0);
    if (end > t) position(end, 0);
    t = Math.max(t, end);
    engine('running', t);
  };
  history.states.push({ kind: 'connection', state: 'online', time: t });
  if (operator) history.signOns.push({ action: 'sign-on', operator, time: t });
  engine('running', t);
  position(t, 0);
  const breakAt = shift.start + between(BREAK_AFTER_H) * HOUR_MS;
  let rested = false;
  while (t < shift.end - step) {
    // A leg: positions while it drives, the last one where it arrives.
    const route: Point[] = [];
    for (let leg = Math.floor(between(LEGS)), from = at; leg > 0; leg--) {
      const to = points[Math.floor(rand() * points.length)] ?? from;
      route.push(...routeBetween(from, to));
      from = to;
    }
    const cruise = 2.2 + rand() * 2; // m/s, as the live model's legs (60 to 100 % of 15 km/h)
    while (route.length > 0 && t < shift.end - 1000) {
      let travel = Math.min(cruise * SAMPLE_S, (cruise * (shift.end - 1000 - t)) / 1000);
      const left = travel;
      while (travel > 0 && route.length > 0) {
        const next = route[0] as Point;
        const gap = Math.hypot(next.x - at.x, next.y - at.y);
        heading = headingOf(at, next);
        if (gap <= travel) {
          travel -= gap;
          at = next;
          route.shift();
        } else {
          at = { x: at.x + ((next.x - at.x) * travel) / gap, y: at.y + ((next.y - at.y) * travel) / gap };
          travel = 0;
        }
      }
      const driven = Math.max(1, Math.round((left - travel) / cruise)) * 1000;
      if (rand() < perDrivingMs * driven) {
        const p = toLatLng(DEMO_YARD, at);
        history.events.push({
          ...p,
          time: t + Math.floor(rand() * driven),
          type: typeOf(rand()),
          speed: Math.round(cruise * 36) / 10,
          direction: heading,
          operator,
        });
      }
      t += driven;
      position(t, cruise * 3.6);
    }
    if (!rested && t >= breakAt) {
      rested = true;
      stand(t + minutes(BREAK_MIN), false);
    } else if (rand() * WAIT_EVERY < 1) stand(t + minutes(WAIT_MIN), false);
    else stand(t + minutes(LOADING_MIN), true);
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

/**
 * The shifts that start in (from, to] with the roster's operator signing on to vehicle `index` (a
 * slot without an operator drives unidentified): who is there to answer the pre-shift check.
 */
export function shiftSignOns(
  index: number,
  fleetSize: number,
  from: number,
  to: number,
  operators: readonly HistoryOperator[],
): { shift: number; time: number; operator: HistoryOperator }[] {
  const signOns = [];
  for (let shift = shiftAt(from); shift.start <= to; shift = shiftAt(shift.end)) {
    const place = rosterPlace(index, shift.index, fleetSize, operators.length);
    const operator = place === undefined ? undefined : operators[place];
    if (operator && shift.start > from) signOns.push({ shift: shift.index, time: shift.start, operator });
  }
  return signOns;
}

/** Where the history begins: the start of the demo's local day HISTORY_DAYS before today. */
export function historyStart(now: number): number {
  return dayStartMs(localDateOf(now, DEMO_TIMESETTING), DEMO_TIMESETTING) - HISTORY_DAYS * DAY_MS;
}

type ZoneSet = ReturnType<typeof zoneSetOf>;

/** The history as the devices drove it: no faster than the speed limit of a zone it is in. */
export function cappedToZones(history: History, zones: ZoneSet): History {
  const capped = <P extends { lat: number; lng: number; speed: number }>(p: P): P => {
    const limit = speedLimitAt(zones, p.lng, p.lat);
    return limit === undefined || p.speed <= limit ? p : { ...p, speed: limit };
  };
  return { ...history, positions: history.positions.map(capped), events: history.events.map(capped) };
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
  const zoneSets = new Map<string, ZoneSet>();
  for (const [index, vehicle] of vehicles.entries()) {
    const last = Math.max(start, (await lastPositionAt(database, vehicle.vehicleId)) ?? start);
    let zones = zoneSets.get(vehicle.customerId);
    if (!zones) {
      zones = zoneSetOf(await zonesOfCustomer(database, vehicle.customerId));
      zoneSets.set(vehicle.customerId, zones);
    }
    const history = cappedToZones(historyBetween(index, vehicles.length, last, now, operators), zones);
    if (history.positions.length === 0) continue;
    from = Math.min(from, last);
    const breaches = trackBreaches(zones, history.positions);
    await database.transaction(async (tx) => {
      await insertHistory(tx, vehicle, history);
      await insertHistoryBreaches(tx, vehicle, breaches);
    });
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
