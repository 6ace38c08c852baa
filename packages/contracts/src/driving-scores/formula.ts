// The driving score's formula, in one place: the server computes with it, the console's "How the
// score is computed" panel shows these same numbers, and docs/decisions/2026-11-26-driving-score.md
// explains them. Peers publish theirs (guide/peers.md, Motive): events per driving time, weighted
// per behaviour. Ours: the harsh events the score counts, each weighted by how much harm its
// behaviour risks, per hour of driving; every weighted event per hour takes
// SCORE_POINTS_PER_WEIGHTED_EVENT_HOUR points off SCORE_MAX, down to SCORE_MIN at worst. A
// customer may choose to count more than the harsh events (OPTIONAL_SCORE_WEIGHTS): off by default.
import type { HarshEventType } from '../drive-summary/driveSummary.ts';

/** How much each behaviour weighs: a collision most, a lone speeding or turning event least. */
export const SCORE_WEIGHTS: Readonly<Record<HarshEventType, number>> = {
  Impact: 10,
  Gsensor: 5,
  Speed: 4,
  Deceleration: 4,
  SuddenDeceleration: 4,
  Accelerate: 3,
  SuddenAcceleration: 3,
  SuddenTurn: 3,
  TurnAngle: 2,
  TurnGyroscope: 2,
  TurnLeft: 2,
  TurnRight: 2,
};

/**
 * Events a customer may choose to count as well (its score settings; none by default), and their
 * weight: a zone breach (speeding in a pedestrian area, entering a no-go area, staying too long,
 * entering out of hours) weighs as a speeding event.
 */
export const OPTIONAL_SCORE_WEIGHTS = { ZoneBreach: 4 } as const;
export type OptionalScoreEventType = keyof typeof OPTIONAL_SCORE_WEIGHTS;

/** The best score: no counted event. */
export const SCORE_MAX = 100;
/** The worst score: the deduction stops here. */
export const SCORE_MIN = 0;
/** Points taken off per weighted event per driving hour. */
export const SCORE_POINTS_PER_WEIGHTED_EVENT_HOUR = 10;
/** Under this much driving in the period there is no score: a few minutes without an event are no 100. */
export const SCORE_MIN_DRIVING_SECONDS = 3600;

export interface ScoreInput {
  /** Seconds driven in the period (the drive summary's operating time). */
  driving_seconds: number;
  /** Counted events per type (harsh, not excluded, not dismissed); other types weigh nothing. */
  events: Readonly<Record<string, number>>;
}

export interface ScoreResult {
  /** Σ weight × count over the counted events. */
  weighted_events: number;
  /** Weighted events per driving hour; null without driving. */
  per_hour: number | null;
  /** 0 to 100, whole points; null under SCORE_MIN_DRIVING_SECONDS of driving. */
  score: number | null;
}

/** A type's weight; the optional types' count only where the customer counts them (not in `events` otherwise). */
export const weightOf = (type: string): number =>
  SCORE_WEIGHTS[type as HarshEventType] ?? OPTIONAL_SCORE_WEIGHTS[type as OptionalScoreEventType] ?? 0;

/** Points a behaviour's events take off over `drivingSeconds` (before rounding and the floor). */
export function deductionOf(type: string, count: number, drivingSeconds: number): number {
  if (drivingSeconds <= 0) return 0;
  return (weightOf(type) * count * SCORE_POINTS_PER_WEIGHTED_EVENT_HOUR * 3600) / drivingSeconds;
}

/** The score of a period's figures. */
export function drivingScore(input: ScoreInput): ScoreResult {
  const weighted = Object.entries(input.events).reduce((sum, [type, n]) => sum + weightOf(type) * n, 0);
  const hours = input.driving_seconds / 3600;
  const perHour = hours > 0 ? weighted / hours : null;
  const score =
    input.driving_seconds < SCORE_MIN_DRIVING_SECONDS || perHour === null
      ? null
      : Math.max(SCORE_MIN, Math.round(SCORE_MAX - SCORE_POINTS_PER_WEIGHTED_EVENT_HOUR * perHour));
  return { weighted_events: weighted, per_hour: perHour === null ? null : round2(perHour), score };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The median of the scores given (the fleet's, beside an operator's); null when none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const value =
    sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
  return round2(value);
}
