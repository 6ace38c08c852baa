// The rules of site safety zones applied to positions (docs/decisions/2026-12-07-zones.md). Pure:
// the clock is each position's own time, so a test gives every instant. A vehicle's stay in a
// zone starts with its first position inside and ends with its first outside (or after a silence
// longer than STAY_GAP_MS); each rule is broken at most once per stay:
// - no-entry: on entering;
// - hours: on entering at a local time (the zone's time zone) outside from–to;
// - speed-limit: at the first position inside faster than the limit;
// - dwell: at the first position inside more than N minutes after entering.
import {
  type Box,
  boxOf,
  inBox,
  type LngLat,
  openRing,
  pointInRing,
  type ZoneBreach,
  type ZonePolygon,
  type ZoneRule,
  type ZoneRuleType,
} from '@fleetlens/contracts';

/** A silence longer than this inside a zone ends the stay: the next position inside is a new entry. */
export const STAY_GAP_MS = 10 * 60 * 1000;

export interface CompiledZone {
  id: string;
  name: string;
  ring: LngLat[];
  box: Box;
  rules: ZoneRule[];
  /** The local time of day (minutes after midnight) of an instant, in the zone's time zone. */
  minuteOfDay(ms: number): number;
}

const clocks = new Map<string, Intl.DateTimeFormat>();
const clockOf = (timeZone: string) => {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clocks.set(timeZone, clock);
  }
  return clock;
};

export function compileZone(zone: {
  id: string;
  name: string;
  polygon: ZonePolygon;
  rules: ZoneRule[];
  time_zone: string;
}): CompiledZone {
  const ring = openRing((zone.polygon.coordinates[0] ?? []) as LngLat[]);
  const clock = clockOf(zone.time_zone);
  return {
    id: zone.id,
    name: zone.name,
    ring,
    box: boxOf(ring),
    rules: zone.rules,
    minuteOfDay: (ms) => {
      const [h = '0', m = '0'] = clock.format(ms).split(':');
      return Number(h) * 60 + Number(m);
    },
  };
}

/** A grid cell's side in degrees (about 200 m): a position looks only at the zones of its cell. */
const CELL = 0.002;
/** A zone over more cells than this is tried at every position instead (a whole site). */
const MAX_CELLS = 256;
const cellOf = (lng: number, lat: number) => Math.floor(lng / CELL) * 1_000_000 + Math.floor(lat / CELL);

/** A customer's zones indexed by grid cell, for the zones a point lies in. */
export interface ZoneSet {
  readonly size: number;
  /** The zones a point lies in: those of its cell, their bounding boxes, then the polygon. */
  at(lng: number, lat: number): CompiledZone[];
}

export function indexZones(zones: readonly CompiledZone[]): ZoneSet {
  const cells = new Map<number, CompiledZone[]>();
  const wide: CompiledZone[] = [];
  for (const zone of zones) {
    const [x0, x1] = [Math.floor(zone.box.west / CELL), Math.floor(zone.box.east / CELL)];
    const [y0, y1] = [Math.floor(zone.box.south / CELL), Math.floor(zone.box.north / CELL)];
    if ((x1 - x0 + 1) * (y1 - y0 + 1) > MAX_CELLS) {
      wide.push(zone);
      continue;
    }
    for (let x = x0; x <= x1; x += 1)
      for (let y = y0; y <= y1; y += 1) {
        const key = x * 1_000_000 + y;
        const list = cells.get(key);
        if (list) list.push(zone);
        else cells.set(key, [zone]);
      }
  }
  const inside = (lng: number, lat: number) => (z: CompiledZone) =>
    inBox(z.box, lng, lat) && pointInRing(lng, lat, z.ring);
  return {
    size: zones.length,
    at: (lng, lat) => {
      const found = (cells.get(cellOf(lng, lat)) ?? []).filter(inside(lng, lat));
      return wide.length === 0 ? found : [...found, ...wide.filter(inside(lng, lat))];
    },
  };
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether a local minute of the day lies in [from, to), which may run over midnight. */
export function withinHours(minute: number, from: string, to: string): boolean {
  const a = minutesOf(from);
  const b = minutesOf(to);
  return a < b ? minute >= a && minute < b : minute >= a || minute < b;
}

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** One position of a device, its time in ms. */
export interface Fix {
  time: number;
  lng: number;
  lat: number;
  speed: number;
  direction: number;
}

export interface Stay {
  enteredAt: number;
  lastAt: number;
  broken: Set<ZoneRuleType>;
}

/** What one device's evaluation remembers: its stays by zone id, and the newest time it took. */
export interface DeviceStays {
  stays: Map<string, Stay>;
  lastAt: number;
}

export const newDeviceStays = (): DeviceStays => ({ stays: new Map(), lastAt: -Infinity });

export interface Breach {
  fix: Fix;
  /** When the stay began: with the zone and rule, it names the breach once per stay. */
  enteredAt: number;
  details: ZoneBreach;
}

/** The rule's value as the breach reports it. */
function limitOf(rule: ZoneRule): string | null {
  if (rule.type === 'speed-limit') return String(rule.speed_kmh);
  if (rule.type === 'dwell') return String(rule.minutes);
  if (rule.type === 'hours') return `${rule.from}-${rule.to}`;
  return null;
}

/** What broke the rule at `fix` in a stay begun at `enteredAt` (entering: `entering`), or undefined. */
function broken(
  zone: CompiledZone,
  rule: ZoneRule,
  fix: Fix,
  stay: Stay,
  entering: boolean,
): string | null | undefined {
  switch (rule.type) {
    case 'no-entry':
      return entering ? null : undefined;
    case 'hours': {
      if (!entering || rule.from === undefined || rule.to === undefined) return undefined;
      const minute = zone.minuteOfDay(fix.time);
      return withinHours(minute, rule.from, rule.to) ? undefined : hhmm(minute);
    }
    case 'speed-limit':
      return rule.speed_kmh !== undefined && fix.speed > rule.speed_kmh ? String(fix.speed) : undefined;
    case 'dwell': {
      const inside = fix.time - stay.enteredAt;
      return rule.minutes !== undefined && inside > rule.minutes * 60_000
        ? String(Math.floor(inside / 60_000))
        : undefined;
    }
  }
}

/**
 * One position of a device against its customer's zones: updates the device's stays and answers
 * the rules it broke. A position older than the newest one taken is skipped (a late resend).
 */
export function evaluateFix(zones: ZoneSet, device: DeviceStays, fix: Fix): Breach[] {
  if (fix.time < device.lastAt) return [];
  device.lastAt = fix.time;
  const inside = zones.at(fix.lng, fix.lat);
  const ids = new Set(inside.map((z) => z.id));
  for (const id of device.stays.keys()) if (!ids.has(id)) device.stays.delete(id);
  const breaches: Breach[] = [];
  for (const zone of inside) {
    let stay = device.stays.get(zone.id);
    const entering = !stay || fix.time - stay.lastAt > STAY_GAP_MS;
    if (!stay || entering) {
      stay = { enteredAt: fix.time, lastAt: fix.time, broken: new Set() };
      device.stays.set(zone.id, stay);
    }
    stay.lastAt = fix.time;
    for (const rule of zone.rules) {
      if (stay.broken.has(rule.type)) continue;
      const measured = broken(zone, rule, fix, stay, entering);
      if (measured === undefined) continue;
      stay.broken.add(rule.type);
      breaches.push({
        fix,
        enteredAt: stay.enteredAt,
        details: { zone_id: zone.id, zone_name: zone.name, rule: rule.type, limit: limitOf(rule), measured },
      });
    }
  }
  return breaches;
}

/** A breach's message id: with the zone, the rule and the stay's start, storing it again is one event. */
export const breachMessageId = (b: Breach) => `zone:${b.details.zone_id}:${b.details.rule}:${b.enteredAt}`;

/** A customer's zones ready for positions: compiled and indexed. */
export const zoneSetOf = (zones: Parameters<typeof compileZone>[0][]) => indexZones(zones.map(compileZone));

/** The lowest speed limit of the zones a point lies in, km/h, or undefined outside them. */
export function speedLimitAt(zones: ZoneSet, lng: number, lat: number): number | undefined {
  let limit: number | undefined;
  for (const zone of zones.at(lng, lat))
    for (const rule of zone.rules)
      if (
        rule.type === 'speed-limit' &&
        rule.speed_kmh !== undefined &&
        (limit === undefined || rule.speed_kmh < limit)
      )
        limit = rule.speed_kmh;
  return limit;
}

/** The breaches of one device's track (its positions in any order), from no stay on: a past replayed. */
export function trackBreaches(zones: ZoneSet, fixes: readonly Fix[]): Breach[] {
  const device = newDeviceStays();
  return [...fixes].sort((a, b) => a.time - b.time).flatMap((fix) => evaluateFix(zones, device, fix));
}
