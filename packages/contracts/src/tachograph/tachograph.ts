// The digital tachograph (resource `digi_tacho`, function `digi-tacho`; console routes
// /digital-tachograph, /digital-tachograph/driving-history, /digital-tachograph/:id/details): a
// vehicle's or an operator's day as series (speed, activity, harsh events) for a window of it, sent
// down-sampled so that no peak is lost, with the day's totals and the marks against the customer's
// limits. How each figure is made: docs/decisions/2026-12-07-digital-tachograph.md.
import { z } from 'zod';
import { timesettingSchema } from '../drive-summary/driveSummary.ts';
import { isRealDate } from '../validation/fields.ts';

/** The spec's four views, longest first, and how long each shows. */
export const TACHOGRAPH_VIEWS = ['24h', '8h', '12m', '4m'] as const;
export type TachographView = (typeof TACHOGRAPH_VIEWS)[number];
export const TACHOGRAPH_VIEW_MS: Record<TachographView, number> = {
  '24h': 24 * 3_600_000,
  '8h': 8 * 3_600_000,
  '12m': 12 * 60_000,
  '4m': 4 * 60_000,
};
/** A window this long or shorter is sent sample by sample (the 12- and 4-minute views). */
export const TACHOGRAPH_FULL_RESOLUTION_MS = TACHOGRAPH_VIEW_MS['12m'];
/** The most pixel columns a window is reduced to (a 4K screen's width), and the default. */
export const TACHOGRAPH_MAX_WIDTH = 4000;
export const TACHOGRAPH_DEFAULT_WIDTH = 1200;

/**
 * What the vehicle does at an instant: driving (moving), idle (standing with the engine running,
 * as the device reports it), stopped (standing, engine off or not reported), noData (no position
 * within MAX_POSITION_GAP_S: the device off or away; for an operator, not signed on).
 */
export const TACHOGRAPH_ACTIVITIES = ['driving', 'idle', 'stopped', 'noData'] as const;
export type TachographActivity = (typeof TACHOGRAPH_ACTIVITIES)[number];
export const TACHOGRAPH_SUBJECTS = ['vehicle', 'operator'] as const;
export type TachographSubject = (typeof TACHOGRAPH_SUBJECTS)[number];

/** The limits a customer's days are marked against, when the customer has set none. */
export const TACHOGRAPH_DEFAULT_LIMITS = {
  /** A site speed limit usual for industrial vehicles. */
  speed_limit_kmh: 20,
  /** Driving without a break longer than this is marked (EU 561/2006: 4 h 30). */
  max_continuous_driving_minutes: 270,
  /** A stretch without driving this long is a break (EU 561/2006: 45 min, or 15 + 30). */
  min_break_minutes: 45,
};

const dateSchema = z.string().refine(isRealDate, { message: 'validation.invalidDate', abort: true });
const instant = z.iso.datetime({ offset: true, message: 'validation.invalidDate' });

export const tachographDayQuerySchema = z
  .object({
    /** The local day (YYYY-MM-DD) in the time setting; left out: today. */
    date: dateSchema.optional(),
    timesetting: timesettingSchema.default(0),
    /** The window the series cover (left out: the whole day), at most 24 hours. */
    from: instant.optional(),
    to: instant.optional(),
    /** The chart's width in pixels: a window longer than 12 minutes is reduced to this many columns. */
    width: z.coerce
      .number('validation.tachographWidth')
      .int('validation.tachographWidth')
      .min(10, 'validation.tachographWidth')
      .max(TACHOGRAPH_MAX_WIDTH, 'validation.tachographWidth')
      .default(TACHOGRAPH_DEFAULT_WIDTH),
    /**
     * false: the window's series only (totals, marks and limits null), read from the window's
     * positions alone; a zoom asks this, the day's totals staying those of the day's answer.
     */
    totals: z
      .enum(['true', 'false'], 'validation.invalidEnum')
      .transform((v) => v === 'true')
      .default(true),
  })
  .superRefine((q, ctx) => {
    if ((q.from === undefined) !== (q.to === undefined)) {
      ctx.addIssue({ code: 'custom', path: [q.from ? 'to' : 'from'], message: 'validation.required' });
      return;
    }
    if (q.from === undefined || q.to === undefined) return;
    const span = Date.parse(q.to) - Date.parse(q.from);
    if (span <= 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.endAfterStart' });
    else if (span > TACHOGRAPH_VIEW_MS['24h'])
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.tachographWindowTooLong' });
  })
  .meta({ description: 'from and to together or neither; to after from, at most 24 hours after it.' });
export type TachographDayQuery = z.infer<typeof tachographDayQuerySchema>;

const span = { from: z.number(), to: z.number() };
export const tachographLimitsSchema = z.object({
  speed_limit_kmh: z.number(),
  max_continuous_driving_minutes: z.number(),
  min_break_minutes: z.number(),
});
export type TachographLimits = z.infer<typeof tachographLimitsSchema>;

export const tachographTotalsSchema = z.object({
  /** Seconds of the day so far in each activity; rest is stopped and noData together. */
  driving_s: z.number(),
  idle_s: z.number(),
  stopped_s: z.number(),
  no_data_s: z.number(),
  rest_s: z.number(),
  /** The fastest sample of the day (km/h), 0 without any. */
  max_speed_kmh: z.number(),
  /** The longest driving without a break of min_break_minutes. */
  longest_continuous_driving_s: z.number(),
  over_speed_count: z.number(),
  continuous_driving_count: z.number(),
});
export type TachographTotals = z.infer<typeof tachographTotalsSchema>;

export const tachographDaySchema = z.object({
  subject: z.object({ kind: z.enum(TACHOGRAPH_SUBJECTS), id: z.string(), name: z.string() }),
  date: z.string(),
  timesetting: z.number(),
  /** The local day, epoch milliseconds: [start, end). */
  day: z.object(span),
  /** The window of the series, epoch milliseconds: [from, to). */
  window: z.object(span),
  /** samples: every position; columns: per column of column_ms, the lowest and highest speed in the order they came. */
  resolution: z.enum(['samples', 'columns']),
  column_ms: z.number(),
  /** Speed (km/h) at t (milliseconds after window.from); null breaks the line at a gap. */
  speed: z.object({ t: z.array(z.number()), v: z.array(z.number().nullable()) }),
  /** The window's activity as runs; in columns, each column's activity is the one it holds longest. */
  activity: z.array(z.object({ ...span, activity: z.enum(TACHOGRAPH_ACTIVITIES) })),
  /** Harsh events in the window; each opens its event (and its video) by id. */
  events: z.array(
    z.object({ id: z.string(), time: z.number(), type: z.string(), speed: z.number(), clips: z.number() }),
  ),
  /** The customer's limits, the day's totals and its marks; null when the query said totals=false. */
  limits: tachographLimitsSchema.nullable(),
  totals: tachographTotalsSchema.nullable(),
  /** The day's marks: samples over the speed limit, driving past the limit without a break. */
  marks: z
    .object({
      over_speed: z.array(z.object({ ...span, max_speed_kmh: z.number() })),
      continuous_driving: z.array(z.object({ ...span, driving_s: z.number() })),
    })
    .nullable(),
});
export type TachographDay = z.infer<typeof tachographDaySchema>;

/** The list page and the driving history: subjects with a day's totals. */
export const tachographListQuerySchema = z.object({
  kind: z.enum(TACHOGRAPH_SUBJECTS, 'validation.tachographSubject').default('vehicle'),
  date: dateSchema.optional(),
  timesetting: timesettingSchema.default(0),
  filter: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(20),
});
export type TachographListQuery = z.infer<typeof tachographListQuerySchema>;

export const tachographListRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  date: z.string(),
  totals: tachographTotalsSchema,
});
export type TachographListRow = z.infer<typeof tachographListRowSchema>;
export const tachographListSchema = z.object({
  list: z.array(tachographListRowSchema),
  total: z.number(),
  page: z.number(),
  perPage: z.number(),
});

/** One subject's days (the driving history), newest first. */
export const TACHOGRAPH_HISTORY_MAX_DAYS = 31;
export const tachographHistoryQuerySchema = z.object({
  /** The last day shown (left out: today) and how many days before it. */
  date: dateSchema.optional(),
  days: z.coerce
    .number('validation.tachographDays')
    .int('validation.tachographDays')
    .min(1, 'validation.tachographDays')
    .max(TACHOGRAPH_HISTORY_MAX_DAYS, 'validation.tachographDays')
    .default(7),
  timesetting: timesettingSchema.default(0),
});
export type TachographHistoryQuery = z.infer<typeof tachographHistoryQuerySchema>;
export const tachographHistorySchema = z.object({
  subject: z.object({ kind: z.enum(TACHOGRAPH_SUBJECTS), id: z.string(), name: z.string() }),
  limits: tachographLimitsSchema,
  days: z.array(z.object({ date: z.string(), totals: tachographTotalsSchema })),
});
export type TachographHistory = z.infer<typeof tachographHistorySchema>;

/** A customer's limits as the settings form shows them: `is_default` until the customer sets its own. */
export const tachographCustomerLimitsSchema = tachographLimitsSchema.extend({
  customer_id: z.string(),
  is_default: z.boolean(),
});
export type TachographCustomerLimits = z.infer<typeof tachographCustomerLimitsSchema>;

const minutes = (key: string) => z.coerce.number(key).int(key).min(1, key).max(1440, key);
/** PUT /tachograph/limits/{customerId}: every limit at once. */
export const tachographLimitsBodySchema = z.object({
  speed_limit_kmh: z.coerce
    .number('validation.tachographSpeedLimit')
    .gt(0, 'validation.tachographSpeedLimit')
    .max(400, 'validation.tachographSpeedLimit'),
  max_continuous_driving_minutes: minutes('validation.tachographMinutes'),
  min_break_minutes: minutes('validation.tachographMinutes'),
});
export type TachographLimitsBody = z.infer<typeof tachographLimitsBodySchema>;

/** The console's limits form: the customer the limits are set for, then the body's fields. */
export const tachographLimitsFormSchema = tachographLimitsBodySchema.extend({
  customer_id: z.uuid('validation.customerRequired'),
});
