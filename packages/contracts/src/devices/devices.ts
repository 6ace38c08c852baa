// Devices (domain spec §3, §5, §9): the on-board boxes with 1 to 4 cameras, their SIM, thresholds
// and installation. The create/edit body and the answers; the server validates with these, the
// web's forms type with them. Rules that need the database (device id and camera ids unique, the
// vehicle and group of the same customer, the kitting id) live in the server's devices module.
import { z } from 'zod';
import { listQuerySchema } from '../api/errors.ts';
import { recordTimes, refSchema } from '../api/records.ts';
import { linkStateFilterSchema, linkStateSchema } from '../device-link/states.ts';
import { notNegative, textRequired } from '../validation/fields.ts';

/** Device id and plate number: digits only (spec §5). 20 digits hold every id format we know. */
export const DIGITS_PATTERN = /^\d{1,20}$/;
/** Firmware version as the device reports it (e.g. 8687, 8687.12). */
export const FIRMWARE_PATTERN = /^[0-9A-Za-z][0-9A-Za-z._-]{0,31}$/;

/** The device types (the firmware file names dv426_… and dv456_… name them, spec §5). */
export const DEVICE_TYPES = ['dv426', 'dv456'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];
/** Camera rotation (spec §3). */
export const CAMERA_ROTATIONS = ['normal', 'right90', 'left90', 'rotate180'] as const;
export type CameraRotation = (typeof CAMERA_ROTATIONS)[number];
/** Installation direction (spec §3). */
export const INSTALLATION_DIRECTIONS = ['left', 'front'] as const;
/** The device's map marker: a colour, so that devices are told apart on the maps. */
export const DEVICE_ICONS = ['blue', 'green', 'orange', 'red', 'purple', 'grey'] as const;
/** The four threshold settings (spec §3), each a threshold (G) and a duration (ms). */
export const THRESHOLD_KINDS = ['acceleration', 'deceleration', 'impact', 'quick_handle'] as const;
export type ThresholdKind = (typeof THRESHOLD_KINDS)[number];
/** Threshold states (spec §4): what the device has been asked and has answered. */
export const THRESHOLD_STATES = [
  'reading-requested',
  'reading-completed',
  'change-reserved',
  'change-sent',
  'sending-completed',
] as const;
export type ThresholdState = (typeof THRESHOLD_STATES)[number];

export const CAMERAS_MIN = 1;
export const CAMERAS_MAX = 4;
export const CHANNEL_MIN = 1;
export const CHANNEL_MAX = 4;
export const THRESHOLD_G_MAX = 16;
export const THRESHOLD_MS_MAX = 10_000;

/** Defaults a new device starts from: common values for forklift-class vehicles. */
export const DEFAULT_THRESHOLDS: Record<ThresholdKind, { threshold: number; duration: number }> = {
  acceleration: { threshold: 0.35, duration: 300 },
  deceleration: { threshold: 0.4, duration: 300 },
  impact: { threshold: 1, duration: 100 },
  quick_handle: { threshold: 0.35, duration: 300 },
};

/** A required digits-only value with its own required message (spec §5). */
export const digitsSchema = (requiredKey: string) =>
  z
    .string(requiredKey)
    .trim()
    .min(1, requiredKey)
    .max(20, 'validation.tooLong')
    .regex(DIGITS_PATTERN, 'validation.digitsOnly');

const cameraIdSchema = textRequired('validation.cameraIdRequired', 32);

export const cameraSchema = z
  .object({
    camera_id: cameraIdSchema,
    rotation: z.enum(CAMERA_ROTATIONS).default('normal'),
  })
  .strict();
export type Camera = z.output<typeof cameraSchema>;

/** 1 to 4 cameras whose ids differ (spec §5: camera id must be unique). */
export const camerasSchema = z
  .array(cameraSchema)
  .min(CAMERAS_MIN, 'validation.camerasCount')
  .max(CAMERAS_MAX, 'validation.camerasCount')
  .superRefine((cameras, ctx) => {
    const seen = new Set<string>();
    cameras.forEach((camera, i) => {
      if (seen.has(camera.camera_id))
        ctx.addIssue({ code: 'custom', message: 'validation.cameraIdDuplicate', path: [i, 'camera_id'] });
      seen.add(camera.camera_id);
    });
  })
  .meta({ description: 'No two cameras have the same camera_id.' });

const thresholdSchema = z
  .object({
    threshold: z.number('validation.required').min(0.01, 'validation.tooSmall').max(THRESHOLD_G_MAX),
    duration: notNegative(z.number('validation.required').int()).max(THRESHOLD_MS_MAX),
  })
  .strict();
export const thresholdsSchema = z
  .object(
    Object.fromEntries(THRESHOLD_KINDS.map((k) => [k, thresholdSchema])) as Record<
      ThresholdKind,
      typeof thresholdSchema
    >,
  )
  .strict();
export type Thresholds = z.output<typeof thresholdsSchema>;

const optionalId = z.uuid().nullable().default(null);

/** A text that may be left empty (null), else matches `pattern` (`key` is the message when not). */
const optionalMatching = (pattern: RegExp, key: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || pattern.test(v), key)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .default(null);

/** What the device form and the case's register-device form send. */
export const deviceBodySchema = z
  .object({
    customer_id: z.uuid('validation.customerRequired'),
    device_id: digitsSchema('validation.deviceIdRequired'),
    plate_number: optionalMatching(DIGITS_PATTERN, 'validation.digitsOnly'),
    device_type: z.enum(DEVICE_TYPES, 'validation.typeRequired'),
    /** The case (kitting batch) the device was set up in. */
    kitting_id: optionalId,
    vehicle_id: optionalId,
    channel_number: z
      .number('validation.channelNumberRequired')
      .int('validation.channelNumber')
      .min(CHANNEL_MIN, 'validation.channelNumber')
      .max(CHANNEL_MAX, 'validation.channelNumber'),
    cameras: camerasSchema,
    group_id: optionalId,
    icon: z.enum(DEVICE_ICONS).default('blue'),
    firmware: optionalMatching(FIRMWARE_PATTERN, 'validation.firmware'),
    sim_id: optionalId,
    thresholds: thresholdsSchema.default(DEFAULT_THRESHOLDS),
    installation_direction: z.enum(INSTALLATION_DIRECTIONS).default('front'),
  })
  .strict();
export type DeviceBody = z.input<typeof deviceBodySchema>;
export type DeviceInput = z.output<typeof deviceBodySchema>;

/** The settings a kitting user tunes after registering (the case's device profile screen). */
export const deviceSettingsSchema = deviceBodySchema.pick({
  icon: true,
  firmware: true,
  thresholds: true,
  installation_direction: true,
});
export type DeviceSettingsBody = z.input<typeof deviceSettingsSchema>;

export const deviceSchema = z.object({
  id: z.string(),
  customer: refSchema,
  device_id: z.string(),
  plate_number: z.string().nullable(),
  device_type: z.enum(DEVICE_TYPES),
  /** The case: id and case number. */
  kitting: refSchema.nullable(),
  vehicle: refSchema.nullable(),
  channel_number: z.number().int(),
  camera_count: z.number().int(),
  cameras: z.array(z.object({ camera_id: z.string(), rotation: z.enum(CAMERA_ROTATIONS) })),
  group: refSchema.nullable(),
  icon: z.enum(DEVICE_ICONS),
  firmware: z.string().nullable(),
  /** The SIM: id and phone number. */
  sim: refSchema.nullable(),
  thresholds: thresholdsSchema,
  threshold_state: z.enum(THRESHOLD_STATES).nullable(),
  installation_direction: z.enum(INSTALLATION_DIRECTIONS),
  /** Connection and motion; null before the device first reported. */
  state: linkStateSchema.nullable(),
  /** updated_at: the last update of the device's settings. */
  ...recordTimes,
});
export type Device = z.infer<typeof deviceSchema>;

/** A saved device as the body that would save it again (to change some of its settings). */
export function deviceBodyOf(device: Device) {
  return {
    customer_id: device.customer.id,
    device_id: device.device_id,
    plate_number: device.plate_number,
    device_type: device.device_type,
    kitting_id: device.kitting?.id ?? null,
    vehicle_id: device.vehicle?.id ?? null,
    channel_number: device.channel_number,
    cameras: device.cameras,
    group_id: device.group?.id ?? null,
    icon: device.icon,
    firmware: device.firmware,
    sim_id: device.sim?.id ?? null,
    thresholds: device.thresholds,
    installation_direction: device.installation_direction,
  } satisfies DeviceInput;
}

/** The columns a device list can be ordered by. */
export const DEVICE_ORDER_COLUMNS = [
  'device_id',
  'plate_number',
  'device_type',
  'customer',
  'vehicle',
  'firmware',
  'updated_at',
] as const;

/** The device list's own filters, besides the free-text one (device id, plate, vehicle, camera). */
export const deviceListFilterSchema = z.object({
  customer_id: z.uuid().optional(),
  device_type: z.enum(DEVICE_TYPES).optional(),
  vehicle: z.enum(['with', 'without']).optional(),
  state: linkStateFilterSchema.optional(),
});
/** GET /devices: paging, order, the search box and the filters above. */
export const deviceListQuerySchema = listQuerySchema.extend(deviceListFilterSchema.shape);

/**
 * The vehicle picker of the device form searches the customer's vehicles on the server and shows
 * at most this many, so a customer with thousands of vehicles does not load them all.
 */
export const DEVICE_VEHICLE_OPTIONS_LIMIT = 20;

/** The vehicle picker's query: a part of the name, and the vehicle already chosen (always answered). */
export const deviceVehicleOptionsQuerySchema = z.object({
  customer_id: z.uuid(),
  q: z.string().max(100).optional(),
  vehicle_id: z.uuid().optional(),
});

/** One vehicle the picker offers: the device fitted to it (null: free), and that device's state. */
export const deviceVehicleOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  device_id: z.string().nullable(),
  state: linkStateSchema.nullable(),
});
export type DeviceVehicleOption = z.infer<typeof deviceVehicleOptionSchema>;
