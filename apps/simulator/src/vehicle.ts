// The motion of one forklift-type vehicle, step by step: accelerate to cruising speed, brake
// before corners and stops, turn, stop to load or unload, and set off to the next job. It also
// says what the device's g-sensor feels: longitudinal (gx), lateral (gy) and vertical (gz) g.
// Randomness comes in through `random`, so a test can make it repeatable.
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
// Harsh moments come on a clock of driving time: the first one soon after the simulator starts
// (a fresh demo shows an event within its first minute), then at the shift model's rate per hour
// of driving (shift.ts), the rate the seeded history has too: a few a shift, not one a minute.
export const FIRST_HARSH_S = [5, 20] as const; // seconds of driving before the first, from..to

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
      const wanted = Math.min(this.cruise, limit, this.speedCap ?? Number.POSITIVE_INFINITY);
      this.speed =
        wanted > this.speed
          ? Math.min(wanted, this.speed + ACCELERATION * dt)
          : Math.max(wanted, this.speed - BRAKING * dt);
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
