// Data migration (domain spec: basic info import, import result, status): a customer's device,
// vehicle and operator CSV files (and, optionally, its account file: the company's users), checked
// in full (every bad line kept with its line, column, value and reason) before anything is
// written, then written as a job with the six migration states. A line is checked by the same
// schema as the record's form: one rule in one place.
import { z } from 'zod';
import { SYS_ROLES } from '../access/roles.ts';
import { listQuerySchema } from '../api/errors.ts';
import { deviceBodySchema } from '../devices/devices.ts';
import { operatorUpdateSchema } from '../operators/operators.ts';
import { userCreateSchema } from '../users/users.ts';
import { VEHICLE_MEASURES, vehicleUpdateSchema } from '../vehicles/vehicles.ts';
import type { MappedColumn } from './columns.ts';
import { runCounts, runHead, runIssueSchema, runTail } from './runs.ts';

/** The files of a basic info import, in the order they are checked and written (a device names its vehicle). */
export const IMPORT_FILE_KINDS = ['vehicle', 'operator', 'device', 'account'] as const;
export type ImportFileKind = (typeof IMPORT_FILE_KINDS)[number];
/** Files an import may go without: a company's users may be created by hand, or later. */
export const OPTIONAL_IMPORT_FILES: readonly ImportFileKind[] = ['account'];
export const REQUIRED_IMPORT_FILES = IMPORT_FILE_KINDS.filter(
  (kind) => !OPTIONAL_IMPORT_FILES.includes(kind),
);
/** The largest file of an import (a million vehicle lines is about 100 MB). */
export const IMPORT_FILE_MAX_BYTES = 512 * 1024 * 1024;
/** Bad lines an import's answer carries; every one of them is in its downloadable report. */
export const IMPORT_ISSUE_SAMPLE = 100;

/** A column of an import file: the record's field it fills, and how its cell is read. */
interface ImportColumn extends MappedColumn {
  cell: 'text' | 'number' | 'boolean';
}
const text = (field: string, required = false, aliases: string[] = []): ImportColumn => ({
  field,
  cell: 'text',
  required,
  aliases,
});
const number = (field: string): ImportColumn => ({ field, cell: 'number' });

export const IMPORT_COLUMNS: Record<ImportFileKind, readonly ImportColumn[]> = {
  vehicle: [
    text('name', true, ['vehicle name', 'vehicle', '車両名']),
    text('introduce_date', true, ['introduction date', '導入日']),
    text('description'),
    text('series'),
    text('power_type'),
    text('structure'),
    number('initial_hour_meter'),
    number('hour_meter_correction'),
    text('installation_type'),
    text('key_number'),
    text('installation_location'),
    text('remark'),
    { field: 'maintenance_mode', cell: 'boolean' },
    text('serial_number'),
    text('engine_type'),
    text('vehicle_type'),
    text('icon'),
    text('rated_output_unit'),
    text('kitting_id'),
    ...VEHICLE_MEASURES.map(number),
  ],
  operator: [
    text('operator_code', true, ['operator id', 'id', 'オペレーターID', '乗務員ID']),
    text('first_name', true, ['名']),
    text('last_name', true, ['姓']),
    text('birth_date', true),
    text('address', true),
    text('license_number', true),
    text('license_received_on', true),
    text('license_valid_till', true),
    text('license_location', true),
    text('phone', true),
    text('icon'),
  ],
  device: [
    text('device_id', true, ['device', 'デバイスID']),
    text('device_type', true),
    number('channel_number'),
    text('vehicle', false, ['vehicle name', '車両名']),
    text('plate_number'),
    text('firmware'),
    text('installation_direction'),
    text('camera_1', true),
    text('camera_2'),
    text('camera_3'),
    text('camera_4'),
  ],
  // The user form's fields (users/users.ts) but the password: an imported user has none until a
  // manager sets it (docs/decisions, data migration). The custom role is named, as the company calls it.
  account: [
    text('username', true, ['user name', 'login id', 'login', 'user id', 'ユーザー名', 'ログインID']),
    text('first_name', true, ['first name', 'given name', '名']),
    text('last_name', true, ['last name', 'family name', '姓']),
    text('email', true, ['e-mail', 'mail', 'email address', 'メールアドレス']),
    text('sys_role', false, ['system role', 'システムロール']),
    text('role', false, ['role name', 'ロール']),
    { field: 'manager', cell: 'boolean', aliases: ['representative', '代表者'] },
    text('download_role', false, ['download', 'ダウンロード権限']),
  ],
};

type Cells = Record<string, string>;
/** A cell as its field expects it: empty is absent (the form's default or its "required"). */
function cellValue(column: ImportColumn, value: string | undefined): unknown {
  if (value === undefined || value === '') return undefined;
  if (column.cell === 'number') return /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  if (column.cell === 'boolean')
    return /^(1|true|yes)$/i.test(value) ? true : /^(0|false|no)$/i.test(value) ? false : value;
  return value;
}
const valuesOf = (kind: ImportFileKind, cells: Cells) => {
  const values: Record<string, unknown> = {};
  for (const column of IMPORT_COLUMNS[kind]) {
    const value = cellValue(column, cells[column.field]);
    if (value !== undefined) values[column.field] = value;
  }
  return values;
};

const deviceLineSchema = deviceBodySchema.omit({ customer_id: true, vehicle_id: true });
/**
 * An account line: the user form's own rules for the name, e-mail and flags; a customer's user
 * unless the line says otherwise; the custom role by its name, found among the company's roles.
 */
const accountLineSchema = userCreateSchema
  .pick({
    username: true,
    first_name: true,
    last_name: true,
    email: true,
    manager: true,
    download_role: true,
  })
  .extend({
    sys_role: z.enum(SYS_ROLES, 'validation.invalidEnum').default('user'),
    role: z.string().trim().max(100).optional(),
  });
const LINE_SCHEMAS = {
  vehicle: vehicleUpdateSchema,
  operator: operatorUpdateSchema,
  account: accountLineSchema,
} as const;

/** What one line becomes: the record's checked body, or the fields it fails with their message keys. */
export type ImportLineResult =
  | { ok: true; value: Record<string, unknown> }
  | {
      ok: false;
      issues: {
        field: string;
        message: string;
        code: string;
        origin?: unknown;
        minimum?: unknown;
        maximum?: unknown;
      }[];
    };

/** Checks one line's cells (by field) with the record form's own schema. */
export function parseImportLine(kind: ImportFileKind, cells: Cells): ImportLineResult {
  const values = valuesOf(kind, cells);
  let parsed: z.ZodSafeParseResult<Record<string, unknown>>;
  if (kind === 'device') {
    const { vehicle, camera_1, camera_2, camera_3, camera_4, ...rest } = values;
    const cameras = [camera_1, camera_2, camera_3, camera_4]
      .filter((c) => c !== undefined)
      .map((camera_id) => ({ camera_id }));
    parsed = deviceLineSchema.safeParse({ ...rest, cameras });
    if (parsed.success) parsed.data.vehicle = vehicle ?? null;
  } else parsed = (LINE_SCHEMAS[kind] as z.ZodType<Record<string, unknown>>).safeParse(values);
  if (parsed.success) return { ok: true, value: parsed.data };
  return {
    ok: false,
    issues: parsed.error.issues.map((issue) => {
      const [first, index] = issue.path;
      // A device's cameras are columns camera_1 … camera_4.
      const field =
        first === 'cameras' && typeof index === 'number' ? `camera_${index + 1}` : String(first ?? '');
      return { ...(issue as unknown as { code: string; message: string }), field };
    }),
  };
}

/** One bad line of an import: where it is, what it holds, and why (a message key of validation). */
export const importIssueSchema = runIssueSchema(IMPORT_FILE_KINDS);
export type ImportIssue = z.output<typeof importIssueSchema>;

export const migrationImportSchema = z.object({
  ...runHead,
  dry_run: z.boolean(),
  files: z.array(
    z.object({
      kind: z.enum(IMPORT_FILE_KINDS),
      name: z.string(),
      headers: z.array(z.string()),
      encoding: z.string(),
      delimiter: z.string(),
      mapping: z.record(z.string(), z.string()),
    }),
  ),
  ...runCounts,
  ...runTail(importIssueSchema),
});
export type MigrationImport = z.output<typeof migrationImportSchema>;

export const migrationImportStartSchema = z
  .object({
    /** Per file: the field each header fills; kept as the customer's mapping. */
    mappings: z.partialRecord(z.enum(IMPORT_FILE_KINDS), z.record(z.string().max(100), z.string().max(200))),
    /** Check only: report every bad line and write nothing. */
    dry_run: z.boolean().default(false),
  })
  .strict();
export type MigrationImportStart = z.input<typeof migrationImportStartSchema>;

export const migrationImportListQuerySchema = listQuerySchema.extend({
  customer_id: z.uuid('validation.invalid').optional(),
});
export type MigrationImportListQuery = z.output<typeof migrationImportListQuerySchema>;
