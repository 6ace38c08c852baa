// Firmware over the air (domain spec "Firmware": version, device type, file name, registration
// date, description, latest flag; §5 the file-name pattern and the minimum version 8687; §8 "No
// matching on-board device in the vehicle group for the firmware device type."). A firmware file
// goes to object storage through a one-time signed address; its name says the device type it is
// for and its version. Rollouts (schedule setting, immediate update) send it to devices. Called at
// /api/v1/firmwares. Choices: docs/decisions/2026-12-07-firmware-over-the-air.md.
import { z } from 'zod';
import { listQueryOf } from '../api/errors.ts';
import { DEVICE_TYPES, type DeviceType } from '../devices/devices.ts';
import { wallClockIn } from '../format/time.ts';
import { isCleanText, isTimeZone } from '../validation/fields.ts';
import { namedFile, type UploadDescription, uploadFile } from '../validation/uploads.ts';

/** Devices below this firmware version cannot take an update over the air (spec §5, §9). */
export const FIRMWARE_MIN_VERSION = 8687;

/**
 * The file name (spec §5): `dv426_upgrade_yyyymmdd.nnnn_fk_Rename` or `dv456_…`: the device type,
 * the build date and the version number (nnnn, compared with what devices report).
 */
export const FIRMWARE_FILE_PATTERN = /^(dv426|dv456)_upgrade_(\d{4})(\d{2})(\d{2})\.(\d{4})_fk_Rename$/;

export interface FirmwareName {
  device_type: DeviceType;
  /** The build date, YYYY-MM-DD. */
  build_date: string;
  version: number;
}

/** The device type, build date and version a file name says, or undefined when it breaks the pattern. */
export function parseFirmwareName(name: string): FirmwareName | undefined {
  const match = FIRMWARE_FILE_PATTERN.exec(name);
  if (!match) return undefined;
  const [, type, year, month, day, version] = match as unknown as [
    string,
    DeviceType,
    string,
    string,
    string,
    string,
  ];
  const build_date = `${year}-${month}-${day}`;
  const date = new Date(`${build_date}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== build_date) return undefined;
  return { device_type: type, build_date, version: Number(version) };
}

/**
 * The version number of what a device reports (`8690`, `8690.12`, `v8690`): its first run of
 * digits; undefined when it reports none.
 */
export function firmwareNumber(reported: string | null | undefined): number | undefined {
  const digits = /\d+/.exec(reported ?? '')?.[0];
  return digits === undefined ? undefined : Number(digits);
}

export const FIRMWARE_DESCRIPTION_MAX = 500;
/** The largest firmware file (devices' flash is the bound; 64 MB holds every image we know). */
export const FIRMWARE_MAX_BYTES = 64 * 1024 * 1024;
/** What the upload address is signed for: the bytes as they are. */
export const FIRMWARE_CONTENT_TYPE = 'application/octet-stream';

export const FIRMWARE_UPLOAD_STATES = ['uploading', 'uploaded', 'failed'] as const;
export type FirmwareUploadState = (typeof FIRMWARE_UPLOAD_STATES)[number];

const description = z
  .string('validation.invalidType')
  .trim()
  .max(FIRMWARE_DESCRIPTION_MAX, 'validation.tooLong')
  .refine(isCleanText, 'validation.controlCharacter')
  .default('');

/**
 * The firmware file: required, at most FIRMWARE_MAX_BYTES, and named by the spec's pattern (its
 * name says its device type and version). The server's checks and the upload form read it.
 */
export const firmwareFile = namedFile(
  uploadFile(FIRMWARE_MAX_BYTES, 'firmwareTooLarge'),
  (name) => parseFirmwareName(name) !== undefined,
  'firmwareFileName',
);

/**
 * What the upload form sends before the file: its name (checked against the pattern), and the
 * version and device type when the form shows them (they must agree with the name).
 */
export const firmwareUploadBodySchema = z
  .object({
    file_name: z
      .string(`validation.${firmwareFile.required?.key}`)
      .trim()
      .min(1, `validation.${firmwareFile.required?.key}`)
      .max(255, 'validation.tooLong')
      .refine(firmwareFile.name.valid, `validation.${firmwareFile.name.message.key}`),
    version: z.coerce.number('validation.invalidNumber').int().optional(),
    device_type: z.enum(DEVICE_TYPES, 'validation.typeRequired').optional(),
    description,
    latest: z.boolean('validation.invalidType').default(false),
  })
  .superRefine((v, ctx) => {
    const parsed = parseFirmwareName(v.file_name);
    if (!parsed) return;
    if (v.version !== undefined && v.version !== parsed.version)
      ctx.addIssue({ code: 'custom', path: ['version'], message: 'validation.firmwareNameDisagrees' });
    if (v.device_type !== undefined && v.device_type !== parsed.device_type)
      ctx.addIssue({ code: 'custom', path: ['device_type'], message: 'validation.firmwareNameDisagrees' });
  })
  .describe(
    'The file name follows dv426_upgrade_yyyymmdd.nnnn_fk_Rename or dv456_…; version and device_type, when given, must be the ones the name says.',
  );
export type FirmwareUploadBody = z.input<typeof firmwareUploadBodySchema>;

/** The upload as the form takes it: the fields sent first, then the file. */
export const firmwareUpload = {
  fields: firmwareUploadBodySchema,
  file: firmwareFile,
} satisfies UploadDescription;

export const firmwareEditBodySchema = z.object({ description, latest: z.boolean('validation.invalidType') });
export type FirmwareEditBody = z.input<typeof firmwareEditBodySchema>;

export const firmwareSchema = z.object({
  id: z.string(),
  file_name: z.string(),
  device_type: z.enum(DEVICE_TYPES),
  version: z.number().int(),
  build_date: z.string(),
  description: z.string(),
  latest: z.boolean(),
  status: z.enum(FIRMWARE_UPLOAD_STATES),
  /** SHA-256 of the kept object, hex: what devices check the download against. */
  sha256: z.string().nullable(),
  size: z.number().int().nullable(),
  uploaded_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The registration date: when the file was accepted (null while it uploads). */
  registered_at: z.string().nullable(),
  created_at: z.string(),
});
export type Firmware = z.infer<typeof firmwareSchema>;

/** The answer to an upload's start: the record, and where to PUT the file until when. */
export const firmwareUploadStartSchema = z.object({
  firmware: firmwareSchema,
  upload: z.object({ url: z.string(), expires_at: z.string(), content_type: z.string() }),
});
export type FirmwareUploadStart = z.infer<typeof firmwareUploadStartSchema>;

export const firmwareListQuerySchema = listQueryOf(['registered_at', 'version', 'device_type', 'file_name'], {
  device_type: z.enum(DEVICE_TYPES).optional(),
});
/** The upload log: every upload, those under way and failed among them. */
export const firmwareUploadLogQuerySchema = listQueryOf(['created_at', 'version', 'file_name', 'status'], {
  status: z.enum(FIRMWARE_UPLOAD_STATES).optional(),
});

// Rollouts: one firmware file to one customer's devices, named one by one or by their vehicle
// groups, in a window of that customer's local time, in two stages (a first small group, then the
// rest), notifying at most `rate_per_minute` devices a minute.

export const ROLLOUT_TARGETS = ['devices', 'groups'] as const;
export const ROLLOUT_ERROR_ACTIONS = ['pause', 'stop'] as const;
export const ROLLOUT_STATES = ['scheduled', 'running', 'paused', 'stopped', 'cancelled', 'finished'] as const;
export type RolloutState = (typeof ROLLOUT_STATES)[number];
/** A device's steps in a rollout: waiting to be notified, then what the device reports, then an end. */
export const ROLLOUT_DEVICE_STATES = [
  'waiting',
  'notified',
  'downloading',
  'waiting-for-stop',
  'installing',
  'rebooted',
  'succeeded',
  'failed',
  'timed-out',
  'cancelled',
] as const;
export type RolloutDeviceState = (typeof ROLLOUT_DEVICE_STATES)[number];
/** The states a device's update ends in: what the logs count as finished. */
export const ROLLOUT_FINISHED_STATES: readonly RolloutDeviceState[] = [
  'succeeded',
  'failed',
  'timed-out',
  'cancelled',
];
/** Why a device of the selection is not updated (or not now). */
export const ROLLOUT_INELIGIBLE_REASONS = [
  'below-minimum',
  'other-device-type',
  'already-at-version',
  'offline',
] as const;
export type RolloutIneligibleReason = (typeof ROLLOUT_INELIGIBLE_REASONS)[number];

export const ROLLOUT_RATE_MAX = 1000;
/** The longest window: a signed download address lives at most 7 days. */
export const ROLLOUT_WINDOW_MAX_DAYS = 6;
/** A local date and time as the schedule form sends it, in the rollout's time zone. */
export const LOCAL_TIME_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;

const percent = z.coerce
  .number('validation.invalidNumber')
  .int()
  .min(0, 'validation.tooSmall')
  .max(100, 'validation.tooBig');

export const rolloutBodySchema = z
  .object({
    customer_id: z.uuid('validation.customerRequired'),
    target: z.enum(ROLLOUT_TARGETS, 'validation.invalidEnum'),
    device_ids: z.array(z.uuid()).max(100_000).default([]),
    group_ids: z.array(z.uuid()).max(1000).default([]),
    immediate: z.boolean('validation.invalidType').default(false),
    /** Ignored for an immediate update (it starts now). */
    starts_at: z.string().regex(LOCAL_TIME_PATTERN, 'validation.firmwareStartInvalid').optional(),
    ends_at: z
      .string('validation.firmwareEndRequired')
      .regex(LOCAL_TIME_PATTERN, 'validation.firmwareEndRequired'),
    time_zone: z.string().max(64).refine(isTimeZone, 'validation.firmwareTimeZone'),
    first_stage_size: z.coerce
      .number('validation.invalidNumber')
      .int()
      .min(1, 'validation.tooSmall')
      .max(100_000)
      .default(1),
    success_threshold: percent.default(90),
    error_threshold: percent.default(20),
    error_action: z.enum(ROLLOUT_ERROR_ACTIONS).default('pause'),
    rate_per_minute: z.coerce
      .number('validation.invalidNumber')
      .int()
      .min(1, 'validation.tooSmall')
      .max(ROLLOUT_RATE_MAX, 'validation.tooBig')
      .default(100),
    /** A device that has not finished this long after it was notified has timed out. */
    device_timeout_minutes: z.coerce
      .number('validation.invalidNumber')
      .int()
      .min(5, 'validation.tooSmall')
      .max(1440, 'validation.tooBig')
      .default(60),
  })
  .superRefine((v, ctx) => {
    if (v.target === 'devices' && v.device_ids.length === 0)
      ctx.addIssue({ code: 'custom', path: ['device_ids'], message: 'validation.firmwareSelectDevices' });
    if (v.target === 'groups' && v.group_ids.length === 0)
      ctx.addIssue({ code: 'custom', path: ['group_ids'], message: 'validation.firmwareSelectGroups' });
    if (!v.immediate && v.starts_at === undefined)
      ctx.addIssue({ code: 'custom', path: ['starts_at'], message: 'validation.firmwareStartInvalid' });
  })
  .describe(
    'target devices needs device_ids, target groups needs group_ids; starts_at is needed unless immediate. Times are local YYYY-MM-DD HH:mm in time_zone; the end must be in the future and after the start.',
  );
export type RolloutBody = z.input<typeof rolloutBodySchema>;

const deviceRef = z.object({
  id: z.string(),
  device_id: z.string(),
  device_type: z.enum(DEVICE_TYPES),
  vehicle: z.object({ id: z.string(), name: z.string() }).nullable(),
  firmware: z.string().nullable(),
  online: z.boolean(),
});

export const rolloutPreviewSchema = z.object({
  eligible: z.array(deviceRef),
  /** Every device of the selection not updated now, with why; offline ones join when they return within the window. */
  ineligible: z.array(deviceRef.extend({ reason: z.enum(ROLLOUT_INELIGIBLE_REASONS) })),
});
export type RolloutPreview = z.infer<typeof rolloutPreviewSchema>;

export const rolloutSchema = z.object({
  id: z.string(),
  firmware: z.object({
    id: z.string(),
    file_name: z.string(),
    device_type: z.enum(DEVICE_TYPES),
    version: z.number().int(),
  }),
  customer: z.object({ id: z.string(), name: z.string() }),
  target: z.enum(ROLLOUT_TARGETS),
  immediate: z.boolean(),
  starts_at: z.string(),
  ends_at: z.string(),
  time_zone: z.string(),
  first_stage_size: z.number().int(),
  success_threshold: z.number().int(),
  error_threshold: z.number().int(),
  error_action: z.enum(ROLLOUT_ERROR_ACTIONS),
  rate_per_minute: z.number().int(),
  device_timeout_minutes: z.number().int(),
  status: z.enum(ROLLOUT_STATES),
  stage: z.number().int(),
  status_reason: z.string().nullable(),
  /** The log's totals, counted from the per-device rows. */
  total_devices: z.number().int(),
  finished_devices: z.number().int(),
  succeeded_devices: z.number().int(),
  failed_devices: z.number().int(),
  created_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type Rollout = z.infer<typeof rolloutSchema>;

export const rolloutDeviceSchema = z.object({
  rollout_id: z.string(),
  device: z.object({ id: z.string(), device_id: z.string() }),
  vehicle: z.object({ id: z.string(), name: z.string() }).nullable(),
  firmware: z.object({ id: z.string(), file_name: z.string(), version: z.number().int() }),
  stage: z.number().int(),
  status: z.enum(ROLLOUT_DEVICE_STATES),
  progress: z.number().int().nullable(),
  from_version: z.string().nullable(),
  reported_version: z.string().nullable(),
  error: z.string().nullable(),
  notified_at: z.string().nullable(),
  updated_at: z.string(),
  finished_at: z.string().nullable(),
});
export type RolloutDevice = z.infer<typeof rolloutDeviceSchema>;

export const rolloutListQuerySchema = listQueryOf(['created_at', 'starts_at', 'status'], {
  firmware_id: z.uuid().optional(),
  status: z.enum(ROLLOUT_STATES).optional(),
});
export const rolloutDeviceListQuerySchema = listQueryOf(['position', 'status', 'updated_at'], {
  status: z.enum(ROLLOUT_DEVICE_STATES).optional(),
});

/** The offset (ms) of `zone` from UTC at the instant `utc` (ms). */
function zoneOffset(utc: number, zone: string): number {
  const { year, month, day, hour, minute, second } = wallClockIn(new Date(utc), zone);
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  return asUtc - Math.floor(utc / 1000) * 1000;
}

/**
 * The instant a local `YYYY-MM-DD HH:mm` names in `zone`, or undefined when it names no day of the
 * calendar. A time skipped by a clock change moves forward by the change, as clocks do.
 */
export function localToUtc(local: string, zone: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/.exec(local);
  if (!match) return undefined;
  const [y, mo, d, h, mi] = match.slice(1).map(Number) as [number, number, number, number, number];
  const guess = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(guess);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) return undefined;
  let utc = guess - zoneOffset(guess, zone);
  utc = guess - zoneOffset(utc, zone);
  return new Date(utc);
}

/** An instant as `YYYY-MM-DD HH:mm` in `zone` (what the schedule form shows). */
export function utcToLocal(instant: Date | string, zone: string): string {
  const utc = new Date(instant).getTime();
  return new Date(utc + zoneOffset(utc, zone)).toISOString().slice(0, 16).replace('T', ' ');
}
