// The video screens' calls (console /event-video, /video-history, /video/{vehicleId}/create): the
// asked-for videos (on-demand `clip`, random `Random`) with who asked and how far their clips are,
// who viewed or downloaded which video, and the vehicle's device as on-demand video sees it.
import { z } from 'zod';
import { listQuerySchema } from '../api/errors.ts';
import { EVENT_VIDEO_STATES } from './clips.ts';
import {
  checkEventListQuery,
  EVENT_COUNT_MAX,
  EVENT_LIST_RULE,
  EVENT_PAGE_DEFAULT,
  EVENT_PAGE_MAX,
  EVENT_PERIOD_MAX_DAYS,
  EVENT_PERIOD_RULE,
  eventListQueryShape,
  eventPageSchema,
  eventSchema,
  eventViewerSchema,
  listOf,
  resolveEventPeriod,
} from './events.ts';

/** The event types of videos a person or a schedule asked for (codes 23 and 30). */
export const REQUESTED_VIDEO_TYPES = ['clip', 'Random'] as const;
export type RequestedVideoType = (typeof REQUESTED_VIDEO_TYPES)[number];

const named = z.object({ id: z.string(), name: z.string() });

/** GET /event-videos: the event list's filters, its type narrowed to the asked-for videos. */
export const eventVideoListQuerySchema = eventListQueryShape
  .extend({ type: listOf(REQUESTED_VIDEO_TYPES).optional() })
  .superRefine(checkEventListQuery)
  .meta({ description: EVENT_LIST_RULE });

/** One clip of an asked-for video, as the list shows it. */
export const eventVideoClipSchema = z.object({
  id: z.string(),
  camera: z.number().int(),
  video_status: z.number().int(),
  event_video_state: z.enum(EVENT_VIDEO_STATES).nullable(),
  recreatable: z.boolean(),
});

export const eventVideoSchema = eventSchema.extend({
  /** Who asked (on-demand); null for random video or a user since deleted. */
  requested_by: named.nullable(),
  /** The window filmed: the clips' window (null before they exist). */
  window_from: z.string().nullable(),
  window_to: z.string().nullable(),
  /** Being created while any clip is on its way, else the first clip's failure, else null. */
  event_video_state: z.enum(EVENT_VIDEO_STATES).nullable(),
  clips: z.array(eventVideoClipSchema),
});
export type EventVideo = z.infer<typeof eventVideoSchema>;

export const eventVideoPageSchema = eventPageSchema.extend({ list: z.array(eventVideoSchema) });

export const VIDEO_HISTORY_KINDS = eventViewerSchema.shape.kind.options;

/** GET /video-history: who viewed (opened), played or downloaded a video, newest first. */
export const videoHistoryQuerySchema = listQuerySchema
  .omit({ order_by: true, filter: true })
  .extend({
    perPage: z.coerce.number().int().min(1).max(EVENT_PAGE_MAX).default(EVENT_PAGE_DEFAULT),
    start: z.iso.datetime({ offset: true, message: 'validation.invalidDate' }).optional(),
    end: z.iso.datetime({ offset: true, message: 'validation.invalidDate' }).optional(),
    kind: listOf(VIDEO_HISTORY_KINDS).optional(),
    customer_id: z.uuid('validation.invalid').optional(),
    vehicle_id: z.uuid('validation.invalid').optional(),
    /** Only the asked-for videos (on-demand and random). */
    requested: z
      .enum(['true', 'false'], 'validation.invalidEnum')
      .transform((v) => v === 'true')
      .optional(),
  })
  .superRefine((q, ctx) => {
    const { start, end } = resolveEventPeriod(q);
    if (end <= start) ctx.addIssue({ code: 'custom', path: ['end'], message: 'validation.endAfterStart' });
    else if (end - start > EVENT_PERIOD_MAX_DAYS * 86_400_000)
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'validation.eventPeriodTooLong' });
    if (q.page * q.perPage > EVENT_COUNT_MAX)
      ctx.addIssue({ code: 'custom', path: ['page'], message: 'validation.eventPageTooFar' });
  })
  .meta({ description: `${EVENT_PERIOD_RULE} page × perPage is at most ${EVENT_COUNT_MAX}.` });
export type VideoHistoryQuery = z.output<typeof videoHistoryQuerySchema>;

export const videoHistoryEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  kind: eventViewerSchema.shape.kind,
  /** Null once the user is deleted; the name is kept as it was. */
  user: z.object({ id: z.string().nullable(), name: z.string() }),
  customer: named,
  event: z.object({
    id: z.string(),
    type: eventSchema.shape.type,
    time: z.string(),
  }),
  vehicle: named.nullable(),
  /** The clip played or downloaded (null for an opening of the event). */
  clip: z.object({ id: z.string(), camera: z.number().int(), file_name: z.string() }).nullable(),
});
export type VideoHistoryEntry = z.infer<typeof videoHistoryEntrySchema>;

/** Counted up to EVENT_COUNT_MAX (`total_exact` false past it); paged by page only. */
export const videoHistoryPageSchema = eventPageSchema
  .omit({ next_cursor: true })
  .extend({ list: z.array(videoHistoryEntrySchema) });

/** GET /vehicles/{id}/video-device: what the on-demand video page needs to check a window. */
export const videoDeviceSchema = z.object({
  vehicle: named,
  /** The device fitted now; null: none (the vehicle is offline for video). */
  device: z.object({ id: z.string(), device_id: z.string() }).nullable(),
  cameras: z.number().int(),
  /** VIDEO_MAX_SECONDS, or VIDEO_MAX_SECONDS_FOUR_CAMERAS with four cameras. */
  max_seconds: z.number().int(),
  /** Connected now; null: never heard from. */
  online: z.boolean().nullable(),
});
export type VideoDevice = z.infer<typeof videoDeviceSchema>;
