// The payloads of the device link (docs/device-protocol.md), one zod schema per topic. Every
// message carries `id`, chosen by the device once and kept when it resends: the server stores a
// message once per (device, id), so a resend after a lost acknowledgement changes nothing.
// Payloads are JSON, UTF-8, at most MAX_DEVICE_PAYLOAD_BYTES.
import { z } from 'zod';
import type { DeviceUpChannel } from './topics.ts';

export const MAX_DEVICE_PAYLOAD_BYTES = 16 * 1024;
/** A device clock may run ahead a little; further ahead than this is refused. */
export const MAX_CLOCK_AHEAD_MS = 10 * 60 * 1000;

/** The spec's event types (domain spec §3), spelled as the spec does. */
export const DEVICE_EVENT_TYPES = [
  'Manual',
  'Time',
  'Motion',
  'Speed',
  'Gsensor',
  'Temperature',
  'Alarm',
  'Button',
  'RFID',
  'Accelerate',
  'Deceleration',
  'TurnAngle',
  'TurnGyroscope',
  'Impact',
  'TurnLeft',
  'TurnRight',
  'clip',
  'SuddenTurn',
  'Random',
  'SuddenAcceleration',
  'SuddenDeceleration',
] as const;
export type DeviceEventType = (typeof DEVICE_EVENT_TYPES)[number];

export const DEVICE_MOTION_STATES = ['running', 'stopping'] as const;
export type DeviceMotion = (typeof DEVICE_MOTION_STATES)[number];
export const DEVICE_CONNECTION_STATES = ['online', 'offline'] as const;

/** A message id: 1 to 64 of letters, digits and . _ : - (a UUID, a ULID, or a counter). */
export const deviceMessageIdSchema = z
  .string('validation.required')
  .regex(/^[A-Za-z0-9._:-]{1,64}$/, 'validation.deviceMessageId');

/** ISO 8601 with an offset (UTC `Z` or `+09:00`), not far ahead of the server's clock. */
export const deviceTimeSchema = z.iso
  .datetime({ offset: true, message: 'validation.deviceTime' })
  .refine((v) => Date.parse(v) <= Date.now() + MAX_CLOCK_AHEAD_MS, 'validation.deviceTimeAhead');

const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);
/** km/h */
const speed = z.number().min(0).max(400);
/** degrees clockwise from north */
const direction = z.number().min(0).lt(360);
const rfid = z.string().trim().min(1).max(64);

export const devicePositionSchema = z.strictObject({
  id: deviceMessageIdSchema,
  time: deviceTimeSchema,
  lat: latitude,
  lng: longitude,
  speed,
  direction,
  /** metres above sea level */
  altitude: z.number().min(-1000).max(10000).optional(),
  satellites: z.number().int().min(0).max(99).optional(),
  hdop: z.number().min(0).max(100).optional(),
});
export type DevicePosition = z.infer<typeof devicePositionSchema>;

export const deviceStatusSchema = z
  .strictObject({
    id: deviceMessageIdSchema,
    time: deviceTimeSchema,
    connection: z.enum(DEVICE_CONNECTION_STATES).optional(),
    motion: z.enum(DEVICE_MOTION_STATES).optional(),
    /** The vehicle's hour meter as the device counts it, in hours. */
    hour_meter: z.number().min(0).max(1_000_000).optional(),
    firmware: z.string().max(64).optional(),
  })
  .refine(
    (s) => s.connection !== undefined || s.motion !== undefined || s.hour_meter !== undefined,
    'validation.deviceStatusEmpty',
  );
export type DeviceStatus = z.infer<typeof deviceStatusSchema>;

export const deviceEventSchema = z.strictObject({
  id: deviceMessageIdSchema,
  time: deviceTimeSchema,
  type: z.enum(DEVICE_EVENT_TYPES),
  lat: latitude,
  lng: longitude,
  speed,
  direction,
  /** acceleration along the device's axes, in g */
  gx: z.number().min(-64).max(64),
  gy: z.number().min(-64).max(64),
  gz: z.number().min(-64).max(64),
  /** attitude, in degrees */
  roll: z.number().min(-180).max(180),
  pitch: z.number().min(-180).max(180),
  yaw: z.number().min(-360).max(360),
  /** the RFID card signed on at the time, if any; the server resolves its operator */
  rfid: rfid.nullable().default(null),
  /** cameras that recorded the event: number and ids */
  cameras: z.number().int().min(0).max(4),
  camera_ids: z.array(z.string().max(64)).max(4).default([]),
});
export type DeviceEvent = z.infer<typeof deviceEventSchema>;

export const deviceSignOnSchema = z.strictObject({
  id: deviceMessageIdSchema,
  time: deviceTimeSchema,
  action: z.enum(['sign-on', 'sign-off']),
  rfid,
});
export type DeviceSignOn = z.infer<typeof deviceSignOnSchema>;

/** A device's threshold settings (domain spec §3): threshold in g, duration in ms (as the devices form). */
const thresholdSchema = z.strictObject({
  threshold: z.number().min(0).max(16),
  duration: z.number().int().min(0).max(10_000),
});
export const deviceThresholdsSchema = z.strictObject({
  acceleration: thresholdSchema,
  deceleration: thresholdSchema,
  impact: thresholdSchema,
  quick_handle: thresholdSchema,
});
export type DeviceThresholds = z.infer<typeof deviceThresholdsSchema>;

export const DEVICE_COMMAND_TYPES = ['threshold-read', 'threshold-write'] as const;
export type DeviceCommandType = (typeof DEVICE_COMMAND_TYPES)[number];

/** Down: a command to a device. `id` is the command's id; the device answers on command-acks. */
export const deviceCommandSchema = z.discriminatedUnion('type', [
  z.strictObject({ id: z.uuid(), time: z.iso.datetime({ offset: true }), type: z.literal('threshold-read') }),
  z.strictObject({
    id: z.uuid(),
    time: z.iso.datetime({ offset: true }),
    type: z.literal('threshold-write'),
    thresholds: deviceThresholdsSchema,
  }),
]);
export type DeviceCommand = z.infer<typeof deviceCommandSchema>;

export const COMMAND_ACK_STATUSES = ['received', 'completed', 'failed'] as const;

export const deviceCommandAckSchema = z.strictObject({
  id: deviceMessageIdSchema,
  time: deviceTimeSchema,
  command_id: z.uuid(),
  status: z.enum(COMMAND_ACK_STATUSES),
  /** threshold-read answers with the device's thresholds */
  thresholds: deviceThresholdsSchema.optional(),
  error: z.string().max(500).optional(),
});
export type DeviceCommandAck = z.infer<typeof deviceCommandAckSchema>;

/** The schema of each upward channel. */
export const DEVICE_UP_SCHEMAS = {
  positions: devicePositionSchema,
  status: deviceStatusSchema,
  events: deviceEventSchema,
  'sign-on': deviceSignOnSchema,
  'command-acks': deviceCommandAckSchema,
} as const satisfies Record<DeviceUpChannel, z.ZodType>;

export type DeviceUpMessage =
  | { channel: 'positions'; body: DevicePosition }
  | { channel: 'status'; body: DeviceStatus }
  | { channel: 'events'; body: DeviceEvent }
  | { channel: 'sign-on'; body: DeviceSignOn }
  | { channel: 'command-acks'; body: DeviceCommandAck };
