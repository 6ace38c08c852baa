// Managerial downloads (/download-request, /download-result): a customer's figures over a period as
// a file made by the server. The period each type allows is checked before anything is queued.
import { z } from 'zod';
import { CUSTOMER_DOWNLOAD_TYPES, type CustomerDownloadType } from '../customers/customers.ts';
import {
  ASYNC_DOWNLOAD_LINK_MINUTES,
  type DOWNLOAD_PERIOD_MONTHS,
  SYNC_DOWNLOAD_LINK_SECONDS,
} from '../shell/constants.ts';

export const DOWNLOAD_TYPES = CUSTOMER_DOWNLOAD_TYPES;
export type DownloadType = CustomerDownloadType;

/**
 * The longest period of each type, in months. Daily and per-period totals are one row per vehicle
 * (or operator, user) and day: a year and a month. Driving information and the event list are one
 * row per trip or event, many times more rows a day: two months.
 */
export const DOWNLOAD_TYPE_MONTHS: Record<DownloadType, (typeof DOWNLOAD_PERIOD_MONTHS)[number]> = {
  'vehicle-daily-duration': 13,
  'operator-daily-duration': 13,
  'vehicle-event-count': 13,
  'operator-event-count': 13,
  'vehicle-driving-info': 2,
  'event-list': 2,
  'user-daily-login': 13,
};

export const DOWNLOAD_METHODS = ['sync', 'async'] as const;
export type DownloadMethod = (typeof DOWNLOAD_METHODS)[number];

/** The file a download is written as: CSV (UTF-8 with BOM) or an XLSX workbook. */
export const DOWNLOAD_FORMATS = ['csv', 'xlsx'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

/** How long a synchronous request may take to make its file (a browser gives up at 30 s). */
export const SYNC_DOWNLOAD_SECONDS = 25;

export const DOWNLOAD_STATES = [
  'pending',
  'started',
  'processing',
  'completed',
  'failed',
  'error',
  'aborting',
  'aborted',
] as const;
export type DownloadState = (typeof DOWNLOAD_STATES)[number];

/** States in which a request may still be cancelled. */
export const CANCELLABLE_DOWNLOAD_STATES: readonly DownloadState[] = ['pending', 'started', 'processing'];

/** How long a finished file's link works (spec: 60 s for sync, 60 min for async). */
export const DOWNLOAD_LINK_SECONDS: Record<DownloadMethod, number> = {
  sync: SYNC_DOWNLOAD_LINK_SECONDS,
  async: ASYNC_DOWNLOAD_LINK_MINUTES * 60,
};

const day = z.iso.date('validation.invalidDate');

/**
 * `from` plus `months` months, the day kept or, past the month's end, its last day (31 January
 * plus one month is 28 or 29 February): the period must end before it.
 */
export function periodEndLimit(from: string, months: number): string {
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, lastDay))).toISOString().slice(0, 10);
}

/**
 * The first day of the longest period of `months` months that ends on `to` (both YYYY-MM-DD):
 * the earliest `from` the period limit above lets through, the form's default.
 */
export function longestPeriodStart(to: string, months: number): string {
  const [y, m] = to.split('-').map(Number) as [number, number];
  // From the first of the month `months` before, a day at a time: the months' ends clamp, so the
  // answer is not always the same day number.
  let from = new Date(Date.UTC(y, m - 1 - months, 1));
  while (to >= periodEndLimit(from.toISOString().slice(0, 10), months))
    from = new Date(from.getTime() + 86_400_000);
  return from.toISOString().slice(0, 10);
}

export const downloadRequestCreateSchema = z
  .object({
    download_type: z.enum(DOWNLOAD_TYPES, 'validation.invalidEnum'),
    from: day,
    to: day,
    method: z.enum(DOWNLOAD_METHODS, 'validation.invalidEnum').default('async'),
    format: z.enum(DOWNLOAD_FORMATS, 'validation.invalidEnum').default('csv'),
    customer_id: z.uuid('validation.invalid').optional(),
  })
  .superRefine((value, ctx) => {
    if (value.to < value.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.downloadPeriodOrder' });
      return;
    }
    const months = DOWNLOAD_TYPE_MONTHS[value.download_type];
    if (value.to >= periodEndLimit(value.from, months))
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: months === 13 ? 'validation.downloadPeriod13' : 'validation.downloadPeriod2',
      });
  })
  .meta({
    description:
      'The period `to` is not before `from`, and lasts less than its type allows: 13 months for the daily durations, event counts and daily logins, 2 months for the driving info and the event list.',
  });
export type DownloadRequestCreate = z.infer<typeof downloadRequestCreateSchema>;

export const downloadRequestSchema = z.object({
  id: z.string(),
  customer: z.object({ id: z.string(), name: z.string() }),
  download_type: z.enum(DOWNLOAD_TYPES),
  from: z.string(),
  to: z.string(),
  method: z.enum(DOWNLOAD_METHODS),
  format: z.enum(DOWNLOAD_FORMATS),
  status: z.enum(DOWNLOAD_STATES),
  progress: z.number().int(),
  file_size: z.number().int().nullable(),
  /** A translation key (validation namespace) when the request ended without a file. */
  message: z.string().nullable(),
  executor: z.object({ id: z.string(), name: z.string() }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DownloadRequestItem = z.infer<typeof downloadRequestSchema>;

export const downloadLinkSchema = z.object({ url: z.string(), expires_at: z.string() });
