// The payloads of the device link (docs/device-protocol.md), one zod schema per topic. Every
// message carries `id`, chosen by the device once and kept when it resends: the server stores a
// message once per (device, id), so a resend after a lost acknowledgement changes nothing.
// Payloads are JSON, UTF-8, at most MAX_DEVICE_PAYLOAD_BYTES.
//
// The `.meta()` descriptions (and examples.ts) are what outside firmware writers read: the server
// publishes these schemas as JSON Schema and AsyncAPI (device-link/protocol.ts), generated from
// here, so the words sit beside the rule they describe.
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
/**
 * The event types the server makes itself, which no device sends: a site zone's rule broken
 * (modules/zones). With the devices' they are the types an event may have.
 */
export const SERVER_EVENT_TYPES = ['ZoneBreach'] as const;
export const EVENT_TYPES = [...DEVICE_EVENT_TYPES, ...SERVER_EVENT_TYPES] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const DEVICE_MOTION_STATES = ['running', 'stopping'] as const;
export type DeviceMotion = (typeof DEVICE_MOTION_STATES)[number];
export const DEVICE_CONNECTION_STATES = ['online', 'offline'] as const;

/** A message id: 1 to 64 of letters, digits and . _ : - (a UUID, a ULID, or a counter). */
export const deviceMessageIdSchema = z
  .string('validation.required')
  .regex(/^[A-Za-z0-9._:-]{1,64}$/, 'validation.deviceMessageId')
  .meta({
    description:
      'The message id, chosen by the device when the message is made and kept when it is sent again: the server stores a message once per (device, id). A counter with a boot prefix, a ULID or a UUID.',
    examples: ['lq2k3x-1042'],
  });

/**
 * ISO 8601 with an offset (UTC `Z` or `+09:00`), not far ahead of the server's clock. A time that
 * is not ISO 8601 says so alone: its check aborts, so `Date.parse`'s lenient reading of it (a local
 * time) is not also judged ahead or not.
 */
export const deviceTimeSchema = z.iso
  .datetime({ offset: true, message: 'validation.deviceTime', abort: true })
  .refine((v) => Date.parse(v) <= Date.now() + MAX_CLOCK_AHEAD_MS, 'validation.deviceTimeAhead')
  .meta({
    description: `When it happened on the device: ISO 8601 with an offset (Z or +09:00). Accepted window: at most ${MAX_CLOCK_AHEAD_MS / 60_000} minutes ahead of the server's clock (later is refused as a dead letter); no lower bound, so messages kept through an outage are accepted when they arrive.`,
    examples: ['2025-01-23T10:00:01.000Z', '2025-01-23T19:00:01+09:00'],
  });

const latitude = z.number().min(-90).max(90).meta({ description: 'Latitude in degrees, WGS 84.' });
const longitude = z.number().min(-180).max(180).meta({ description: 'Longitude in degrees, WGS 84.' });
const speed = z.number().min(0).max(400).meta({ description: 'Speed in km/h.' });
const direction = z
  .number()
  .min(0)
  .lt(360)
  .meta({ description: 'Heading in degrees clockwise from north, 0 <= d < 360.' });
const rfid = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .meta({ description: "The operator's RFID card as the reader reads it." });
const gForce = (axis: string) =>
  z
    .number()
    .min(-64)
    .max(64)
    .meta({ description: `Acceleration along the device's ${axis} axis, in g.` });
const degrees = (what: string, limit: number) =>
  z
    .number()
    .min(-limit)
    .max(limit)
    .meta({ description: `${what}, in degrees.` });

/** An upward message: the device's id for it and when it happened, then its own fields. */
const upMessage = <F extends z.ZodRawShape>(fields: F) =>
  z.strictObject({ id: deviceMessageIdSchema, time: deviceTimeSchema, ...fields });

export const devicePositionSchema = upMessage({
  lat: latitude,
  lng: longitude,
  speed,
  direction,
  altitude: z.number().min(-1000).max(10000).optional().meta({ description: 'Metres above sea level.' }),
  satellites: z.number().int().min(0).max(99).optional().meta({ description: 'Satellites in the fix.' }),
  hdop: z.number().min(0).max(100).optional().meta({ description: 'Horizontal dilution of precision.' }),
}).meta({
  title: 'Position',
  description: 'One GPS fix. Every second while moving, every 30 s while stopped is a good rate.',
});
export type DevicePosition = z.infer<typeof devicePositionSchema>;

export const deviceStatusSchema = upMessage({
  connection: z
    .enum(DEVICE_CONNECTION_STATES)
    .optional()
    .meta({ description: 'online on (re)connecting; offline in the last will.' }),
  motion: z.enum(DEVICE_MOTION_STATES).optional().meta({ description: 'The vehicle runs or stands.' }),
  hour_meter: z
    .number()
    .min(0)
    .max(1_000_000)
    .optional()
    .meta({ description: "The vehicle's hour meter as the device counts it, in hours." }),
  firmware: z.string().max(64).optional().meta({ description: "The device's firmware version." }),
})
  .refine(
    (s) => s.connection !== undefined || s.motion !== undefined || s.hour_meter !== undefined,
    'validation.deviceStatusEmpty',
  )
  .meta({
    title: 'Status',
    description:
      'A change of connection, motion or hour meter: at least one of the three (the refinement above, written out for JSON Schema as anyOf).',
    anyOf: [{ required: ['connection'] }, { required: ['motion'] }, { required: ['hour_meter'] }],
  });
export type DeviceStatus = z.infer<typeof deviceStatusSchema>;

/** How far either side of an event its samples may reach, and how many an event may carry. */
export const EVENT_SAMPLE_REACH_MS = 60_000;
export const EVENT_SAMPLES_MAX = 1_200;

/**
 * One reading of the g-sensor (and gyroscope, speedometer) around an event: the timeline the
 * event detail draws under its videos. `offset_ms` is relative to the event's `time`.
 */
export const deviceEventSampleSchema = z
  .strictObject({
    offset_ms: z
      .number()
      .int()
      .min(-EVENT_SAMPLE_REACH_MS)
      .max(EVENT_SAMPLE_REACH_MS)
      .meta({ description: "Milliseconds from the event's time (negative: before it)." }),
    gx: gForce('x (forward)'),
    gy: gForce('y (left)'),
    gz: gForce('z (up)'),
    roll: degrees('Roll', 180).optional(),
    pitch: degrees('Pitch', 180).optional(),
    yaw: degrees('Yaw', 360).optional(),
    speed: speed.optional(),
  })
  .meta({ title: 'Event sample' });
export type DeviceEventSample = z.infer<typeof deviceEventSampleSchema>;

export const deviceEventSchema = upMessage({
  type: z.enum(DEVICE_EVENT_TYPES).meta({ description: "The kind of event (the spec's event types)." }),
  lat: latitude,
  lng: longitude,
  speed,
  direction,
  gx: gForce('x (forward)'),
  gy: gForce('y (left)'),
  gz: gForce('z (up)'),
  roll: degrees('Roll', 180),
  pitch: degrees('Pitch', 180),
  yaw: degrees('Yaw', 360),
  rfid: rfid.nullable().default(null).meta({
    description: 'The RFID card signed on at the time, or null; the server resolves its operator.',
  }),
  cameras: z.number().int().min(0).max(4).meta({ description: 'How many cameras recorded the event.' }),
  camera_ids: z
    .array(z.string().max(64))
    .max(4)
    .default([])
    .meta({ description: 'The ids of the cameras that recorded it.' }),
  samples: z.array(deviceEventSampleSchema).max(EVENT_SAMPLES_MAX).default([]).meta({
    description:
      'Optional: the sensor readings around the event, in time order, at most 60 s either side; a device that keeps a few seconds after the moment sends the event once they are recorded.',
  }),
}).meta({
  title: 'Event',
  description: 'A harsh or other event, with the g-forces and attitude at that moment.',
});
export type DeviceEvent = z.infer<typeof deviceEventSchema>;

export const deviceSignOnSchema = upMessage({
  action: z.enum(['sign-on', 'sign-off']).meta({ description: 'The operator signs on or off.' }),
  rfid,
}).meta({
  title: 'Sign-on',
  description: 'An operator signs on or off with an RFID card.',
});
export type DeviceSignOn = z.infer<typeof deviceSignOnSchema>;

/** A device's threshold settings (domain spec §3): threshold in g, duration in ms (as the devices form). */
const thresholdSchema = z.strictObject({
  threshold: z.number().min(0).max(16).meta({ description: 'In g.' }),
  duration: z.number().int().min(0).max(10_000).meta({ description: 'In ms.' }),
});
export const deviceThresholdsSchema = z.strictObject({
  acceleration: thresholdSchema,
  deceleration: thresholdSchema,
  impact: thresholdSchema,
  quick_handle: thresholdSchema,
});
export type DeviceThresholds = z.infer<typeof deviceThresholdsSchema>;

export const DEVICE_COMMAND_TYPES = [
  'threshold-read',
  'threshold-write',
  'video-upload',
  'live-start',
  'live-stop',
  'firmware-update',
  'vehicle-lock',
  'vehicle-unlock',
  'zone-speed-limits',
] as const;
export type DeviceCommandType = (typeof DEVICE_COMMAND_TYPES)[number];

/** Down: a command to a device. `id` is the command's id; the device answers on command-acks. */
const commandId = z.uuid().meta({
  description: 'The command id: answer with it in command_id; an id already handled is acknowledged again.',
});
const commandTime = z.iso
  .datetime({ offset: true })
  .meta({ description: 'When the server created the command.' });
/** Longest window one video-upload command asks for (domain spec §5: at most 5 minutes). */
export const VIDEO_UPLOAD_MAX_SECONDS = 300;

/**
 * Down: upload one camera's recording of a window to object storage. The server signs a PUT
 * address for an object whose name ends in the window's start as a 14-digit UTC stamp
 * (`…_20261123100001.mp4`, domain spec §9: the recording time is read from it); the device PUTs an
 * MP4 (H.264) there and answers completed, or failed with a reason.
 */
const videoUploadCommandSchema = z
  .strictObject({
    id: commandId,
    time: commandTime,
    type: z.literal('video-upload'),
    camera: z.int().min(1).max(4).meta({ description: 'The camera channel, 1 to 4.' }),
    from: z.iso.datetime({ offset: true }).meta({ description: 'Start of the window (UTC).' }),
    to: z.iso
      .datetime({ offset: true })
      .meta({ description: 'End of the window (UTC), at most 300 s after from.' }),
    upload_url: z
      .url({ protocol: /^https?$/ })
      .max(4096)
      .meta({
        description:
          'A signed address: PUT the file there, with the content type video/mp4, before it expires.',
      }),
    expires_at: z.iso.datetime({ offset: true }).meta({ description: 'When upload_url stops working.' }),
  })
  .meta({ title: 'Video upload command' });

const liveStream = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/)
  .meta({ description: 'The live stream this command is about (the server names it).' });

/**
 * Down: stream the cameras live. For each camera the device publishes H.264 over RTMP
 * to its address (a media engine: the server's embedded one, or the one it is configured with)
 * until a live-stop of the same stream, and answers completed once it publishes. A live-start of
 * a stream already being published is answered completed again, nothing restarted.
 */
const liveStartCommandSchema = z
  .strictObject({
    id: commandId,
    time: commandTime,
    type: z.literal('live-start'),
    stream: liveStream,
    cameras: z
      .array(
        z.strictObject({
          camera: z.int().min(1).max(4).meta({ description: 'The camera channel, 1 to 4.' }),
          publish_url: z
            .url({ protocol: /^rtmps?$/ })
            .max(4096)
            .meta({ description: 'Where to publish this camera: an RTMP address, signed.' }),
        }),
      )
      .min(1)
      .max(4),
  })
  .meta({ title: 'Live start command' });

/** Down: stop publishing the stream (nobody watches it any more). Answered completed. */
const liveStopCommandSchema = z
  .strictObject({ id: commandId, time: commandTime, type: z.literal('live-stop'), stream: liveStream })
  .meta({ title: 'Live stop command' });

/** When a device may install a firmware update: only while its vehicle stands (motion stopping). */
export const FIRMWARE_INSTALL_CONDITIONS = ['vehicle-stopped'] as const;

/**
 * Down: update the firmware. The device GETs the file from `download_url` (signed, until
 * `expires_at`), checks its SHA-256 against `sha256` (a file that does not match is discarded and
 * the update failed with reason checksum-mismatch), waits until its vehicle stands, installs,
 * reboots and reports the version it then runs. It reports each step on command-acks (status
 * received with `firmware`), then completed or failed. Past `deadline` it gives up (time-out).
 */
const firmwareUpdateCommandSchema = z
  .strictObject({
    id: commandId,
    time: commandTime,
    type: z.literal('firmware-update'),
    firmware: z.strictObject({
      file_name: z.string().max(255),
      device_type: z.enum(['dv426', 'dv456']),
      version: z.int().min(0).max(9999).meta({ description: 'The version the device runs once updated.' }),
      size: z.int().min(1).meta({ description: 'The file size in bytes.' }),
      sha256: z
        .string()
        .regex(/^[0-9a-f]{64}$/)
        .meta({ description: 'The SHA-256 of the file, hex: install only a download that matches.' }),
    }),
    download_url: z
      .url({ protocol: /^https?$/ })
      .max(4096)
      .meta({ description: 'A signed address: GET the file there before it expires.' }),
    expires_at: z.iso.datetime({ offset: true }).meta({ description: 'When download_url stops working.' }),
    install_when: z.enum(FIRMWARE_INSTALL_CONDITIONS).meta({
      description:
        'vehicle-stopped: install and reboot only while the vehicle stands (motion stopping); wait while it runs.',
    }),
    deadline: z.iso
      .datetime({ offset: true })
      .meta({ description: 'Give up after this moment (answer failed, reason time-out).' }),
  })
  .meta({ title: 'Firmware update command' });

/** The speed a locked vehicle may creep at, in km/h: enough to clear a lane, not to work. */
export const LOCKOUT_CREEP_SPEED_KMH = 5;

/**
 * Down: lock the vehicle after an impact (modules/lockouts). The device holds it at `max_speed`
 * km/h (creep) or stopped, from now and across its reboots, until a vehicle-unlock; it answers
 * completed once the vehicle is held. A lock of a vehicle already held is answered completed again.
 */
const vehicleLockCommandSchema = z
  .strictObject({
    id: commandId,
    time: commandTime,
    type: z.literal('vehicle-lock'),
    max_speed: z
      .number()
      .min(0)
      .max(LOCKOUT_CREEP_SPEED_KMH)
      .meta({ description: 'The highest speed allowed while locked, km/h: 0 holds the vehicle stopped.' }),
    event_id: z
      .uuid()
      .optional()
      .meta({ description: "The impact's event (its record id on the server), when an impact locked it." }),
    check_id: z.uuid().optional().meta({
      description: 'The pre-shift check (its record id on the server), when a failed check locked it.',
    }),
  })
  .meta({ title: 'Vehicle lock command' });

/** Down: release a lock (a supervisor unlocked the vehicle). Answered completed, also when not locked. */
const vehicleUnlockCommandSchema = z
  .strictObject({ id: commandId, time: commandTime, type: z.literal('vehicle-unlock') })
  .meta({ title: 'Vehicle unlock command' });

/**
 * The device types that cap their vehicle's speed: every type of the product (both hold a lock's
 * creep speed with the same governor). A type without one is left out here, and gets no
 * zone-speed-limits.
 */
export const SPEED_CAP_DEVICE_TYPES = ['dv426', 'dv456'] as const;
/** A zone-speed-limits command carries at most this many zones, */
export const SPEED_LIMIT_ZONES_MAX = 50;
/** and at most this many ring points in all (about 50 kB of JSON): a device's memory is small. */
export const SPEED_LIMIT_POINTS_MAX = 2000;

/**
 * Down: the customer's speed-limit zones (modules/zones), the whole set each time: the device
 * replaces what it holds (an empty list clears it), keeps it across reboots, and inside a zone
 * holds the vehicle at `limit_kmh` or below (with a lock's `max_speed`, the lower). Answered
 * completed once applied.
 */
const zoneSpeedLimitsCommandSchema = z
  .strictObject({
    id: commandId,
    time: commandTime,
    type: z.literal('zone-speed-limits'),
    revision: z
      .string()
      .regex(/^[0-9a-f]{16}$/)
      .meta({ description: 'A digest of the set: the same zones and limits have the same revision.' }),
    zones: z
      .array(
        z.strictObject({
          id: z.uuid().meta({ description: "The zone's record id on the server." }),
          limit_kmh: z.number().min(1).max(400).meta({ description: 'The most allowed inside, km/h.' }),
          ring: z
            .array(z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]))
            .min(3)
            .max(200)
            .meta({
              description:
                'The outline: [longitude, latitude] points, open (the last joins the first), even-odd rule.',
            }),
        }),
      )
      .max(SPEED_LIMIT_ZONES_MAX),
    omitted: z
      .int()
      .min(0)
      .meta({ description: "The customer's speed-limit zones left out to keep the message small." }),
  })
  .meta({ title: 'Zone speed limits command' });

export const deviceCommandSchema = z
  .discriminatedUnion('type', [
    z.strictObject({ id: commandId, time: commandTime, type: z.literal('threshold-read') }),
    z.strictObject({
      id: commandId,
      time: commandTime,
      type: z.literal('threshold-write'),
      thresholds: deviceThresholdsSchema,
    }),
    videoUploadCommandSchema,
    liveStartCommandSchema,
    liveStopCommandSchema,
    firmwareUpdateCommandSchema,
    vehicleLockCommandSchema,
    vehicleUnlockCommandSchema,
    zoneSpeedLimitsCommandSchema,
  ])
  .meta({
    title: 'Command',
    description:
      'From the server: read the thresholds (answer with them), write these thresholds (answer completed once applied), upload a recording, start and stop a live stream, update the firmware, lock and unlock the vehicle after an impact, or cap its speed in speed-limit zones.',
  });
export type DeviceCommand = z.infer<typeof deviceCommandSchema>;

export const COMMAND_ACK_STATUSES = ['received', 'completed', 'failed'] as const;
export const VIDEO_UPLOAD_FAILURES = ['no-recording', 'upload-failed', 'busy'] as const;
/** The steps a device reports while it updates its firmware (status received). */
export const FIRMWARE_STEPS = ['downloading', 'waiting-for-stop', 'installing', 'rebooted'] as const;
export type FirmwareStep = (typeof FIRMWARE_STEPS)[number];
/** Why a firmware update failed. */
export const FIRMWARE_FAILURES = [
  'download-failed',
  'checksum-mismatch',
  'install-failed',
  'wrong-version',
  'time-out',
] as const;

export const deviceCommandAckSchema = upMessage({
  command_id: z.uuid().meta({ description: 'The id of the command answered.' }),
  status: z.enum(COMMAND_ACK_STATUSES).meta({
    description: 'received on arrival, then completed or failed once done.',
  }),
  thresholds: deviceThresholdsSchema
    .optional()
    .meta({ description: "The device's thresholds (a threshold-read's answer, and after a write)." }),
  error: z.string().max(500).optional().meta({ description: 'Why it failed, in words.' }),
  reason: z.enum(VIDEO_UPLOAD_FAILURES).optional().meta({
    description: "A video-upload's failure: no recording of that window, or the upload did not go through.",
  }),
  firmware: z
    .strictObject({
      step: z.enum(FIRMWARE_STEPS).optional().meta({ description: 'The step it is at (status received).' }),
      percent: z.int().min(0).max(100).optional().meta({ description: 'How much is downloaded.' }),
      version: z.string().max(64).optional().meta({ description: 'The version it runs (after the reboot).' }),
      failure: z.enum(FIRMWARE_FAILURES).optional().meta({ description: 'Why it failed (status failed).' }),
    })
    .optional()
    .meta({
      description: "A firmware-update's progress, or its end: the version it runs, or why it failed.",
    }),
  video: z
    .strictObject({
      camera: z.int().min(1).max(4),
      bytes: z.int().min(1),
      from: deviceTimeSchema,
      to: deviceTimeSchema,
    })
    .optional()
    .meta({
      description: 'A completed video-upload: what was uploaded (the server checks the object itself).',
    }),
}).meta({
  title: 'Command acknowledgement',
  description: "The device's answer to a command.",
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
