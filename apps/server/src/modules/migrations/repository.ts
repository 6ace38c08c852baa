// The SQL of data migration's imports: the rows the status screen reads, their states and counts,
// the customer's kept column mappings, and the rows an import writes with the record of them (a
// range of ids a part, recorded before the part is written, so that nothing written is ever
// unrecorded; the users of an account file: accounts.repository.ts).
import {
  type ColumnMapping,
  IMPORT_COLUMNS,
  type ImportFileKind,
  type ImportIssue,
  type MigrationState,
} from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';
import { personName } from '../../platform/rows.repository.ts';
import { undoAccounts, writeAccounts } from './accounts.repository.ts';
import type { IdSeries } from './ids.ts';
import { type RunRow, type RunUpdate, runRepository } from './runs.repository.ts';

export interface ImportFile {
  kind: ImportFileKind;
  name: string;
  key: string;
  headers: string[];
  encoding: string;
  delimiter: string;
  mapping: ColumnMapping;
}

export interface ImportRow extends RunRow<Omit<ImportIssue, 'reason'>> {
  dry_run: boolean;
  files: ImportFile[];
}

const SELECT = `
  SELECT i.id, i.customer_id, c.name AS customer_name, i.user_id, ${personName('u')} AS user_name,
         i.status, i.dry_run, i.files, i.total, i.success, i.failure, i.progress, i.issues, i.issues_key,
         i.message, i.job_id, i.restored_at, i.created_at, i.updated_at
    FROM migration_imports i
    JOIN customers c ON c.id = i.customer_id
    JOIN users u ON u.id = i.user_id`;

export async function insertImport(
  db: Queryable,
  row: { customerId: string; userId: string; files: ImportFile[] },
): Promise<string> {
  const [inserted] = await db.query<{ id: string }>(
    `INSERT INTO migration_imports (customer_id, user_id, files) VALUES ($1, $2, $3) RETURNING id`,
    [row.customerId, row.userId, JSON.stringify(row.files)],
  );
  return (inserted as { id: string }).id;
}

const imports = runRepository<ImportRow, Omit<ImportIssue, 'reason'>>({
  table: 'migration_imports',
  alias: 'i',
  select: SELECT,
});

export const importById = imports.byId;

/** Imports of the customers the caller sees (`customerIds` null: every customer), newest first. */
export const importsOf = imports.list;

export interface ImportUpdate extends RunUpdate<Omit<ImportIssue, 'reason'>> {
  dryRun?: boolean;
  files?: ImportFile[];
}

/** Sets what is given; `from` (when given) is the state it must be in, else nothing changes. */
export const updateImport = (
  db: Queryable,
  id: string,
  { dryRun, files, ...set }: ImportUpdate,
  from?: readonly MigrationState[],
) => imports.update(db, id, set, from, { dry_run: dryRun, files: files && JSON.stringify(files) });

export const statusOf = imports.status;

export async function keptMappings(
  db: Queryable,
  customerId: string,
): Promise<Partial<Record<ImportFileKind, ColumnMapping>>> {
  const rows = await db.query<{ kind: ImportFileKind; mapping: ColumnMapping }>(
    'SELECT kind, mapping FROM migration_mappings WHERE customer_id = $1',
    [customerId],
  );
  return Object.fromEntries(rows.map((r) => [r.kind, r.mapping]));
}

export async function keepMapping(
  db: Queryable,
  customerId: string,
  kind: ImportFileKind,
  mapping: ColumnMapping,
) {
  await db.query(
    `INSERT INTO migration_mappings (customer_id, kind, mapping) VALUES ($1, $2, $3)
     ON CONFLICT (customer_id, kind) DO UPDATE SET mapping = excluded.mapping, updated_at = now()`,
    [customerId, kind, JSON.stringify(mapping)],
  );
}

/**
 * Of `values`, those a record of the customer (or, for device and camera ids, usernames and
 * e-mail addresses, of anyone) already holds.
 */
export async function takenOf(
  db: Queryable,
  what: 'vehicleName' | 'operatorCode' | 'deviceId' | 'cameraId' | 'username' | 'email',
  customerId: string,
  values: string[],
): Promise<Set<string>> {
  if (values.length === 0) return new Set();
  const sql = {
    vehicleName: 'SELECT name AS v FROM vehicles WHERE customer_id = $1 AND name = ANY($2)',
    operatorCode:
      'SELECT operator_code AS v FROM operators WHERE customer_id = $1 AND operator_code = ANY($2)',
    // Product-wide identifiers: their claims (0044) hold every customer's.
    deviceId: 'SELECT value AS v FROM device_id_claims WHERE $1::uuid IS NOT NULL AND value = ANY($2)',
    cameraId: 'SELECT value AS v FROM camera_id_claims WHERE $1::uuid IS NOT NULL AND value = ANY($2)',
    // One sign-in page serves every customer: a name or address is the product's (0001).
    username: 'SELECT username AS v FROM users WHERE $1::uuid IS NOT NULL AND username = ANY($2)',
    email: 'SELECT email AS v FROM users WHERE $1::uuid IS NOT NULL AND email = ANY($2)',
  }[what];
  return new Set((await db.query<{ v: string }>(sql, [customerId, values])).map((r) => r.v));
}

/** The customer's vehicles by name among `names`: id and whether a device is fitted. */
export async function vehiclesByName(db: Queryable, customerId: string, names: string[]) {
  const rows = await db.query<{ name: string; id: string; fitted: boolean }>(
    `SELECT v.name, v.id, EXISTS (SELECT 1 FROM devices d WHERE d.vehicle_id = v.id) AS fitted
       FROM vehicles v WHERE v.customer_id = $1 AND v.name = ANY($2)`,
    [customerId, names],
  );
  return new Map(rows.map((r) => [r.name, r]));
}

/** A checked row as its writer takes it, with the id the import's series gave it (ids.ts). */
export type WrittenRow = { id: string } & Record<string, unknown>;

/**
 * The writer of a kind whose checked bodies are rows of `table` as they are (its file's fields are
 * the table's columns).
 */
const writerOf =
  (kind: 'vehicle' | 'operator', table: string) =>
  async (db: Queryable, customerId: string, rows: WrittenRow[]) => {
    const columns = IMPORT_COLUMNS[kind].map((c) => c.field);
    await db.query(
      `INSERT INTO ${table} (id, customer_id, ${columns.join(', ')})
       SELECT r.id, $1, ${columns.map((c) => `r.${c}`).join(', ')} FROM json_populate_recordset(NULL::${table}, $2::json) r`,
      [customerId, JSON.stringify(rows)],
    );
  };

/** Devices with their cameras; `vehicle_name` is looked up among the customer's vehicles. */
async function writeDevices(db: Queryable, customerId: string, rows: WrittenRow[]) {
  await db.query(
    `WITH input AS (
       SELECT r.* FROM json_to_recordset($2::json) AS r(
         id uuid, device_id text, device_type text, channel_number int, plate_number text, firmware text,
         installation_direction text, icon text, vehicle_name text, cameras json,
         acceleration_threshold float8, acceleration_duration int, deceleration_threshold float8,
         deceleration_duration int, impact_threshold float8, impact_duration int,
         quick_handle_threshold float8, quick_handle_duration int)),
     written AS (
       INSERT INTO devices (id, customer_id, device_id, device_type, channel_number, plate_number, firmware,
         installation_direction, icon, vehicle_id, acceleration_threshold, acceleration_duration,
         deceleration_threshold, deceleration_duration, impact_threshold, impact_duration,
         quick_handle_threshold, quick_handle_duration)
       SELECT i.id, $1, i.device_id, i.device_type, i.channel_number, i.plate_number, i.firmware,
         i.installation_direction, i.icon, v.id, i.acceleration_threshold, i.acceleration_duration,
         i.deceleration_threshold, i.deceleration_duration, i.impact_threshold, i.impact_duration,
         i.quick_handle_threshold, i.quick_handle_duration
         FROM input i LEFT JOIN vehicles v ON v.customer_id = $1 AND v.name = i.vehicle_name
       RETURNING id)
     INSERT INTO device_cameras (device_pk, customer_id, position, camera_id, rotation)
     SELECT i.id, $1, c.ordinality, c.value->>'camera_id', c.value->>'rotation'
       FROM input i, json_array_elements(i.cameras) WITH ORDINALITY c`,
    [customerId, JSON.stringify(rows)],
  );
}

const WRITERS: Record<
  ImportFileKind,
  (db: Queryable, customerId: string, rows: WrittenRow[]) => Promise<void>
> = {
  vehicle: writerOf('vehicle', 'vehicles'),
  operator: writerOf('operator', 'operators'),
  device: writeDevices,
  account: writeAccounts,
};

/**
 * A part of an import: first the record of it, one range from its first row's id to its last's
 * (ids of the import's series, in order), then its rows. Two statements (users are a reference
 * table under Citus, the records distributed by customer), in the order that never leaves a row
 * unrecorded: a failed write leaves a range that holds nothing, which the undo removes.
 */
export async function writePart(
  db: Queryable,
  kind: ImportFileKind,
  customerId: string,
  importId: string,
  rows: WrittenRow[],
) {
  const first = rows[0]?.id;
  const last = rows.at(-1)?.id;
  if (!first || !last) return;
  await db.query(
    `INSERT INTO migration_import_records (customer_id, import_id, kind, record_id, last_id)
     VALUES ($1, $2, $3, $4, $5)`,
    [customerId, importId, kind, first, last],
  );
  await WRITERS[kind](db, customerId, rows);
}

/** Whether a record of the customer already holds an id of the series (ids.ts: drawn again then). */
export async function seriesTaken(db: Queryable, customerId: string, series: IdSeries): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM migration_import_records
      WHERE customer_id = $1 AND record_id <= $3 AND coalesce(last_id, record_id) >= $2 LIMIT 1`,
    [customerId, series.lowest, series.highest],
  );
  return rows.length > 0;
}

/**
 * Removes what the import wrote (its users; devices before vehicles: they point at them), then its
 * records; answers how many rows went. Each kind's rows go by the ranges recorded.
 */
export async function undoImport(db: Queryable, customerId: string, importId: string): Promise<number> {
  let removed = await undoAccounts(db, customerId, importId);
  for (const [kind, table] of [
    ['device', 'devices'],
    ['operator', 'operators'],
    ['vehicle', 'vehicles'],
  ] as const) {
    const [gone] = await db.query<{ n: number }>(
      `WITH gone AS (
         DELETE FROM ${table} t USING migration_import_records r
          WHERE r.customer_id = $1 AND r.import_id = $2 AND r.kind = '${kind}'
            AND t.customer_id = $1 AND t.id BETWEEN r.record_id AND coalesce(r.last_id, r.record_id)
         RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [customerId, importId],
    );
    removed += gone?.n ?? 0;
  }
  await db.query('DELETE FROM migration_import_records WHERE customer_id = $1 AND import_id = $2', [
    customerId,
    importId,
  ]);
  return removed;
}
