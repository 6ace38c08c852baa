// The motion of one forklift-type vehicle, step by step: accelerate to cruising speed, brake
// before corners and stops, turn, stop to load or unload, and set off to the next job. It also
// says what the device's g-sensor feels: longitudinal (gx), lateral (gy) and vertical (gz) g.
// Randomness comes in through `random`, so a test can make it repeatable.
import { type LngLat, pointInRing } from '@fleetlens/contracts';
import { HARSH_PER_DRIVING_HOUR, nextHarshS } from './shift.ts';
import { distance, headingOf, intersections, type Point, routeBetween, type Yard } from './yard.ts';

const G = 9.81;
/** The top cruising speed, m/s (about 15 km/h); each leg of a job is driven at 60 to 100 % of it. */
export const CRUISE = 4.2;
const CRUISE_LOW = 0.6;
const TURN_SPEED = 1.3; // m/s through a corner
const ACCELERATION = 0.9; // m/s²
const BRAKING = 1.4; // m/s²
const TURN_RADIUS = 3; // m
const LOOK_STEP = 0.5; // m between the points looked at ahead for a speed-limit zone
// Harsh moments come on a clock of driving time: the first one soon after the simulator starts
// (a fresh demo shows an event within its first minute), then at the shift model's rate per hour
// of driving (shift.ts), the rate the seeded history has too: a few a shift, not one a minute.
export const FIRST_HARSH_S = [5, 20] as const; // seconds of driving before the first, from..to

/** A speed-limit zone as the device holds it: its ring in the yard's metres, its limit in m/s. */
export interface ZoneLimit {
  ring: LngLat[];
  limit: number;
}

export interface Motion {
  position: Point;
  heading: number;
  speed: number; // m/s
  running: boolean;
  gx: number;
  gy: number;
  gz: number;
}

export class VehicleModel {
  readonly yard: Yard;
  private readonly random: () => number;
  private position: Point;
  private heading = 0;
  private speed = 0;
  private route: Point[] = [];
  private loadingLeft = 0;
  /** set for one step when the driver does something abrupt (for harsh events) */
  private jolt: { gx?: number; gy?: number; gz?: number } = {};
  /** seconds of driving (above 2 m/s) left before the driver's next abrupt moment */
  private harshIn: number;
  /** Harsh moments per hour of driving: the signed-on operator's (shift.ts). */
  harshPerHour = HARSH_PER_DRIVING_HOUR;
  /** This leg's cruising speed, m/s. */
  private cruise = CRUISE;
  /** The most the device lets it drive, m/s, while it is locked after an impact (vehicle-lock); none: free. */
  speedCap: number | undefined;
  /** The speed-limit zones the device holds (zone-speed-limits): inside one it keeps under its limit. */
  zoneLimits: ZoneLimit[] = [];

  /** `firstHarsh`: the seconds of driving before the first abrupt moment, from..to. */
  constructor(
    yard: Yard,
    random: () => number = Math.random,
    start?: Point,
    firstHarsh: readonly [number, number] = FIRST_HARSH_S,
  ) {
    this.yard = yard;
    this.random = random;
    const nodes = intersections(yard);
    this.position = start ?? (nodes[Math.floor(random() * nodes.length)] as Point);
    this.loadingLeft = 2 + random() * 8;
    this.harshIn = between(firstHarsh, random);
  }

  /** Advances the vehicle by dt seconds and answers its motion and what the g-sensor felt. */
  step(dt: number): Motion {
    const before = this.speed;
    let lateral = 0;
    if (this.route.length === 0) {
      this.speed = 0;
      this.loadingLeft -= dt;
      if (this.loadingLeft <= 0) this.pickJob();
    } else {
      const target = this.route[0] as Point;
      const left = distance(this.position, target);
      const isLast = this.route.length === 1;
      const exitSpeed = isLast ? 0 : TURN_SPEED;
      // Brake in time: v² = exit² + 2·a·d.
      const limit = Math.sqrt(exitSpeed ** 2 + 2 * BRAKING * Math.max(0, left - 0.5));
      const zone = this.zoneAhead(dt);
      const wanted = Math.min(this.cruise, limit, this.speedCap ?? Number.POSITIVE_INFINITY, zone.allowed);
      this.speed =
        wanted > this.speed
          ? Math.min(wanted, this.speed + ACCELERATION * dt)
          : Math.max(wanted, this.speed - BRAKING * dt);
      // A step that ends inside the zone is driven at its limit at most, whatever braking that takes.
      if (this.speed * dt >= zone.distance) this.speed = Math.min(this.speed, zone.limit);
      if (this.speed > 2) {
        this.harshIn -= dt;
        if (this.harshIn <= 0) {
          this.harsh();
          this.harshIn = nextHarshS(this.random, this.harshPerHour);
        }
      }
      const travel = Math.max(this.speed * dt, isLast ? 0.2 : 0);
      if (travel >= left) {
        this.position = target;
        this.route.shift();
        const next = this.route[0];
        if (next) {
          const heading = headingOf(target, next);
          if (heading !== this.heading)
            lateral =
              (this.speed ** 2 / TURN_RADIUS / G) * Math.sign(((heading - this.heading + 540) % 360) - 180);
          this.heading = heading;
        } else {
          this.speed = 0;
          this.loadingLeft = 10 + this.random() * 30;
        }
      } else {
        const ratio = travel / left;
        this.position = {
          x: this.position.x + (target.x - this.position.x) * ratio,
          y: this.position.y + (target.y - this.position.y) * ratio,
        };
      }
    }
    const noise = () => (this.random() - 0.5) * 0.04;
    const motion: Motion = {
      position: { ...this.position },
      heading: this.heading,
      speed: this.speed,
      running: this.route.length > 0,
      // A stop at the target ends within a step: the brakes felt no more than BRAKING (a stop
      // counted as a jump from speed to 0 raised "sudden deceleration" at 0 km/h at every job).
      gx: (this.jolt.gx ?? clamp((this.speed - before) / dt, -BRAKING, ACCELERATION) / G) + noise(),
      gy: (this.jolt.gy ?? lateral) + noise(),
      gz: (this.jolt.gz ?? 1) + noise(),
    };
    this.jolt = {};
    return motion;
  }

  /** The limit of a zone at a point (the lowest where zones overlap), or none. */
  private limitAt(p: Point): number {
    let limit = Number.POSITIVE_INFINITY;
    for (const zone of this.zoneLimits)
      if (zone.limit < limit && pointInRing(p.x, p.y, zone.ring)) limit = zone.limit;
    return limit;
  }

  /**
   * The first speed-limit zone along the route within braking reach: its distance, its limit, and
   * the most the vehicle may drive now to be at the limit when it gets there (v² = limit² + 2·a·d,
   * less one step at cruising speed, so a step never carries it in too fast). None: no bound.
   */
  private zoneAhead(dt: number): { distance: number; limit: number; allowed: number } {
    const none = {
      distance: Number.POSITIVE_INFINITY,
      limit: Number.POSITIVE_INFINITY,
      allowed: Number.POSITIVE_INFINITY,
    };
    if (this.zoneLimits.length === 0) return none;
    const fastest = Math.max(CRUISE, this.speed);
    const reach = fastest * dt + fastest ** 2 / (2 * BRAKING) + 1;
    let from = this.position;
    let walked = 0;
    for (const to of this.route) {
      const length = distance(from, to);
      for (let along = 0; along <= length && walked + along <= reach; along += LOOK_STEP) {
        const ratio = length === 0 ? 0 : along / length;
        const limit = this.limitAt({
          x: from.x + (to.x - from.x) * ratio,
          y: from.y + (to.y - from.y) * ratio,
        });
        if (limit === Number.POSITIVE_INFINITY) continue;
        // The edge lies up to a look's step before the point found.
        const d = Math.max(0, walked + along - LOOK_STEP);
        const allowed = Math.sqrt(limit ** 2 + 2 * BRAKING * Math.max(0, d - CRUISE * dt));
        return { distance: d, limit, allowed };
      }
      walked += length;
      from = to;
      if (walked > reach) break;
    }
    return none;
  }

  private pickJob(): void {
    const nodes = intersections(this.yard).filter((n) => n.x !== this.position.x || n.y !== this.position.y);
    const target = nodes[Math.floor(this.random() * nodes.length)] as Point;
    this.route = routeBetween(this.position, target);
    // Drivers go slower with a load and in a tight spot, faster on an empty lane.
    this.cruise = CRUISE * (CRUISE_LOW + this.random() * (1 - CRUISE_LOW));
    const first = this.route[0];
    if (first) this.heading = headingOf(this.position, first);
  }

  /** A driver's abrupt moment: a hard brake, a hard start, a quick swerve, or a bump. */
  private harsh(): void {
    const kind = this.random();
    if (kind < 0.4) {
      this.jolt = { gx: -0.45 - this.random() * 0.2 };
      // A hard brake sheds speed, not all of it: the driver drives on.
      this.speed = Math.max(0, this.speed - 0.5 - this.random() * 1.5);
    } else if (kind < 0.7) this.jolt = { gx: 0.4 + this.random() * 0.15 };
    else if (kind < 0.92) this.jolt = { gy: (this.random() < 0.5 ? -1 : 1) * (0.4 + this.random() * 0.2) };
    else this.jolt = { gx: -0.8, gz: 2.1 + this.random() };
  }
}

const clamp = (v: number, low: number, high: number) => Math.min(high, Math.max(low, v));

function between([from, to]: readonly [number, number], random: () => number): number {
  return from + random() * (to - from);
}
