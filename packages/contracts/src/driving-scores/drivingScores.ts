// Driving scores (resource `op_score`; console routes /driving-score/monthly, /weekly, /daily and
// /driving-score/{timing}/operator/{id}; spec periods monthly, weekly, daily, manual): a score per
// operator, vehicle, vehicle group or operator group for a period of the caller's calendar, and an
// operator's score with its trend, its breakdown per behaviour, the events behind it and the
// fleet's median. The formula is formula.ts; docs/decisions/2026-11-26-driving-score.md.
import { z } from 'zod';
import { listPageSchema, listQueryOf } from '../api/errors.ts';
import {
  DRIVE_SUMMARY_SUBJECTS,
  type DriveSummaryInterval,
  timesettingSchema,
} from '../drive-summary/driveSummary.ts';
import { EVENT_REVIEW_STATES } from '../events/events.ts';
import { addDays, addMonths, localDateOf, mondayOf } from '../format/localDays.ts';
import { isRealDate } from '../validation/fields.ts';

export const SCORE_TIMINGS = ['monthly', 'weekly', 'daily', 'manual'] as const;
export type ScoreTiming = (typeof SCORE_TIMINGS)[number];
/** The longest manual range, in days (the drive summary's longest by day). */
export const SCORE_MANUAL_MAX_DAYS = 93;
/** How many periods an operator's trend shows, the one asked for last; a manual range shows its days. */
export const SCORE_TREND_PERIODS: Record<Exclude<ScoreTiming, 'manual'>, number> = {
  monthly: 12,
  weekly: 12,
  daily: 14,
};
/** The interval of an operator's trend for each timing. */
export const SCORE_TREND_INTERVAL: Record<ScoreTiming, DriveSummaryInterval> = {
  monthly: 'month',
  weekly: 'week',
  daily: 'day',
  manual: 'day',
};
/** The events behind an operator's score that one answer lists, newest first. */
export const SCORE_EVENTS_SHOWN = 100;

const DAY_MS = 86_400_000;
const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

export interface ScorePeriodQuery {
  timing: ScoreTiming;
  /** monthly: YYYY-MM; weekly (any day of the week) and daily: YYYY-MM-DD; default the current one. */
  period?: string | undefined;
  /** manual: the first and last day, YYYY-MM-DD. */
  start?: string | undefined;
  end?: string | undefined;
  timesetting: number;
}

/** A period as local days: its first day and the day after its last. */
export interface ScoreDays {
  from: string;
  to: string;
}

/** The period's local days, or the field and validation key of what is wrong with the query. */
export function scoreDays(
  q: ScorePeriodQuery,
  now = Date.now(),
): ScoreDays | { field: 'period' | 'start' | 'end'; key: string } {
  const today = localDateOf(now, q.timesetting);
  if (q.timing === 'manual') {
    if (!q.start || !isRealDate(q.start)) return { field: 'start', key: 'validation.scoreRangeRequired' };
    if (!q.end || !isRealDate(q.end)) return { field: 'end', key: 'validation.scoreRangeRequired' };
    if (q.end < q.start) return { field: 'end', key: 'validation.scoreRangeOrder' };
    const to = addDays(q.end, 1);
    if (Date.parse(to) - Date.parse(q.start) > SCORE_MANUAL_MAX_DAYS * DAY_MS)
      return { field: 'end', key: 'validation.scoreRangeTooLong' };
    return { from: q.start, to };
  }
  if (q.timing === 'monthly') {
    const month = q.period ?? today.slice(0, 7);
    if (!MONTH_PATTERN.test(month)) return { field: 'period', key: 'validation.scorePeriod' };
    const from = `${month}-01`;
    return { from, to: addMonths(from, 1) };
  }
  const day = q.period ?? today;
  if (!isRealDate(day)) return { field: 'period', key: 'validation.scorePeriod' };
  if (q.timing === 'weekly') {
    const from = mondayOf(day);
    return { from, to: addDays(from, 7) };
  }
  return { from: day, to: addDays(day, 1) };
}

/** The days of an operator's trend: SCORE_TREND_PERIODS periods ending with `days`, or the manual range. */
export function scoreTrendDays(timing: ScoreTiming, days: ScoreDays): ScoreDays {
  if (timing === 'manual') return days;
  const back = SCORE_TREND_PERIODS[timing] - 1;
  const from =
    timing === 'monthly'
      ? addMonths(days.from, -back)
      : addDays(days.from, -back * (timing === 'weekly' ? 7 : 1));
  return { from, to: days.to };
}

const dateText = z.string().max(10);
/** What every score call takes: the timing and its period, in the caller's time setting. */
const periodShape = {
  timing: z.enum(SCORE_TIMINGS, 'validation.scoreTiming').default('monthly'),
  period: dateText.optional(),
  start: dateText.optional(),
  end: dateText.optional(),
  timesetting: timesettingSchema.default(0),
};

/** checkScorePeriod (scoreDays) in words. */
const SCORE_PERIOD_RULE = `With timing manual, start and end (YYYY-MM-DD) are required, end not before start, at most ${SCORE_MANUAL_MAX_DAYS} days in all; with monthly, period is a month (YYYY-MM); with daily or weekly, period is a day (YYYY-MM-DD); period left out: the current one.`;

function checkScorePeriod(q: ScorePeriodQuery, ctx: z.RefinementCtx): void {
  const days = scoreDays(q);
  if ('key' in days) ctx.addIssue({ code: 'custom', path: [days.field], message: days.key });
}

export const drivingScoreQuerySchema = z
  .object(periodShape)
  .superRefine((q, ctx) => checkScorePeriod(q, ctx))
  .meta({ description: SCORE_PERIOD_RULE });
export type DrivingScoreQuery = z.output<typeof drivingScoreQuerySchema>;

export const DRIVING_SCORE_ORDER = ['name', 'score', 'driving_seconds', 'event_count'] as const;

/**
 * The scores of a period. `subject` is the spec's required "selection of operator, vehicle, vehicle
 * group or operator group"; without it the list answers its own message.
 */
export const drivingScoreListQuerySchema = listQueryOf(DRIVING_SCORE_ORDER, {
  ...periodShape,
  subject: z.enum(DRIVE_SUMMARY_SUBJECTS, 'validation.scoreSubjectRequired'),
  customer_id: z.uuid('validation.invalid').optional(),
})
  .superRefine((q, ctx) => checkScorePeriod(q, ctx))
  .meta({ description: SCORE_PERIOD_RULE });
export type DrivingScoreListQuery = z.output<typeof drivingScoreListQuerySchema>;

const named = z.object({ id: z.string(), name: z.string() });

/** A period's figures and its score (formula.ts). */
export const scoreFiguresSchema = z.object({
  /** Seconds driven (the drive summary's operating time). */
  driving_seconds: z.number(),
  /** Counted events (harsh, not excluded, not dismissed) per type; types with none left out. */
  events: z.record(z.string(), z.number()),
  event_count: z.number(),
  weighted_events: z.number(),
  /** Weighted events per driving hour; null without driving. */
  per_hour: z.number().nullable(),
  /** 0 to 100; null under the minimum driving time. */
  score: z.number().nullable(),
});
export type ScoreFigures = z.infer<typeof scoreFiguresSchema>;

export const drivingScoreRowSchema = scoreFiguresSchema.extend({
  id: z.string(),
  kind: z.enum(DRIVE_SUMMARY_SUBJECTS),
  name: z.string(),
  customer: named,
});
export type DrivingScoreRow = z.infer<typeof drivingScoreRowSchema>;

export const drivingScorePageSchema = listPageSchema(drivingScoreRowSchema).extend({
  /** The period's first instant and the instant after it (UTC ISO 8601). */
  start: z.string(),
  end: z.string(),
  /** The median score of the subjects listed (every page), of those with a score. */
  median: z.number().nullable(),
});
export type DrivingScorePage = z.infer<typeof drivingScorePageSchema>;

export const scoreTrendPointSchema = z.object({
  /** The local first day of the interval (YYYY-MM-DD). */
  day: z.string(),
  score: z.number().nullable(),
  /** The fleet's median of that interval. */
  median: z.number().nullable(),
  driving_seconds: z.number(),
  event_count: z.number(),
});

export const scoreBehaviourSchema = z.object({
  /** A type of HARSH_EVENT_TYPES. */
  type: z.string(),
  count: z.number(),
  weight: z.number(),
  /** Points this behaviour took off the score. */
  deduction: z.number(),
});

export const scoreEventSchema = z.object({
  id: z.string(),
  time: z.string(),
  type: z.string(),
  vehicle: named.nullable(),
  review_state: z.enum(EVENT_REVIEW_STATES),
});
export type ScoreEvent = z.infer<typeof scoreEventSchema>;

export const operatorScoreSchema = z.object({
  operator: named.extend({ customer: named }),
  timing: z.enum(SCORE_TIMINGS),
  start: z.string(),
  end: z.string(),
  figures: scoreFiguresSchema,
  /** The operators of the operator's company: the median of those with a score, and how many. */
  fleet: z.object({ median: z.number().nullable(), scored: z.number(), operators: z.number() }),
  /** Every behaviour the score weighs, heaviest first. */
  breakdown: z.array(scoreBehaviourSchema),
  trend: z.array(scoreTrendPointSchema),
  /** The newest SCORE_EVENTS_SHOWN counted events; `event_count` of the figures counts them all. */
  events: z.array(scoreEventSchema),
});
export type OperatorScore = z.infer<typeof operatorScoreSchema>;

/**
 * A customer's score settings: which events beyond the harsh ones its scores count (formula.ts
 * OPTIONAL_SCORE_WEIGHTS). Until it sets them, none (SCORE_DEFAULT_SETTINGS).
 */
export const scoreSettingsBodySchema = z
  .object({
    /** Count its vehicles' breaches of site safety zones (events of type ZoneBreach). */
    count_zone_breaches: z.boolean('validation.invalidType'),
  })
  .strict();
export type ScoreSettingsBody = z.output<typeof scoreSettingsBodySchema>;
export const SCORE_DEFAULT_SETTINGS: ScoreSettingsBody = { count_zone_breaches: false };

export const scoreSettingsSchema = scoreSettingsBodySchema.extend({
  customer_id: z.string(),
  /** True until the customer sets its own. */
  is_default: z.boolean(),
});
export type ScoreSettings = z.infer<typeof scoreSettingsSchema>;
