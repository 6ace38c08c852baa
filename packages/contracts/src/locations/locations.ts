// Locations (resource `location`): where the vehicles are now and where they went. The dashboard
// map reads every visible vehicle's latest position and state, the vehicle map one vehicle's track
// over a period, the drive route one device's track between start and end. The positions and
// states themselves come from the device link (docs/device-protocol.md); these are the answers
// the console reads.
import { z } from 'zod';
import { linkStateSchema } from '../device-link/linkState.ts';

/** Vehicle state (domain spec §4). */
export const VEHICLE_MOTION_STATES = ['running', 'stopping'] as const;
export type VehicleMotion = (typeof VEHICLE_MOTION_STATES)[number];
/** Device live state (domain spec §4). */
export const DEVICE_LINK_STATES = ['online', 'offline'] as const;
export type DeviceLinkState = (typeof DEVICE_LINK_STATES)[number];

/** The longest period one track call answers: a week of positions of one vehicle. */
export const TRACK_MAX_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** One vehicle on the dashboard map: its last known position and state. */
export const vehicleLocationSchema = z.object({
  vehicle_id: z.string(),
  name: z.string(),
  customer: z.object({ id: z.string(), name: z.string() }),
  /** Vehicle type and icon variant (a, b): the map draws the type's icon. */
  vehicle_type: z.string(),
  icon: z.string(),
  /** Taken out of service by its manager: marked wherever the vehicle is shown. */
  maintenance_mode: z.boolean(),
  /** The device on the vehicle: its record id and its device id (digits); null without a device. */
  device: z.object({ id: z.string(), device_id: z.string() }).nullable(),
  /** Null until the vehicle's device has reported a position. */
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /** km/h and degrees clockwise from north, of the last position. */
  speed: z.number().nullable(),
  direction: z.number().nullable(),
  motion: z.enum(VEHICLE_MOTION_STATES).nullable(),
  online: z.boolean(),
  /** When the last position was taken (ISO 8601). */
  position_at: z.string().nullable(),
  /** When the state last changed or was reported (ISO 8601). */
  updated_at: z.string().nullable(),
  /**
   * The state as every vehicle list carries it (with the times of its changes); null before the
   * device reported. `online` and `motion` above repeat it flat for the map layers.
   */
  state: linkStateSchema.nullable(),
});
export type VehicleLocation = z.infer<typeof vehicleLocationSchema>;

export const vehicleLocationsAnswerSchema = z.object({ list: z.array(vehicleLocationSchema) });

/** Without start and end a track covers the last day. */
export const TRACK_DEFAULT_MS = DAY_MS;

/** The period a track query names: end defaults to now (or a day after start), start to a day before end. */
export function resolvePeriod(
  q: { start?: string; end?: string },
  now = Date.now(),
): { start: number; end: number } {
  const start = q.start === undefined ? undefined : Date.parse(q.start);
  const end =
    q.end === undefined ? (start === undefined ? now : start + TRACK_DEFAULT_MS) : Date.parse(q.end);
  return { start: start ?? end - TRACK_DEFAULT_MS, end };
}

/**
 * A period: start and end as ISO 8601 with an offset, end after start, at most TRACK_MAX_DAYS
 * apart (the drive route's query carries the same two names, spec: query start, end). Either may be
 * left out (resolvePeriod).
 */
export const trackQuerySchema = z
  .object({
    start: z.iso.datetime({ offset: true, message: 'validation.invalidDate' }).optional(),
    end: z.iso.datetime({ offset: true, message: 'validation.invalidDate' }).optional(),
  })
  .superRefine((q, ctx) => {
    const { start, end } = resolvePeriod(q);
    const span = end - start;
    if (span <= 0) ctx.addIssue({ code: 'custom', path: ['end'], message: 'validation.endAfterStart' });
    else if (span > TRACK_MAX_DAYS * DAY_MS)
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'validation.periodTooLong' });
  })
  .meta({
    description: `end is after start and at most ${TRACK_MAX_DAYS} days after it (either left out: one day from the other, or up to now).`,
  });
export type TrackQuery = z.infer<typeof trackQuerySchema>;

/**
 * One position of a track, compact because a vehicle-day holds tens of thousands:
 * [time in epoch milliseconds, longitude, latitude, speed km/h, direction degrees].
 */
export const trackPointSchema = z.tuple([z.number(), z.number(), z.number(), z.number(), z.number()]);
export type TrackPoint = z.infer<typeof trackPointSchema>;

/** The answer of the vehicle map and of the drive route: who, and the points in time order. */
export const trackSchema = z.object({
  vehicle: z
    .object({
      id: z.string(),
      name: z.string(),
      vehicle_type: z.string(),
      icon: z.string(),
      maintenance_mode: z.boolean().optional(),
    })
    .nullable(),
  device: z.object({ id: z.string(), device_id: z.string() }).nullable(),
  /** The state of the vehicle (vehicle map) or the device (drive route) now; null before a report. */
  state: linkStateSchema.nullable(),
  start: z.string(),
  end: z.string(),
  points: z.array(trackPointSchema),
  /** True when the period held more points than one answer carries (TRACK_MAX_POINTS): thinned evenly. */
  thinned: z.boolean(),
});
export type Track = z.infer<typeof trackSchema>;

/** At most this many points in one answer; a longer track is thinned evenly, first and last kept. */
export const TRACK_MAX_POINTS = 50_000;
