// Live camera (domain spec: customer live-camera limits, "Live camera stopped (retry)",
// "Device is offline, waiting", "vehicle is offline, try again later"; privilege resource
// `camera`, customer function `l-video`). A person opens a vehicle's cameras live: the server
// asks the device to publish them to a media engine and hands the browser signed addresses of
// the HTTP-FLV streams. The server counts the time it streamed to each view and takes it off the
// month; a user's views of one vehicle in a row share the continuous playback time.
import { z } from 'zod';
import { listPageSchema, listQuerySchema } from '../api/errors.ts';

/**
 * How often the viewer says it is still there; a view silent for LIVE_IDLE_SECONDS is ended (a
 * closed or sleeping tab). The beats only say presence: the time is what the server streamed.
 */
export const LIVE_HEARTBEAT_SECONDS = 2;
export const LIVE_IDLE_SECONDS = 20;

/** The longest pause that still continues a user's watching of a vehicle (see continuousPauseSeconds). */
export const LIVE_CONTINUOUS_PAUSE_SECONDS = 60;

/**
 * How long a user must have watched none of a vehicle's cameras for the continuous playback time
 * to start again: a minute, or the continuous limit when that is shorter. Closing a view and
 * opening another at once continues the same watching, so the limit cannot be reset that way.
 */
export function continuousPauseSeconds(continuousSeconds: number): number {
  return Math.min(LIVE_CONTINUOUS_PAUSE_SECONDS, continuousSeconds);
}

/** Why a view ended: stopped by the viewer, its continuous limit, the month's time used up, nobody watching. */
export const LIVE_END_REASONS = ['stopped', 'limit', 'no-time-left', 'idle'] as const;
export type LiveEndReason = (typeof LIVE_END_REASONS)[number];

export const liveLimitsSchema = z.object({
  continuous_seconds: z.int(),
  monthly_max_seconds: z.int(),
  remaining_seconds: z.int(),
});
export type LiveLimits = z.infer<typeof liveLimitsSchema>;

/** GET /vehicles/{id}/live-camera: the vehicle, its device's cameras and link, the company's limits. */
export const liveCameraTargetSchema = z.object({
  vehicle: z.object({ id: z.uuid(), name: z.string() }),
  device: z.object({ id: z.uuid(), device_id: z.string() }).nullable(),
  cameras: z.int().min(0).max(4),
  camera_ids: z.array(z.string()),
  /** null: no device, or never heard from. */
  online: z.boolean().nullable(),
  limits: liveLimitsSchema,
});
export type LiveCameraTarget = z.infer<typeof liveCameraTargetSchema>;

/** POST /vehicles/{id}/live-camera: nothing to choose, every camera plays. */
export const liveViewStartSchema = z.strictObject({});

export const LIVE_VIEW_STATES = ['playing', 'device-offline', 'ended'] as const;
export type LiveViewState = (typeof LIVE_VIEW_STATES)[number];

/** A view's standing, as each heartbeat answers it. */
export const liveViewStatusSchema = z.object({
  id: z.uuid(),
  state: z.enum(LIVE_VIEW_STATES),
  end_reason: z.enum(LIVE_END_REASONS).nullable(),
  /** Seconds the server has streamed to this view, counted against the month. */
  watched_seconds: z.number(),
  /** The longest this view may last: what is left of the continuous limit, or less when less remains. */
  allowed_seconds: z.int(),
  remaining_seconds: z.int(),
});
export type LiveViewStatus = z.infer<typeof liveViewStatusSchema>;

/** The answer to starting a view: its standing and one signed stream address per camera. */
export const liveViewSchema = liveViewStatusSchema.extend({
  vehicle_id: z.uuid(),
  started_at: z.string(),
  heartbeat_seconds: z.int(),
  streams: z.array(z.object({ camera: z.int().min(1).max(4), url: z.string() })),
});
export type LiveView = z.infer<typeof liveViewSchema>;

/** GET /live-camera/views: who watched which vehicle when, newest first. */
export const liveViewListQuerySchema = listQuerySchema.omit({ order_by: true, filter: true }).extend({
  perPage: z.coerce.number().int().min(1).max(200).default(20),
  vehicle_id: z.uuid('validation.invalid').optional(),
});
export type LiveViewListQuery = z.infer<typeof liveViewListQuerySchema>;

export const liveViewRecordSchema = z.object({
  id: z.uuid(),
  customer_id: z.uuid(),
  vehicle_id: z.uuid().nullable(),
  vehicle_name: z.string(),
  user_name: z.string(),
  cameras: z.int(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  end_reason: z.enum(LIVE_END_REASONS).nullable(),
  watched_seconds: z.number(),
});
export type LiveViewRecord = z.infer<typeof liveViewRecordSchema>;
export const liveViewPageSchema = listPageSchema(liveViewRecordSchema);
