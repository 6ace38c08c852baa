// Drive summaries (resource `drive_sum`; console routes /vehicles/:vehicleId/drive-summary,
// /groups/:groupId/drive-summary, /operator/:operatorId/driveSummary,
// /operator-groups/:groupId/drive-summary with the query start, end, name, interval, timesetting):
// operating time, distance, stops and harsh events per interval, figured from what the devices
// sent (docs/device-protocol.md). How each figure is counted: docs/decisions/2026-11-23-drive-summary-figures.md.
import { z } from 'zod';
import { DEVICE_EVENT_TYPES, type DeviceEventType } from '../device-link/messages.ts';
import { addDays, addMonths, dayStartMs, localDateOf, mondayOf } from '../format/localDays.ts';

export const DRIVE_SUMMARY_INTERVALS = ['hour', 'day', 'week', 'month'] as const;
export type DriveSummaryInterval = (typeof DRIVE_SUMMARY_INTERVALS)[number];
export const DRIVE_SUMMARY_SUBJECTS = ['vehicle', 'vehicleGroup', 'operator', 'operatorGroup'] as const;
export type DriveSummarySubject = (typeof DRIVE_SUMMARY_SUBJECTS)[number];

/** The event types that are not harsh driving: records asked for or timed, inputs, the camera's own. */
const NOT_HARSH = [
  'Manual',
  'Time',
  'Motion',
  'Temperature',
  'Alarm',
  'Button',
  'RFID',
  'clip',
  'Random',
] as const;
/** The event types that are harsh driving (g-sensor, speed, turns, impacts); the others are not counted. */
export type HarshEventType = Exclude<DeviceEventType, (typeof NOT_HARSH)[number]>;
export const HARSH_EVENT_TYPES: readonly HarshEventType[] = DEVICE_EVENT_TYPES.filter(
  (type): type is HarshEventType => !(NOT_HARSH as readonly string[]).includes(type),
);

/** A position faster than this (km/h) is moving; slower is standing. */
export const MOVING_SPEED_KMH = 1;
/** Two positions further apart in time than this belong to different trips (the device was off). */
export const MAX_POSITION_GAP_S = 300;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** The longest period per interval, so that one answer stays a readable chart. */
export const DRIVE_SUMMARY_MAX_DAYS: Record<DriveSummaryInterval, number> = {
  hour: 7,
  day: 93,
  week: 371,
  month: 731,
};

/**
 * timesetting: the caller's offset from UTC in minutes (Tokyo 540, New York -300), −12 h to +14 h.
 * Every check aborts: a query's own rules (a score's period, a summary's span) compute dates from
 * the offset, and zod runs them after a failed check that does not abort — `1e308` made
 * `new Date(…)` throw there (a 500).
 */
const outOfRange = { message: 'validation.timesetting', abort: true } as const;
export const timesettingSchema = z.coerce
  .number('validation.timesetting')
  .int(outOfRange)
  .min(-720, outOfRange)
  .max(840, outOfRange);

/** Without start and end a summary covers the caller's today (local midnight to midnight). */
export function resolveSummaryPeriod(
  q: { start?: string; end?: string; timesetting?: number },
  now = Date.now(),
): { start: number; end: number } {
  const offset = (q.timesetting ?? 0) * 60_000;
  const todayStart = Math.floor((now + offset) / DAY_MS) * DAY_MS - offset;
  const start = q.start === undefined ? undefined : Date.parse(q.start);
  const end = q.end === undefined ? (start ?? todayStart) + DAY_MS : Date.parse(q.end);
  return { start: start ?? end - DAY_MS, end };
}

export const driveSummaryQuerySchema = z
  .object({
    start: z.iso.datetime({ offset: true, message: 'validation.invalidDate' }).optional(),
    end: z.iso.datetime({ offset: true, message: 'validation.invalidDate' }).optional(),
    interval: z.enum(DRIVE_SUMMARY_INTERVALS, 'validation.summaryInterval').default('hour'),
    timesetting: timesettingSchema.default(0),
    /** The subject's name as the screen that linked here knew it; the answer carries the current one. */
    name: z.string().max(200).optional(),
  })
  .superRefine((q, ctx) => {
    const { start, end } = resolveSummaryPeriod(q);
    const span = end - start;
    if (span <= 0) ctx.addIssue({ code: 'custom', path: ['end'], message: 'validation.endAfterStart' });
    else if (span > DRIVE_SUMMARY_MAX_DAYS[q.interval] * DAY_MS)
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'validation.summaryPeriodTooLong' });
  })
  .meta({
    description: `end is after start, at most this many days after it by interval: ${Object.entries(
      DRIVE_SUMMARY_MAX_DAYS,
    )
      .map(([interval, days]) => `${interval} ${days}`)
      .join(', ')} (left out: the day of start, or today in the time setting).`,
  });
export type DriveSummaryQuery = z.infer<typeof driveSummaryQuerySchema>;

const figures = {
  /** Seconds the vehicles were moving (running). */
  operating_seconds: z.number(),
  /** Metres driven. */
  distance_m: z.number(),
  /** Times a moving vehicle came to a standstill. */
  stops: z.number(),
  /** Harsh events by type; types with none are left out. */
  events: z.record(z.string(), z.number()),
  event_count: z.number(),
};

export const driveSummaryBucketSchema = z.object({
  /** The interval's first instant, local to the time setting (ISO 8601 with its offset). */
  start: z.string(),
  ...figures,
});
export type DriveSummaryBucket = z.infer<typeof driveSummaryBucketSchema>;

export const driveSummarySchema = z.object({
  subject: z.object({ kind: z.enum(DRIVE_SUMMARY_SUBJECTS), id: z.string(), name: z.string() }),
  start: z.string(),
  end: z.string(),
  interval: z.enum(DRIVE_SUMMARY_INTERVALS),
  timesetting: z.number(),
  /** How many vehicles (vehicle and group) or operators (operator and group) the summary covers. */
  members: z.number(),
  /** Every interval of the period in order, empty ones included. */
  buckets: z.array(driveSummaryBucketSchema),
  totals: z.object(figures),
});
export type DriveSummary = z.infer<typeof driveSummarySchema>;

/** "+09:00" for 540: the offset as ISO 8601 writes it. */
export function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const m = Math.abs(minutes);
  return `${sign}${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/**
 * The intervals of a period, as local wall-clock keys "YYYY-MM-DDTHH:MM:SS" (the same text the
 * database groups by): the first holds `start`, the last begins before `end`. Weeks begin on Monday.
 */
export function summaryBucketKeys(
  start: number,
  end: number,
  interval: DriveSummaryInterval,
  timesetting: number,
): string[] {
  const keys: string[] = [];
  if (interval === 'hour') {
    const offset = timesetting * 60_000;
    for (let at = Math.floor((start + offset) / HOUR_MS) * HOUR_MS; at < end + offset; at += HOUR_MS)
      keys.push(new Date(at).toISOString().slice(0, 19));
    return keys;
  }
  // Days, weeks and months on the user's calendar (format/localDays.ts, as the chart and score periods).
  const first = localDateOf(start, timesetting);
  const next = (date: string) =>
    interval === 'day' ? addDays(date, 1) : interval === 'week' ? addDays(date, 7) : addMonths(date, 1);
  let date = interval === 'week' ? mondayOf(first) : interval === 'month' ? addMonths(first, 0) : first;
  for (; dayStartMs(date, timesetting) < end; date = next(date)) keys.push(`${date}T00:00:00`);
  return keys;
}
