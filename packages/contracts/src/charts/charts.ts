// The dashboard's charts (domain spec "Dynamic chart": name, private flag, template, width, period
// or a specific range, operators, vehicles, groups, batch change flag, realtime, name prefix and
// suffix; chart periods today … last month). Shown at /virtualization (route `charts`), called at
// /api/v1/charts. How each template's figures are counted: docs/decisions/2026-11-26-dashboard-charts.md.
import { z } from 'zod';
import { recordTimes, refSchema } from '../api/records.ts';
import { timesettingSchema } from '../drive-summary/driveSummary.ts';
import { addDays, addMonths, dayStartMs, localDateOf, mondayOf } from '../format/localDays.ts';
import { isRealDate, textOptional, textRequired } from '../validation/fields.ts';

/** What a chart shows. */
export const CHART_TEMPLATES = [
  'eventsPerType',
  'operatingPerVehicle',
  'utilisationPerVehicle',
  'distancePerVehicle',
  'idlePerVehicle',
  'scoreTrend',
  'operatorRanking',
  'vehiclesOnline',
] as const;
export type ChartTemplate = (typeof CHART_TEMPLATES)[number];

/** Extra large to extra small: the share of the dashboard's row a chart takes (web grid spans). */
export const CHART_WIDTHS = ['xl', 'lg', 'md', 'sm', 'xs'] as const;
export type ChartWidth = (typeof CHART_WIDTHS)[number];

/** The spec's chart periods, and a specific range of days. */
export const CHART_PERIODS = [
  'today',
  'yesterday',
  'thisWeek',
  'lastWeek',
  'thisMonth',
  'lastMonth',
  'range',
] as const;
export type ChartPeriod = (typeof CHART_PERIODS)[number];

export const CHART_NAME_MAX = 100;
export const CHART_AFFIX_MAX = 20;
/** The most objects of each kind a chart may name. */
export const CHART_SELECTION_MAX = 100;
/** The longest specific range, in days. */
export const CHART_RANGE_MAX_DAYS = 366;
/**
 * The most vehicles or operators one chart adds up in a time setting of part of an hour (+05:30),
 * where the hour figures cannot split a local hour and each subject's drive summary is read from
 * raw data, one at a time (the answer says how many it left out). Elsewhere a chart counts every
 * subject, from the figures read in bulk.
 */
export const CHART_SUBJECTS_MAX = 50;

const day = z.string('validation.invalidDate').refine(isRealDate, 'validation.invalidDate');
export const chartIds = z
  .array(z.uuid('validation.invalid'))
  .max(CHART_SELECTION_MAX, 'validation.tooBig')
  .default([]);

const DAY_MS = 86_400_000;
export const chartPeriodFields = {
  period: z.enum(CHART_PERIODS, 'validation.invalidEnum').default('today'),
  /** First and last day (YYYY-MM-DD, the user's days) of a specific range; null otherwise. */
  range_start: day.nullable().default(null),
  range_end: day.nullable().default(null),
};
type PeriodInput = { period: ChartPeriod; range_start: string | null; range_end: string | null };

/** A specific range needs both days, the last not before the first, at most a year apart. */
/** checkRange in words, for the schemas that apply it. */
export const RANGE_RULE = `With period range, range_start and range_end are required, range_end not before range_start and less than ${CHART_RANGE_MAX_DAYS} days after it.`;

export const checkRange = (v: PeriodInput, ctx: z.RefinementCtx) => {
  if (v.period !== 'range') return;
  if (!v.range_start)
    ctx.addIssue({ code: 'custom', path: ['range_start'], message: 'validation.chartRangeRequired' });
  if (!v.range_end)
    ctx.addIssue({ code: 'custom', path: ['range_end'], message: 'validation.chartRangeRequired' });
  if (!v.range_start || !v.range_end) return;
  const span = Date.parse(v.range_end) - Date.parse(v.range_start);
  if (span < 0) ctx.addIssue({ code: 'custom', path: ['range_end'], message: 'validation.endAfterStart' });
  else if (span >= CHART_RANGE_MAX_DAYS * DAY_MS)
    ctx.addIssue({ code: 'custom', path: ['range_end'], message: 'validation.chartRangeTooLong' });
};

/** The fields of a chart as a form sends them (a form's rules are read from this shape). */
export const chartFields = {
  name: textRequired('validation.chartNameRequired', CHART_NAME_MAX),
  private: z.boolean('validation.invalidType').default(false),
  template: z.enum(CHART_TEMPLATES, 'validation.chartRequired'),
  width: z.enum(CHART_WIDTHS, 'validation.invalidEnum').default('md'),
  ...chartPeriodFields,
  operator_ids: chartIds,
  vehicle_ids: chartIds,
  /** Vehicle groups: their vehicles (and the operators who drove them) are counted. */
  group_ids: chartIds,
  /** Written before and after each figure (a currency, a unit: "≈", " pcs"). */
  name_prefix: textOptional(CHART_AFFIX_MAX),
  name_suffix: textOptional(CHART_AFFIX_MAX),
  /** Refreshed when the live channel pushes new device data. */
  realtime: z.boolean('validation.invalidType').default(false),
  /** Follows "batch period change". */
  batch_change: z.boolean('validation.invalidType').default(true),
};

/**
 * Strict: a chart counts operators, vehicles and vehicle groups only. A field it does not hold is
 * refused rather than dropped, so a selection it cannot check (another customer's operator
 * groups, say) is never answered 201 as if it had been taken.
 */
export const chartBodySchema = z
  .strictObject(chartFields)
  .superRefine(checkRange)
  .meta({ description: RANGE_RULE });
export type ChartBody = z.input<typeof chartBodySchema>;
export type ChartInput = z.output<typeof chartBodySchema>;

/** "Batch period change": the period of every chart of the dashboard that follows it. */
export const chartPeriodBodySchema = z
  .object(chartPeriodFields)
  .superRefine(checkRange)
  .meta({ description: RANGE_RULE });
export type ChartPeriodBody = z.input<typeof chartPeriodBodySchema>;

/** The dashboard's new order: every chart id the caller's dashboard shows, first to last. */
export const chartOrderBodySchema = z.object({
  ids: z.array(z.uuid('validation.invalid')).min(1, 'validation.required').max(500, 'validation.tooBig'),
});
export type ChartOrderBody = z.input<typeof chartOrderBodySchema>;

export const chartSchema = z.object({
  id: z.string(),
  customer: refSchema,
  owner: refSchema,
  ...chartFields,
  position: z.number(),
  ...recordTimes,
});
export type Chart = z.infer<typeof chartSchema>;

export const chartListSchema = z.object({ list: z.array(chartSchema) });
export type ChartList = z.infer<typeof chartListSchema>;

/** timesetting: the caller's offset from UTC in minutes, as the drive summaries take it. */
export const chartDataQuerySchema = z.object({ timesetting: timesettingSchema.default(0) });
export type ChartDataQuery = z.infer<typeof chartDataQuerySchema>;

export const CHART_UNITS = ['count', 'hours', 'km', 'percent', 'score', 'vehicles'] as const;
export type ChartUnit = (typeof CHART_UNITS)[number];

export const chartDataSchema = z.object({
  chart_id: z.string(),
  template: z.enum(CHART_TEMPLATES),
  /** The period's first and end instants (end exclusive), ISO 8601. */
  start: z.string(),
  end: z.string(),
  /** 'hour' | 'day' for a chart over time; 'subject' for one bar per vehicle or operator. */
  axis: z.enum(['hour', 'day', 'subject', 'state']),
  /** The x axis: interval starts (local ISO with offset), or the names of vehicles or operators. */
  categories: z.array(z.string()),
  /** One series per event type, else one ('value'); null where a rate has nothing to divide by. */
  series: z.array(z.object({ key: z.string(), values: z.array(z.number().nullable()) })),
  unit: z.enum(CHART_UNITS),
  /** How many vehicles or operators the chart covers, and how many were left out (CHART_SUBJECTS_MAX). */
  subjects: z.number(),
  left_out: z.number(),
});
export type ChartData = z.infer<typeof chartDataSchema>;

/**
 * The instants a period covers for a user `timesetting` minutes east of UTC: [start, end), and the
 * interval its chart over time is drawn in (hours for a day, days otherwise).
 */
export function resolveChartPeriod(
  p: PeriodInput,
  timesetting: number,
  now = Date.now(),
): { start: number; end: number; interval: 'hour' | 'day' } {
  const today = localDateOf(now, timesetting);
  let from: string;
  let to: string;
  switch (p.period) {
    case 'today':
      [from, to] = [today, addDays(today, 1)];
      break;
    case 'yesterday':
      [from, to] = [addDays(today, -1), today];
      break;
    case 'thisWeek':
      from = mondayOf(today);
      to = addDays(from, 7);
      break;
    case 'lastWeek':
      to = mondayOf(today);
      from = addDays(to, -7);
      break;
    case 'thisMonth':
      [from, to] = [addMonths(today, 0), addMonths(today, 1)];
      break;
    case 'lastMonth':
      [from, to] = [addMonths(today, -1), addMonths(today, 0)];
      break;
    default:
      from = p.range_start ?? today;
      to = addDays(p.range_end ?? p.range_start ?? today, 1);
  }
  const [start, end] = [dayStartMs(from, timesetting), dayStartMs(to, timesetting)];
  return { start, end, interval: end - start <= DAY_MS ? 'hour' : 'day' };
}
