// The clips of an event: one per camera, cut by the device from its recording around the event
// and uploaded to object storage (device protocol: the video-upload command). States of spec §4:
// the video status 0-4, and the event video's being created, timeout, creation error and
// conversion failed, after which a clip can be recreated.
import { z } from 'zod';

/** Spec §4 video status codes. */
export const VIDEO_STATUS = {
  deviceOffline: 0,
  noVideo: 1,
  waiting: 2,
  processing: 3,
  completed: 4,
} as const;
export const CLIP_VIDEO_STATUSES = [0, 1, 2, 3, 4] as const;

/** Why a clip has no video although one was asked for; each can be recreated. */
export const CLIP_FAILURES = ['timeout', 'creation-error', 'conversion-failed'] as const;
export type ClipFailure = (typeof CLIP_FAILURES)[number];

/** Spec §4 event video states: being created while on its way, else why it failed. */
export const EVENT_VIDEO_STATES = ['being-created', ...CLIP_FAILURES] as const;
export type EventVideoState = (typeof EVENT_VIDEO_STATES)[number];

/** The window around the event a clip covers. */
export const CLIP_SECONDS_BEFORE = 10;
export const CLIP_SECONDS_AFTER = 10;

export function eventVideoState(status: number, failure: ClipFailure | null): EventVideoState | null {
  if (failure) return failure;
  return status === VIDEO_STATUS.deviceOffline ||
    status === VIDEO_STATUS.waiting ||
    status === VIDEO_STATUS.processing
    ? 'being-created'
    : null;
}

/** A clip's file name: its camera and the start of its recording (14-digit UTC stamp, spec §9). */
export function clipFileName(camera: number, from: Date): string {
  const stamp = from.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `cam${camera}_${stamp}.mp4`;
}

export const clipSchema = z.object({
  id: z.string(),
  camera: z.number().int(),
  camera_id: z.string().nullable(),
  video_status: z.number().int(),
  event_video_state: z.enum(EVENT_VIDEO_STATES).nullable(),
  /** Failed (timeout, creation error, conversion failed): "recreate" asks the device again. */
  recreatable: z.boolean(),
  window_from: z.string(),
  window_to: z.string(),
  /** Ends in the window start's 14-digit UTC stamp, `_YYYYMMDDHHmmss.mp4`. */
  file_name: z.string(),
  /** Read from that stamp, 'YYYY-MM-DD HH:mm:ss' UTC; null until the video is there. */
  recorded_at: z.string().nullable(),
  bytes: z.number().int().nullable(),
  /** What went wrong, in words, for a failed clip (the device's reason or what the check found). */
  failure_detail: z.string().nullable(),
  attempts: z.number().int(),
  updated_at: z.string(),
});
export type ClipDto = z.infer<typeof clipSchema>;

export const CLIP_ADDRESS_KINDS = ['play', 'download'] as const;
export type ClipAddressKind = (typeof CLIP_ADDRESS_KINDS)[number];

/** POST …/clips/{clipId}/play and …/download: a signed address, valid for `expires_at`. */
export const clipAddressSchema = z.object({
  url: z.string(),
  expires_at: z.string(),
});

/**
 * POST /events/{id}/clips/play: the signed addresses of every clip with video, played together;
 * one press of Play, one play among the event's viewers however many cameras it has.
 */
export const clipsPlaySchema = z.object({
  clips: z.array(z.object({ id: z.string(), camera: z.number().int(), url: z.string() })),
  expires_at: z.string(),
});
export type ClipsPlay = z.infer<typeof clipsPlaySchema>;
