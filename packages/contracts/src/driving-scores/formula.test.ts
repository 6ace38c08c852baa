import { describe, expect, it } from 'vitest';
import { HARSH_EVENT_TYPES } from '../drive-summary/driveSummary.ts';
import { drivingScoreListQuerySchema, scoreDays, scoreTrendDays } from './drivingScores.ts';
import {
  deductionOf,
  drivingScore,
  median,
  OPTIONAL_SCORE_WEIGHTS,
  SCORE_MIN_DRIVING_SECONDS,
  SCORE_POINTS_PER_WEIGHTED_EVENT_HOUR,
  SCORE_WEIGHTS,
} from './formula.ts';

const HOUR = 3600;

describe('the driving score formula', () => {
  it('weighs every harsh behaviour and no other event type', () => {
    expect(Object.keys(SCORE_WEIGHTS).sort()).toEqual([...HARSH_EVENT_TYPES].sort());
    expect(drivingScore({ driving_seconds: 10 * HOUR, events: { Random: 5, Manual: 2 } })).toEqual({
      weighted_events: 0,
      per_hour: 0,
      score: 100,
    });
  });

  it('takes points off per weighted event per driving hour', () => {
    // One impact (10) and one sudden acceleration (3) in 8 hours: 13 / 8 = 1.625 per hour.
    const result = drivingScore({ driving_seconds: 8 * HOUR, events: { Impact: 1, SuddenAcceleration: 1 } });
    expect(result.weighted_events).toBe(13);
    expect(result.per_hour).toBe(1.63);
    expect(result.score).toBe(Math.round(100 - SCORE_POINTS_PER_WEIGHTED_EVENT_HOUR * 1.625));
    expect(result.score).toBe(84);
    // The same events over more driving weigh less.
    expect(
      drivingScore({ driving_seconds: 16 * HOUR, events: { Impact: 1, SuddenAcceleration: 1 } }).score,
    ).toBe(92);
  });

  it('weighs a zone breach as a speeding event, when the customer counts it (it is in the events then)', () => {
    expect(OPTIONAL_SCORE_WEIGHTS.ZoneBreach).toBe(SCORE_WEIGHTS.Speed);
    expect(Object.keys(OPTIONAL_SCORE_WEIGHTS).some((t) => t in SCORE_WEIGHTS)).toBe(false);
    const result = drivingScore({ driving_seconds: 2 * HOUR, events: { ZoneBreach: 1, Impact: 1 } });
    expect(result.weighted_events).toBe(14);
    expect(result.score).toBe(30);
    expect(deductionOf('ZoneBreach', 1, 2 * HOUR)).toBe(20);
  });

  it('stops at zero, however many events', () => {
    expect(drivingScore({ driving_seconds: 2 * HOUR, events: { Impact: 50 } }).score).toBe(0);
  });

  it('gives no score under the minimum driving time, rather than a misleading 100', () => {
    expect(drivingScore({ driving_seconds: SCORE_MIN_DRIVING_SECONDS - 1, events: {} }).score).toBeNull();
    expect(drivingScore({ driving_seconds: SCORE_MIN_DRIVING_SECONDS, events: {} }).score).toBe(100);
    expect(drivingScore({ driving_seconds: 0, events: { Impact: 1 } })).toEqual({
      weighted_events: 10,
      per_hour: null,
      score: null,
    });
  });

  it("splits the deduction per behaviour as the score's breakdown", () => {
    expect(deductionOf('Impact', 1, 8 * HOUR)).toBe(12.5);
    expect(deductionOf('SuddenAcceleration', 1, 8 * HOUR)).toBe(3.75);
    expect(deductionOf('Impact', 1, 0)).toBe(0);
  });

  it('takes the median of the scores given', () => {
    expect(median([])).toBeNull();
    expect(median([70])).toBe(70);
    expect(median([90, 70, 80])).toBe(80);
    expect(median([90, 70, 80, 100])).toBe(85);
  });
});

describe('the periods of a score', () => {
  const now = Date.parse('2026-11-26T20:00:00Z');
  it('reads a month, a week (from its Monday), a day and a manual range in the time setting', () => {
    expect(scoreDays({ timing: 'monthly', period: '2026-02', timesetting: 0 }, now)).toEqual({
      from: '2026-02-01',
      to: '2026-03-01',
    });
    expect(scoreDays({ timing: 'weekly', period: '2026-11-26', timesetting: 0 }, now)).toEqual({
      from: '2026-11-23',
      to: '2026-11-30',
    });
    expect(scoreDays({ timing: 'daily', timesetting: 540 }, now)).toEqual({
      from: '2026-11-27',
      to: '2026-11-28',
    });
    expect(scoreDays({ timing: 'monthly', timesetting: 0 }, now)).toEqual({
      from: '2026-11-01',
      to: '2026-12-01',
    });
    expect(
      scoreDays({ timing: 'manual', start: '2026-11-01', end: '2026-11-10', timesetting: 0 }, now),
    ).toEqual({ from: '2026-11-01', to: '2026-11-11' });
  });

  it('refuses a range whose end is before its start, one too long, and an impossible period', () => {
    expect(scoreDays({ timing: 'manual', start: '2026-11-10', end: '2026-11-01', timesetting: 0 })).toEqual({
      field: 'end',
      key: 'validation.scoreRangeOrder',
    });
    expect(scoreDays({ timing: 'manual', start: '2026-01-01', end: '2026-06-01', timesetting: 0 })).toEqual({
      field: 'end',
      key: 'validation.scoreRangeTooLong',
    });
    expect(scoreDays({ timing: 'manual', timesetting: 0 })).toMatchObject({
      key: 'validation.scoreRangeRequired',
    });
    expect(scoreDays({ timing: 'daily', period: '2026-02-30', timesetting: 0 })).toMatchObject({
      key: 'validation.scorePeriod',
    });
    expect(scoreDays({ timing: 'monthly', period: '2026-13', timesetting: 0 })).toMatchObject({
      key: 'validation.scorePeriod',
    });
  });

  it('runs the trend back twelve months, twelve weeks or fourteen days', () => {
    expect(scoreTrendDays('monthly', { from: '2026-11-01', to: '2026-12-01' })).toEqual({
      from: '2025-12-01',
      to: '2026-12-01',
    });
    expect(scoreTrendDays('weekly', { from: '2026-11-23', to: '2026-11-30' }).from).toBe('2026-09-07');
    expect(scoreTrendDays('daily', { from: '2026-11-26', to: '2026-11-27' }).from).toBe('2026-11-13');
  });

  it('requires the selection of what is scored, with its own message', () => {
    const parsed = drivingScoreListQuerySchema.safeParse({ timing: 'monthly' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['subject', 'validation.scoreSubjectRequired'],
    ]);
  });
});
