// On-demand video (domain spec §5, §8, §9; console route /video/{vehicleId}/create?start&end): a
// person picks a window of a vehicle's running time and the device uploads each camera's
// recording of it, as an event of type `clip` (code 23) with the same clips as any event.
import { z } from 'zod';
import { eventDetailSchema } from './events.ts';

/** Spec §9: a video is at most 5 minutes, at most 3 minutes from a device with four cameras. */
export const VIDEO_MAX_SECONDS = 300;
export const VIDEO_MAX_SECONDS_FOUR_CAMERAS = 180;

/** The longest video a device with `cameras` cameras uploads at a time. */
export const videoMaxSeconds = (cameras: number) =>
  cameras >= 4 ? VIDEO_MAX_SECONDS_FOUR_CAMERAS : VIDEO_MAX_SECONDS;

/**
 * The validation key when a window is longer than the device allows, else null. The texts name the
 * limits (a schema's issue carries no parameters).
 */
export function videoLengthIssue(seconds: number, cameras: number): string | null {
  if (seconds <= videoMaxSeconds(cameras)) return null;
  return cameras >= 4 ? 'validation.videoTooLongFourCameras' : 'validation.videoTooLong';
}

const windowEnd = z.iso.datetime({ offset: true, message: 'validation.invalidDate' });

/**
 * POST /vehicles/{id}/videos: the window, each end ISO 8601 with the offset of the place it was
 * chosen in (the wall-clock start is kept as chosen and answered unconverted, event code 23).
 */
export const videoRequestSchema = z
  .strictObject({ start: windowEnd, end: windowEnd })
  .superRefine((body, ctx) => {
    const seconds = (Date.parse(body.end) - Date.parse(body.start)) / 1000;
    if (!(seconds > 0)) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'validation.endAfterStart' });
      return;
    }
    // The four-camera limit needs the device: the server checks it (videoLengthIssue).
    const issue = videoLengthIssue(seconds, 1);
    if (issue) ctx.addIssue({ code: 'custom', path: ['end'], message: issue });
  })
  .meta({
    description: `end is after start, at most ${VIDEO_MAX_SECONDS} s after it (${VIDEO_MAX_SECONDS_FOUR_CAMERAS} s for a device with four cameras, checked by the server).`,
  });
export type VideoRequest = z.infer<typeof videoRequestSchema>;

/** 'YYYY-MM-DD HH:mm:ss' as written in an ISO 8601 time, before its offset: the wall clock chosen. */
export function wallClockOf(iso: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::(\d{2}))?/.exec(iso);
  if (!match) throw new Error(`not an ISO 8601 time: ${iso}`);
  return `${match[1]} ${match[2]}:${match[3] ?? '00'}`;
}

/**
 * The answer: the new event with its clips. `device_offline`: the device is not connected, the
 * request waits for it (the envelope's message says "Device is offline, waiting").
 */
export const videoRequestAnswerSchema = eventDetailSchema.extend({ device_offline: z.boolean() });
export type VideoRequestAnswer = z.infer<typeof videoRequestAnswerSchema>;
