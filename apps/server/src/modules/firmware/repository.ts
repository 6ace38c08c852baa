// The SQL of firmware files (0070_firmware_files.sql; their rules: service.ts).
import type { Firmware, FirmwareName, FirmwareUploadState, ListQuery } from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';
import { likePattern, type Ordering, pageRows } from '../../platform/lists.ts';
import { insertRow, iso, personName } from '../../platform/rows.repository.ts';

interface FirmwareRow {
  id: string;
  file_name: string;
  device_type: Firmware['device_type'];
  version: number;
  build_date: string;
  description: string;
  latest: boolean;
  status: FirmwareUploadState;
  sha256: string | null;
  size_bytes: string | number | null;
  uploaded_by_id: string | null;
  uploaded_by_name: string | null;
  registered_at: Date | string | null;
  created_at: Date | string;
}

/** What the service needs beyond the answer: where the object is and until when its address works. */
export interface FirmwareRecord extends Firmware {
  object_key: string;
  upload_expires_at: string;
}

const SELECT = `SELECT f.id, f.file_name, f.device_type, f.version, to_char(f.build_date, 'YYYY-MM-DD') AS build_date,
    f.description, f.latest, f.status, f.sha256, f.size_bytes, f.registered_at, f.created_at,
    f.object_key, f.upload_expires_at, u.id AS uploaded_by_id, ${personName('u')} AS uploaded_by_name
  FROM firmwares f LEFT JOIN users u ON u.id = f.uploaded_by`;

export const toFirmware = (row: FirmwareRow): Firmware => ({
  id: row.id,
  file_name: row.file_name,
  device_type: row.device_type,
  version: row.version,
  build_date: row.build_date,
  description: row.description,
  latest: row.latest,
  status: row.status,
  sha256: row.sha256,
  size: row.size_bytes === null ? null : Number(row.size_bytes),
  uploaded_by: row.uploaded_by_id ? { id: row.uploaded_by_id, name: row.uploaded_by_name ?? '' } : null,
  registered_at: iso(row.registered_at),
  created_at: iso(row.created_at) ?? '',
});

const toRecord = (row: FirmwareRow & { object_key: string; upload_expires_at: Date | string }) => ({
  ...toFirmware(row),
  object_key: row.object_key,
  upload_expires_at: iso(row.upload_expires_at) ?? '',
});

export async function firmwareById(db: Queryable, id: string): Promise<FirmwareRecord | undefined> {
  const [row] = await db.query<FirmwareRow & { object_key: string; upload_expires_at: Date }>(
    `${SELECT} WHERE f.id = $1`,
    [id],
  );
  return row ? toRecord(row) : undefined;
}

export async function insertFirmware(
  db: Queryable,
  firmware: FirmwareName & {
    id: string;
    file_name: string;
    description: string;
    latest: boolean;
    object_key: string;
    upload_expires_at: Date;
    user_id: string;
  },
): Promise<void> {
  const { user_id, ...columns } = firmware;
  await insertRow(db, 'firmwares', { ...columns, uploaded_by: user_id });
}

/** The latest flag moves: no other uploaded file of the device type keeps it. */
async function takeLatest(db: Queryable, id: string): Promise<void> {
  await db.query(
    `UPDATE firmwares SET latest = false
      WHERE latest AND id <> $1 AND device_type = (SELECT device_type FROM firmwares WHERE id = $1)`,
    [id],
  );
}

/** The object arrived and was kept: uploaded, once (false when it was no longer uploading). */
export async function markUploaded(
  db: Queryable,
  id: string,
  kept: { key: string; sha256: string; bytes: number },
): Promise<boolean> {
  const [latest] = await db.query<{ latest: boolean }>(
    "SELECT latest FROM firmwares WHERE id = $1 AND status = 'uploading' FOR UPDATE",
    [id],
  );
  if (!latest) return false;
  if (latest.latest) await takeLatest(db, id);
  await db.query(
    `UPDATE firmwares SET status = 'uploaded', object_key = $2, sha256 = $3, size_bytes = $4, registered_at = now()
      WHERE id = $1`,
    [id, kept.key, kept.sha256, kept.bytes],
  );
  return true;
}

export async function markFailed(db: Queryable, id: string, failure: string): Promise<void> {
  await db.query(
    `UPDATE firmwares SET status = 'failed', failure = $2, latest = false WHERE id = $1 AND status = 'uploading'`,
    [id, failure],
  );
}

export async function editFirmware(
  db: Queryable,
  id: string,
  edit: { description: string; latest: boolean },
): Promise<boolean> {
  if (edit.latest) await takeLatest(db, id);
  const rows = await db.query(
    `UPDATE firmwares SET description = $2, latest = $3 WHERE id = $1 AND status = 'uploaded' RETURNING id`,
    [id, edit.description, edit.latest],
  );
  return rows.length > 0;
}

/** Uploads whose address expired with nothing accepted (the upload job fails them). */
export async function expiredUploads(db: Queryable, now: Date, limit: number): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `SELECT id FROM firmwares WHERE status = 'uploading' AND upload_expires_at < $1 ORDER BY upload_expires_at LIMIT $2`,
    [now, limit],
  );
  return rows.map((r) => r.id);
}

const ORDERING: Ordering = {
  alias: 'f',
  plain: ['version', 'device_type', 'registered_at', 'created_at', 'status'],
  text: ['file_name'],
  fallback: 'registered_at',
  descending: true,
};

export async function listFirmwares(
  db: Queryable,
  query: ListQuery & { device_type?: string | undefined; status?: string | undefined },
  uploadedOnly: boolean,
) {
  const params: unknown[] = [likePattern(query.filter), query.device_type ?? null, query.status ?? null];
  const where = `WHERE ($1::text IS NULL OR lower(f.file_name) LIKE $1 OR lower(f.description) LIKE $1)
      AND ($2::text IS NULL OR f.device_type = $2) AND ($3::text IS NULL OR f.status = $3)
      ${uploadedOnly ? "AND f.status = 'uploaded'" : ''}`;
  return pageRows<FirmwareRow, Firmware>(
    db,
    {
      select: SELECT,
      count: 'FROM firmwares f',
      where,
      order: { ...ORDERING, fallback: uploadedOnly ? 'registered_at' : 'created_at' },
    },
    params,
    query,
    toFirmware,
  );
}
