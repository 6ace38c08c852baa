// Data migration's past data transfer (domain spec: a customer, a period, the data kinds event,
// regular and video, the six migration states and the counts of total, success and failure): a
// customer's history from another system, or from this product's own downloads, checked in full
// and written as the product's own events, positions and clips. The layout of its files is
// docs/past-data-files.md; a line is read by the schemas here, on both sides.
import { z } from 'zod';
import { listQuerySchema } from '../api/errors.ts';
import { DEVICE_EVENT_TYPES } from '../device-link/messages.ts';
import { isRealDate } from '../validation/fields.ts';
import type { MappedColumn } from './columns.ts';
import { IMPORT_FILE_KINDS } from './migrations.ts';
import { runCounts, runHead, runIssueSchema, runTail } from './runs.ts';

/** What a transfer may bring: events, regular data (the devices' positions) and event clips. */
export const TRANSFER_KINDS = ['event', 'regular', 'video'] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];
/** The kinds that come as a CSV file (one each); video comes as MP4 files. */
export const TRANSFER_CSV_KINDS = ['event', 'regular'] as const;
export type TransferCsvKind = (typeof TRANSFER_CSV_KINDS)[number];
/** MP4 files one transfer may carry. */
export const TRANSFER_VIDEO_MAX_FILES = 2000;
/** The longest period one transfer covers (days). */
export const TRANSFER_MAX_DAYS = 3660;

/** A transferred clip's file name: device id, camera, and the event's 14-digit UTC time. */
export const TRANSFER_VIDEO_NAME = /^(.+)_cam([1-4])_(\d{14})\.mp4$/i;

const col = (field: string, required = false, aliases: string[] = []): MappedColumn => ({
  field,
  required,
  aliases,
});

/**
 * The columns of each CSV kind, in the order the documented layout lists them. The event file's
 * first columns are those of this product's "event list" download, so that download is a valid
 * event file as it is.
 */
export const TRANSFER_COLUMNS: Record<TransferCsvKind, readonly MappedColumn[]> = {
  event: [
    col('time', true, ['event time', 'date time', '発生日時', '日時']),
    col('event_id', false, ['id', 'イベントID']),
    col('type', true, ['event type', 'イベント種別', '種別']),
    col('vehicle', false, ['vehicle name', '車両名']),
    col('operator', false, ['operator name', 'operator id', '乗務員']),
    col('lat', true, ['latitude', '緯度']),
    col('lng', true, ['longitude', 'lon', '経度']),
    col('speed_kmh', true, ['speed', '速度']),
    col('device_id', false, ['device', 'デバイスID']),
    col('direction', false, ['heading', '方位']),
    col('gx'),
    col('gy'),
    col('gz'),
    col('roll'),
    col('pitch'),
    col('yaw'),
  ],
  regular: [
    col('time', true, ['date time', '日時']),
    col('vehicle', false, ['vehicle name', '車両名']),
    col('device_id', false, ['device', 'デバイスID']),
    col('lat', true, ['latitude', '緯度']),
    col('lng', true, ['longitude', 'lon', '経度']),
    col('speed_kmh', true, ['speed', '速度']),
    col('direction', false, ['heading', '方位']),
    col('altitude', false, ['altitude_m', '高度']),
  ],
};

const LOCAL_TIME = /^(\d{4})[-/](\d{2})[-/](\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,6})?)?$/;
const ZONED_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * The instant a file's time names: ISO 8601 with Z or an offset as it says; a wall-clock time
 * ('YYYY-MM-DD HH:mm[:ss]', '/' allowed between the date's parts) in the source's time setting
 * (minutes east of UTC). Undefined: not a time.
 */
export function transferTimeOf(text: string, offsetMinutes: number): Date | undefined {
  const value = text.trim();
  if (ZONED_TIME.test(value)) {
    const ms = Date.parse(value);
    return Number.isNaN(ms) || !isRealDate(value.slice(0, 10)) ? undefined : new Date(ms);
  }
  const m = LOCAL_TIME.exec(value);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s = '00', frac = ''] = m;
  const date = `${y}-${mo}-${d}`;
  if (!isRealDate(date) || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return undefined;
  const ms = Date.parse(`${date}T${h}:${mi}:${s}${frac.slice(0, 4)}Z`);
  return new Date(ms - offsetMinutes * 60_000);
}

const num = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/, 'validation.invalidNumber')
    .transform(Number)
    .pipe(z.number().min(min, 'validation.transferOutOfRange').max(max, 'validation.transferOutOfRange'));
const optionalNum = (min: number, max: number, fallback: number | null) =>
  z.union([z.literal('').transform(() => fallback), num(min, max)]).default(fallback as number);
const name = z.string().trim().max(100, 'validation.transferTooLong');

const located = {
  vehicle: name.default(''),
  device_id: name.default(''),
  lat: num(-90, 90),
  lng: num(-180, 180),
  speed_kmh: num(0, 500),
  direction: optionalNum(0, 360, 0),
};
const whoRequired = (line: { vehicle: string; device_id: string }) =>
  line.vehicle !== '' || line.device_id !== '';
const WHO = { message: 'validation.transferVehicleRequired', path: ['vehicle'] };

/** A line's cells (by field) as text; the time is read by transferTimeOf. */
const TRANSFER_LINE_SCHEMAS = {
  event: z
    .object({
      time: z.string(),
      event_id: name.default(''),
      type: z.enum([...DEVICE_EVENT_TYPES], 'validation.invalidEnum'),
      operator: name.default(''),
      ...located,
      gx: optionalNum(-100, 100, 0),
      gy: optionalNum(-100, 100, 0),
      gz: optionalNum(-100, 100, 0),
      roll: optionalNum(-360, 360, 0),
      pitch: optionalNum(-360, 360, 0),
      yaw: optionalNum(-360, 360, 0),
    })
    .refine(whoRequired, WHO),
  regular: z
    .object({ time: z.string(), ...located, altitude: optionalNum(-1000, 10000, null) })
    .refine(whoRequired, WHO),
};

export type TransferLine =
  | { ok: true; value: Record<string, unknown> & { time: Date } }
  | { ok: false; issues: { field: string; key: string }[] };

/** One line's cells checked: its values (the time an instant), or each field's message key. */
export function parseTransferLine(
  kind: TransferCsvKind,
  cells: Record<string, string>,
  offsetMinutes: number,
): TransferLine {
  const present = Object.fromEntries(Object.entries(cells).filter(([, v]) => v !== ''));
  const parsed = TRANSFER_LINE_SCHEMAS[kind].safeParse(present);
  const issues: { field: string; key: string }[] = [];
  const time = transferTimeOf(cells.time ?? '', offsetMinutes);
  if (!time) issues.push({ field: 'time', key: cells.time ? 'transferTimeInvalid' : 'required' });
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (field === 'time') continue;
      const key =
        issue.code === 'invalid_type' ? 'required' : issue.message.replace(/^validation\./, '') || 'invalid';
      issues.push({ field, key });
    }
  if (issues.length > 0 || !parsed.success || !time) return { ok: false, issues };
  return { ok: true, value: { ...parsed.data, time } };
}

export const TRANSFER_FILE_KINDS = [...TRANSFER_CSV_KINDS, 'video'] as const;

/** One bad line (or MP4 file) of a transfer: where, what it holds, why (a validation key). */
export const transferIssueSchema = runIssueSchema(TRANSFER_FILE_KINDS);
export type TransferIssue = z.output<typeof transferIssueSchema>;

export const migrationTransferSchema = z.object({
  ...runHead,
  period_from: z.string(),
  period_to: z.string(),
  kinds: z.array(z.enum(TRANSFER_KINDS)),
  /** Minutes east of UTC the files' wall-clock times were read in. */
  source_utc_offset: z.number().int(),
  files: z.array(
    z.object({
      kind: z.enum(TRANSFER_FILE_KINDS),
      name: z.string(),
      headers: z.array(z.string()),
      mapping: z.record(z.string(), z.string()),
    }),
  ),
  ...runCounts,
  /** What it wrote (and a restore removes): events, positions, clips. */
  written: z.object({ event: z.number().int(), regular: z.number().int(), video: z.number().int() }),
  ...runTail(transferIssueSchema),
});
export type MigrationTransfer = z.output<typeof migrationTransferSchema>;

const day = z.string('validation.invalidDate').refine(isRealDate, 'validation.invalidDate');
/** The kinds as a comma-separated list ('event,regular'), as list filters take them. */
const kindsOf = z
  .string('validation.transferKindsRequired')
  .max(100)
  .transform((text, ctx) => {
    const items = [...new Set(text.split(',').map((s) => s.trim()))].filter(Boolean);
    if (items.length === 0) ctx.addIssue({ code: 'custom', message: 'validation.transferKindsRequired' });
    else if (items.some((i) => !(TRANSFER_KINDS as readonly string[]).includes(i)))
      ctx.addIssue({ code: 'custom', message: 'validation.invalidEnum' });
    else return items as TransferKind[];
    return z.NEVER;
  });

/** The query of the upload: whose, which period (dates, both included) and which kinds. */
export const migrationTransferCreateQuerySchema = z
  .object({
    customer_id: z.uuid('validation.customerRequired'),
    from: day,
    to: day,
    kinds: kindsOf,
  })
  .refine((q) => q.from <= q.to, { message: 'validation.transferPeriodOrder', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= TRANSFER_MAX_DAYS * 86_400_000, {
    message: 'validation.transferPeriodTooLong',
    path: ['to'],
  })
  .meta({
    description: `The period runs from \`from\` to \`to\`, both included: \`to\` is not before \`from\`, and the period is at most ${TRANSFER_MAX_DAYS} days.`,
  });
export type MigrationTransferCreateQuery = z.output<typeof migrationTransferCreateQuerySchema>;

export const migrationTransferListQuerySchema = listQuerySchema.extend({
  customer_id: z.uuid('validation.invalid').optional(),
});
export type MigrationTransferListQuery = z.output<typeof migrationTransferListQuerySchema>;

/**
 * A customer's migration settings: the column mappings kept for each file kind (the basic info
 * import's and the transfer's; offered first for the next files), the kinds and the period length a
 * new transfer proposes, and the time setting the source system wrote its wall-clock times in.
 */
export const MIGRATION_MAPPING_KINDS = [...IMPORT_FILE_KINDS, ...TRANSFER_CSV_KINDS] as const;
export type MigrationMappingKind = (typeof MIGRATION_MAPPING_KINDS)[number];

export const migrationSettingsSchema = z
  .object({
    default_kinds: z
      .array(z.enum(TRANSFER_KINDS, 'validation.invalidEnum'))
      .min(1, 'validation.transferKindsRequired'),
    /** The period a new transfer proposes: this many months up to yesterday. */
    default_months: z
      .number('validation.invalidNumber')
      .int()
      .min(1, 'validation.transferOutOfRange')
      .max(120, 'validation.transferOutOfRange'),
    source_utc_offset: z
      .number('validation.invalidNumber')
      .int()
      .min(-720, 'validation.transferOutOfRange')
      .max(840, 'validation.transferOutOfRange'),
    mappings: z.partialRecord(
      z.enum(MIGRATION_MAPPING_KINDS),
      z.record(
        z.string().max(100),
        z.string().trim().min(1, 'validation.required').max(200, 'validation.transferTooLong'),
      ),
    ),
  })
  .strict();
export type MigrationSettings = z.output<typeof migrationSettingsSchema>;
export const MIGRATION_SETTINGS_DEFAULTS: Omit<MigrationSettings, 'mappings'> = {
  default_kinds: ['event', 'regular', 'video'],
  default_months: 12,
  source_utc_offset: 0,
};
