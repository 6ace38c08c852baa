// Events (domain spec §3 Event, §4 check tag): what a device reported, and what the safety manager
// adds to it (tag, comment, excluded, do-not-delete, review state), with who viewed it. The
// clips of its cameras are in clips.ts. Times are UTC ISO 8601 in every answer; the console shows
// them in the browser's zone (spec §9).
import { z } from 'zod';
import { listQuerySchema } from '../api/errors.ts';
import { deviceEventSampleSchema, EVENT_TYPES, type EventType } from '../device-link/messages.ts';
import { zoneBreachSchema } from '../zones/zones.ts';
import { CLIP_VIDEO_STATUSES, clipSchema } from './clips.ts';

/**
 * The numeric code of each event type. The spec names two codes only (23 and 30, whose
 * video_start_at stays unconverted); they are the two types whose window a person or a schedule
 * chose in local time: on-demand video (`clip`, 23) and random video (`Random`, 30). The other
 * codes are ours (docs/decisions/2026-11-26-events-and-clips.md).
 */
export const EVENT_TYPE_CODES = {
  Manual: 1,
  Time: 2,
  Motion: 3,
  Speed: 4,
  Gsensor: 5,
  Temperature: 6,
  Alarm: 7,
  Button: 8,
  RFID: 9,
  Accelerate: 10,
  Deceleration: 11,
  TurnAngle: 12,
  TurnGyroscope: 13,
  Impact: 14,
  TurnLeft: 15,
  TurnRight: 16,
  SuddenTurn: 17,
  SuddenAcceleration: 18,
  SuddenDeceleration: 19,
  clip: 23,
  Random: 30,
  // Ours too: a breach of a site zone's rule, made by the server (modules/zones).
  ZoneBreach: 40,
} as const satisfies Record<EventType, number>;

export const EVENT_TAGS = ['none', 'no-problem', 'mild', 'moderate', 'serious', 'very-serious'] as const;
export type EventTag = (typeof EVENT_TAGS)[number];

/** Beyond the spec (peers.md, Samsara and Motive): where an event stands in its review. */
export const EVENT_REVIEW_STATES = [
  'needs-review',
  'needs-coaching',
  'coached',
  'reviewed',
  'dismissed',
] as const;
export type EventReviewState = (typeof EVENT_REVIEW_STATES)[number];

export const EVENT_COMMENT_MAX = 1000;
/** The longest period one event list covers. */
export const EVENT_PERIOD_MAX_DAYS = 400;
export const EVENT_PERIOD_DEFAULT_DAYS = 7;
export const EVENT_PAGE_DEFAULT = 50;
export const EVENT_PAGE_MAX = 1000;
/** Paging by page number reaches this many rows; further on, the list is read by `cursor`. */
export const EVENT_OFFSET_MAX = 10_000;
/** `total` is counted up to this; past it the answer says `total_exact: false`. */
export const EVENT_COUNT_MAX = 10_000;

const DAY_MS = 86_400_000;

/** A comma-separated list of values of `values` (a query string carries one text per name). */
export const listOf = <T extends string>(values: readonly T[]) =>
  z
    .string()
    .max(500)
    .transform((text, ctx) => {
      const items = [...new Set(text.split(',').map((s) => s.trim()))].filter(Boolean);
      if (items.length === 0 || items.some((i) => !values.includes(i as T))) {
        ctx.addIssue({ code: 'custom', message: 'validation.invalidEnum' });
        return z.NEVER;
      }
      return items as T[];
    });

/** The period of a list: both ends optional; the default is the last EVENT_PERIOD_DEFAULT_DAYS days. */
export function resolveEventPeriod(q: { start?: string; end?: string }, now = Date.now()) {
  const start = q.start === undefined ? undefined : Date.parse(q.start);
  const end =
    q.end === undefined
      ? start === undefined
        ? now
        : start + EVENT_PERIOD_DEFAULT_DAYS * DAY_MS
      : Date.parse(q.end);
  return { start: start ?? end - EVENT_PERIOD_DEFAULT_DAYS * DAY_MS, end };
}

/** A position in the list sorted by time: the time and id of the last row seen. */
export const eventCursorSchema = z
  .string()
  .max(100)
  .regex(/^\d{13}_[0-9a-f-]{36}$/, 'validation.invalid');

export function eventCursor(row: { time: string; id: string }): string {
  return `${Date.parse(row.time)}_${row.id}`;
}

/** The filters of the event list, which the event map (map.ts) takes as well. */
export const eventFilterShape = {
  start: z.iso.datetime({ offset: true, message: 'validation.invalidDate' }).optional(),
  end: z.iso.datetime({ offset: true, message: 'validation.invalidDate' }).optional(),
  type: listOf(EVENT_TYPES).optional(),
  customer_id: z.uuid('validation.invalid').optional(),
  vehicle_id: z.uuid('validation.invalid').optional(),
  vehicle_group_id: z.uuid('validation.invalid').optional(),
  operator_id: z.uuid('validation.invalid').optional(),
  tag: listOf(EVENT_TAGS).optional(),
  video_status: listOf(CLIP_VIDEO_STATUSES.map(String))
    .transform((v) => v.map(Number))
    .optional(),
  review_state: listOf(EVENT_REVIEW_STATES).optional(),
  excluded: z
    .enum(['true', 'false'], 'validation.invalidEnum')
    .transform((v) => v === 'true')
    .optional(),
};
export type EventFilters = z.output<z.ZodObject<typeof eventFilterShape>>;

/** The period of the filters: end after start, at most EVENT_PERIOD_MAX_DAYS. */
/** checkEventPeriod in words. */
export const EVENT_PERIOD_RULE = `end is after start and at most ${EVENT_PERIOD_MAX_DAYS} days after it (start left out: ${EVENT_PERIOD_DEFAULT_DAYS} days before end; end left out: ${EVENT_PERIOD_DEFAULT_DAYS} days after start, or now).`;

export function checkEventPeriod(q: { start?: string; end?: string }, ctx: z.RefinementCtx): void {
  const { start, end } = resolveEventPeriod(q);
  if (end <= start) ctx.addIssue({ code: 'custom', path: ['end'], message: 'validation.endAfterStart' });
  else if (end - start > EVENT_PERIOD_MAX_DAYS * DAY_MS)
    ctx.addIssue({ code: 'custom', path: ['end'], message: 'validation.eventPeriodTooLong' });
}

/** The event list's parameters before their rules (the asked-for videos' list narrows `type`). */
export const eventListQueryShape = listQuerySchema.omit({ order_by: true, filter: true }).extend({
  perPage: z.coerce.number().int().min(1).max(EVENT_PAGE_MAX).default(EVENT_PAGE_DEFAULT),
  order_by: z.enum(['time'], 'validation.orderBy').optional(),
  ...eventFilterShape,
  /** Keyset paging: the rows after this one (`next_cursor` of the previous page); page is then ignored. */
  cursor: eventCursorSchema.optional(),
});

/** The period's bounds and paging's reach, for the event list and lists built on it. */
export function checkEventListQuery(
  q: z.output<typeof eventListQueryShape>,
  ctx: z.RefinementCtx<z.output<typeof eventListQueryShape>>,
): void {
  checkEventPeriod(q, ctx);
  if (!q.cursor && q.page * q.perPage > EVENT_OFFSET_MAX)
    ctx.addIssue({ code: 'custom', path: ['page'], message: 'validation.eventPageTooFar' });
}

/** checkEventListQuery in words. */
export const EVENT_LIST_RULE = `${EVENT_PERIOD_RULE} Without a cursor, page × perPage is at most ${EVENT_OFFSET_MAX}.`;

export const eventListQuerySchema = eventListQueryShape
  .superRefine(checkEventListQuery)
  .meta({ description: EVENT_LIST_RULE });
export type EventListQuery = z.output<typeof eventListQuerySchema>;

const named = z.object({ id: z.string(), name: z.string() });

export const eventSchema = z.object({
  id: z.string(),
  type: z.enum(EVENT_TYPES),
  /** EVENT_TYPE_CODES[type]. */
  type_code: z.number().int(),
  time: z.string(),
  received_at: z.string(),
  /**
   * The start of the event's video: UTC ISO 8601, except for codes 23 and 30 (on-demand and random
   * video), where it is the wall-clock time chosen, 'YYYY-MM-DD HH:mm:ss', shown unconverted.
   */
  video_start_at: z.string().nullable(),
  customer: named,
  device: z.object({ id: z.string(), device_id: z.string(), device_type: z.string() }),
  /** maintenance_mode as the vehicle is now: the list marks a vehicle in maintenance, as every list does. */
  vehicle: named.extend({ maintenance_mode: z.boolean() }).nullable(),
  operator: named.nullable(),
  rfid: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  speed: z.number(),
  direction: z.number(),
  gx: z.number(),
  gy: z.number(),
  gz: z.number(),
  roll: z.number(),
  pitch: z.number(),
  yaw: z.number(),
  cameras: z.number().int(),
  camera_ids: z.array(z.string()),
  /** Spec §4 video status 0-4 of the event: its most advanced clip (1: none). */
  video_status: z.number().int(),
  tag: z.enum(EVENT_TAGS),
  comment: z.string(),
  excluded: z.boolean(),
  do_not_delete: z.boolean(),
  review_state: z.enum(EVENT_REVIEW_STATES),
  view_count: z.number().int(),
  viewer_count: z.number().int(),
  /** A ZoneBreach's zone, rule and what broke it (modules/zones); null for every other type. */
  zone_breach: zoneBreachSchema.nullable(),
});
export type EventDto = z.infer<typeof eventSchema>;

export const eventViewerSchema = z.object({
  user_id: z.string().nullable(),
  name: z.string(),
  /** view: the event opened; play, download: a clip's address handed out. */
  kind: z.enum(['view', 'play', 'download']),
  at: z.string(),
});
export type EventViewer = z.infer<typeof eventViewerSchema>;

export const eventDetailSchema = eventSchema.extend({
  clips: z.array(clipSchema),
  /** The latest views and downloads, newest first (at most 100). */
  viewers: z.array(eventViewerSchema),
  /** The device's sensor readings around the event, in time order; [] when it sent none. */
  samples: z.array(deviceEventSampleSchema),
});
export type EventDetail = z.infer<typeof eventDetailSchema>;

export const eventPageSchema = z.object({
  list: z.array(eventSchema),
  /** Counted up to EVENT_COUNT_MAX; `total_exact` false past it. */
  total: z.number().int(),
  total_exact: z.boolean(),
  page: z.number().int(),
  perPage: z.number().int(),
  /** Give it as `cursor` for the next rows; null at the end. */
  next_cursor: z.string().nullable(),
});

/**
 * PUT /events/{id}: what the reviewer changes; at least one field. The review state moves only
 * through the workflow's steps (review.ts, POST /events/{id}/review/state).
 */
export const eventUpdateSchema = z
  .strictObject({
    tag: z.enum(EVENT_TAGS, 'validation.invalidEnum').optional(),
    // The key for a comment that is not text only: a message on z.string() itself would name every
    // issue, so a comment over the limit would say "not valid" instead of the limit.
    comment: z
      .string({ error: (issue) => (issue.code === 'invalid_type' ? 'validation.invalid' : undefined) })
      .trim()
      .max(EVENT_COMMENT_MAX)
      .optional(),
    excluded: z.boolean('validation.invalid').optional(),
    do_not_delete: z.boolean('validation.invalid').optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'validation.nothingToChange')
  .meta({ description: 'At least one field is given (minProperties).', minProperties: 1 });
export type EventUpdate = z.infer<typeof eventUpdateSchema>;

/**
 * Live push to the browsers that may read the event list: events just reported, or events whose
 * clips changed state (sent, processing, completed, timed out, failed, recreated).
 */
export type EventLiveMessage =
  | { type: 'events-created'; data: { events: EventDto[] } }
  | { type: 'events-changed'; data: { ids: string[] } };
