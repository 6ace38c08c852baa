// The SQL of data migration's past data transfer: the transfers' rows (state, counts, files), the
// customer's migration settings, what a part of lines is checked against (the company's vehicles,
// devices and operators, and what is stored already), and the writers: the product's own events,
// positions and clips, each part in one statement with the record of what it wrote, so that
// nothing written is ever unrecorded and a restore removes exactly that.
import type {
  ColumnMapping,
  MigrationSettings,
  TransferCsvKind,
  TransferIssue,
  TransferKind,
} from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';
import { personName } from '../../platform/rows.repository.ts';
import { type RunRow, runRepository } from './runs.repository.ts';

export interface TransferFile {
  kind: TransferKind;
  name: string;
  key: string;
  /** CSV: its header line's cells and the mapping it is read with. */
  headers: string[];
  mapping: ColumnMapping;
  /** MP4: its size in bytes. */
  bytes?: number;
}

export type TransferIssueRow = Omit<TransferIssue, 'reason'>;

export interface TransferRow extends RunRow<TransferIssueRow> {
  period_from: string;
  period_to: string;
  kinds: TransferKind[];
  source_utc_offset: number;
  files: TransferFile[];
  written: Record<TransferKind, number>;
}

const SELECT = `
  SELECT t.id, t.customer_id, c.name AS customer_name, t.user_id, ${personName('u')} AS user_name,
         t.status, to_char(t.period_from, 'YYYY-MM-DD') AS period_from,
         to_char(t.period_to, 'YYYY-MM-DD') AS period_to, t.kinds, t.source_utc_offset, t.files,
         t.total, t.success, t.failure, t.progress, t.issues, t.issues_key, t.message, t.job_id,
         t.restored_at, t.created_at, t.updated_at,
         (SELECT json_build_object(
                   'event', count(*) FILTER (WHERE r.kind = 'event'),
                   'regular', count(*) FILTER (WHERE r.kind = 'regular'),
                   'video', count(*) FILTER (WHERE r.kind = 'video'))
            FROM migration_transfer_records r
           WHERE r.customer_id = t.customer_id AND r.transfer_id = t.id) AS written
    FROM migration_transfers t
    JOIN customers c ON c.id = t.customer_id
    JOIN users u ON u.id = t.user_id`;

export async function insertTransfer(
  db: Queryable,
  row: {
    customerId: string;
    userId: string;
    from: string;
    to: string;
    kinds: TransferKind[];
    offset: number;
    files: TransferFile[];
  },
): Promise<string> {
  const [inserted] = await db.query<{ id: string }>(
    `INSERT INTO migration_transfers (customer_id, user_id, period_from, period_to, kinds, source_utc_offset, files)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [row.customerId, row.userId, row.from, row.to, row.kinds, row.offset, JSON.stringify(row.files)],
  );
  return (inserted as { id: string }).id;
}

const transfers = runRepository<TransferRow, TransferIssueRow>({
  table: 'migration_transfers',
  alias: 't',
  select: SELECT,
});

export const transferById = transfers.byId;

/** Transfers of the customers the caller sees (`customerIds` null: every customer), newest first. */
export const transfersOf = transfers.list;

/** Sets what is given; `from` (when given) is the state it must be in, else nothing changes. */
export const updateTransfer = transfers.update;

export const transferStatusOf = transfers.status;

/** The customer's settings as stored (undefined: never set, the defaults apply). */
export async function settingsRowOf(
  db: Queryable,
  customerId: string,
): Promise<Omit<MigrationSettings, 'mappings'> | undefined> {
  return (
    await db.query<Omit<MigrationSettings, 'mappings'>>(
      'SELECT default_kinds, default_months, source_utc_offset FROM migration_settings WHERE customer_id = $1',
      [customerId],
    )
  )[0];
}

/** Stores the settings and replaces the kept mappings with `mappings` (a kind left out is forgotten). */
export async function saveSettings(db: Queryable, customerId: string, settings: MigrationSettings) {
  await db.query(
    `INSERT INTO migration_settings (customer_id, default_kinds, default_months, source_utc_offset)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (customer_id) DO UPDATE SET default_kinds = excluded.default_kinds,
       default_months = excluded.default_months, source_utc_offset = excluded.source_utc_offset, updated_at = now()`,
    [customerId, settings.default_kinds, settings.default_months, settings.source_utc_offset],
  );
  const kinds = Object.keys(settings.mappings);
  await db.query('DELETE FROM migration_mappings WHERE customer_id = $1 AND NOT (kind = ANY($2::text[]))', [
    customerId,
    kinds,
  ]);
  for (const [kind, mapping] of Object.entries(settings.mappings))
    await db.query(
      `INSERT INTO migration_mappings (customer_id, kind, mapping) VALUES ($1, $2, $3)
       ON CONFLICT (customer_id, kind) DO UPDATE SET mapping = excluded.mapping, updated_at = now()`,
      [customerId, kind, JSON.stringify(mapping)],
    );
}

/** A device a line lands on: its record, and the vehicle its data goes to. */
export interface Target {
  devicePk: string;
  vehicleId: string | null;
}

/** The customer's vehicles among `names`, each with its fitted device (null: none). */
export async function vehicleDevices(db: Queryable, customerId: string, names: string[]) {
  if (names.length === 0) return new Map<string, { id: string; device_pk: string | null }>();
  const rows = await db.query<{ name: string; id: string; device_pk: string | null }>(
    `SELECT v.name, v.id, (SELECT d.id FROM devices d WHERE d.vehicle_id = v.id ORDER BY d.id LIMIT 1) AS device_pk
       FROM vehicles v WHERE v.customer_id = $1 AND v.name = ANY($2)`,
    [customerId, names],
  );
  return new Map(rows.map((r) => [r.name, r]));
}

/** The customer's devices among `deviceIds`: record and fitted vehicle. */
export async function devicesOf(db: Queryable, customerId: string, deviceIds: string[]) {
  if (deviceIds.length === 0) return new Map<string, { id: string; vehicle_id: string | null }>();
  const rows = await db.query<{ device_id: string; id: string; vehicle_id: string | null }>(
    'SELECT device_id, id, vehicle_id FROM devices WHERE customer_id = $1 AND device_id = ANY($2)',
    [customerId, deviceIds],
  );
  return new Map(rows.map((r) => [r.device_id, r]));
}

/**
 * The customer's operators a file's operator cell names: by operator id, else by full name
 * ("first last" or "last first", as the event list download writes it) when one operator has it.
 */
export async function operatorsNamed(db: Queryable, customerId: string, cells: string[]) {
  if (cells.length === 0) return new Map<string, string>();
  const rows = await db.query<{ cell: string; ids: string[] }>(
    `SELECT c.cell, array_agg(DISTINCT o.id::text) AS ids
       FROM unnest($2::text[]) AS c(cell)
       JOIN operators o ON o.customer_id = $1
        AND (o.operator_code = c.cell OR trim(o.first_name || ' ' || o.last_name) = c.cell
             OR trim(o.last_name || ' ' || o.first_name) = c.cell)
      GROUP BY c.cell`,
    [customerId, [...new Set(cells)]],
  );
  const byCode = await db.query<{ operator_code: string; id: string }>(
    'SELECT operator_code, id FROM operators WHERE customer_id = $1 AND operator_code = ANY($2)',
    [customerId, [...new Set(cells)]],
  );
  const found = new Map<string, string>();
  for (const r of rows) if (r.ids.length === 1) found.set(r.cell, r.ids[0] as string);
  for (const r of byCode) found.set(r.operator_code, r.id);
  return found;
}

/** Of (device, second) pairs, the indexes of those where the device has an event of that type then. */
export async function storedEvents(
  db: Queryable,
  customerId: string,
  keys: { devicePk: string; time: Date; type?: string }[],
): Promise<Set<number>> {
  if (keys.length === 0) return new Set();
  const rows = await db.query<{ i: string }>(
    `SELECT u.i FROM unnest($2::uuid[], $3::timestamptz[], $4::text[]) WITH ORDINALITY AS u(p, t, ty, i)
      WHERE EXISTS (SELECT 1 FROM device_events e
                     WHERE e.customer_id = $1 AND e.device_pk = u.p
                       AND e.time >= date_trunc('second', u.t) AND e.time < date_trunc('second', u.t) + interval '1 second'
                       AND (u.ty IS NULL OR e.type = u.ty))`,
    [
      customerId,
      keys.map((k) => k.devicePk),
      keys.map((k) => k.time.toISOString()),
      keys.map((k) => k.type ?? null),
    ],
  );
  return new Set(rows.map((r) => Number(r.i) - 1));
}

/** Of (device, moment) pairs, the indexes of those the device has a position at. */
export async function storedPositions(
  db: Queryable,
  keys: { devicePk: string; time: Date }[],
): Promise<Set<number>> {
  if (keys.length === 0) return new Set();
  const rows = await db.query<{ i: string }>(
    `SELECT u.i FROM unnest($1::uuid[], $2::timestamptz[]) WITH ORDINALITY AS u(p, t, i)
      WHERE EXISTS (SELECT 1 FROM device_positions d WHERE d.device_pk = u.p AND d.time = u.t)`,
    [keys.map((k) => k.devicePk), keys.map((k) => k.time.toISOString())],
  );
  return new Set(rows.map((r) => Number(r.i) - 1));
}

/** The device's one stored event in that second and whether it has a clip of the camera already. */
export async function clipTarget(
  db: Queryable,
  customerId: string,
  devicePk: string,
  time: Date,
  camera: number,
): Promise<{ count: number; id: string | null; clipped: boolean }> {
  // An event whose clips the clip job is still to ask for is left to it (counted as clipped).
  const [row] = await db.query<{ count: number; id: string | null; clipped: boolean }>(
    `SELECT count(*)::int AS count, min(e.id::text) AS id,
            bool_or(e.clips_pending OR EXISTS (SELECT 1 FROM event_clips k WHERE k.event_id = e.id AND k.camera = $4)) AS clipped
       FROM device_events e
      WHERE e.customer_id = $1 AND e.device_pk = $2
        AND e.time >= date_trunc('second', $3::timestamptz) AND e.time < date_trunc('second', $3::timestamptz) + interval '1 second'`,
    [customerId, devicePk, time.toISOString(), camera],
  );
  return { count: row?.count ?? 0, id: row?.id ?? null, clipped: row?.clipped ?? false };
}

export interface EventLine extends Target {
  line: number;
  time: Date;
  type: string;
  operatorId: string | null;
  lat: number;
  lng: number;
  speed_kmh: number;
  direction: number;
  gx: number;
  gy: number;
  gz: number;
  roll: number;
  pitch: number;
  yaw: number;
}

/**
 * Events as the product's own: reviewable, mapped and counted like the devices' (the figures'
 * triggers mark their hours), but already past: no clip to ask a device for and no mail.
 */
export async function writeEvents(db: Queryable, customerId: string, transferId: string, rows: EventLine[]) {
  await db.query(
    `WITH input AS (
       SELECT * FROM json_to_recordset($3::json) AS r(
         "devicePk" uuid, "vehicleId" uuid, line int, time timestamptz, type text, "operatorId" uuid,
         lat float8, lng float8, speed_kmh real, direction real, gx real, gy real, gz real,
         roll real, pitch real, yaw real)),
     written AS (
       INSERT INTO device_events (device_pk, message_id, customer_id, vehicle_id, operator_id, time, type,
         lat, lng, speed, direction, gx, gy, gz, roll, pitch, yaw, cameras, video_status, clips_pending, mail_pending)
       SELECT i."devicePk", 'transfer/' || $2::text || '/' || i.line, $1, i."vehicleId", i."operatorId", i.time, i.type,
              i.lat, i.lng, i.speed_kmh, i.direction, i.gx, i.gy, i.gz, i.roll, i.pitch, i.yaw, 0, 1, false, false
         FROM input i
       RETURNING id)
     INSERT INTO migration_transfer_records (customer_id, transfer_id, kind, record_id)
     SELECT $1, $2::uuid, 'event', id FROM written`,
    [customerId, transferId, JSON.stringify(rows)],
  );
}

export interface PositionLine extends Target {
  line: number;
  time: Date;
  lat: number;
  lng: number;
  speed_kmh: number;
  direction: number;
  altitude: number | null;
}

/** Positions as the devices' regular data: the tracks, maps and figures read them. */
export async function writePositions(
  db: Queryable,
  customerId: string,
  transferId: string,
  rows: PositionLine[],
) {
  await db.query(
    `WITH written AS (
       INSERT INTO device_positions (device_pk, message_id, customer_id, vehicle_id, time, lat, lng, speed, direction, altitude)
       SELECT r."devicePk", 'transfer/' || $2::text || '/' || r.line, $1, r."vehicleId", r.time, r.lat, r.lng,
              r.speed_kmh, r.direction, r.altitude
         FROM json_to_recordset($3::json) AS r("devicePk" uuid, "vehicleId" uuid, line int, time timestamptz,
              lat float8, lng float8, speed_kmh real, direction real, altitude real)
       RETURNING device_pk, time, message_id)
     INSERT INTO migration_transfer_records (customer_id, transfer_id, kind, record_id, at, message_id)
     SELECT $1, $2::uuid, 'regular', device_pk, time, message_id FROM written`,
    [customerId, transferId, JSON.stringify(rows)],
  );
}

/** A checked clip: a completed clip of its event's camera, its window around the event. */
export async function writeClip(
  db: Queryable,
  customerId: string,
  transferId: string,
  clip: {
    eventId: string;
    devicePk: string;
    camera: number;
    from: Date;
    to: Date;
    key: string;
    bytes: number;
    sha256: string;
  },
): Promise<void> {
  await db.query(
    `WITH before AS (
       SELECT cameras, video_start_at FROM device_events WHERE id = $3 AND customer_id = $1),
     written AS (
       INSERT INTO event_clips (event_id, customer_id, device_pk, camera, status, window_from, window_to,
                                object_key, bytes, recorded_at, sha256, attempts)
       VALUES ($3, $1, $4, $5, 4, $6, $7, $8, $9, $6::timestamptz AT TIME ZONE 'UTC', $10, 0)
       RETURNING id),
     cameras AS (
       UPDATE device_events SET cameras = greatest(cameras, $5), video_start_at = coalesce(video_start_at, $6)
        WHERE id = $3 AND customer_id = $1)
     INSERT INTO migration_transfer_records (customer_id, transfer_id, kind, record_id, previous)
     SELECT $1, $2::uuid, 'video', w.id, json_build_object('event_id', $3::uuid, 'cameras', b.cameras, 'video_start_at', b.video_start_at)
       FROM written w, before b`,
    [
      customerId,
      transferId,
      clip.eventId,
      clip.devicePk,
      clip.camera,
      clip.from.toISOString(),
      clip.to.toISOString(),
      clip.key,
      clip.bytes,
      clip.sha256,
    ],
  );
}

/** The transfer's event of a device in that second (written by an earlier part). */
export async function transferredEventAt(db: Queryable, customerId: string, devicePk: string, time: Date) {
  return (await clipTarget(db, customerId, devicePk, time, 0)).id;
}

/**
 * Removes what the transfer wrote: its clips (answering the events they belonged to, whose video
 * status then follows), its events (their other clips cascade), its positions; then its records.
 */
export async function undoTransfer(db: Queryable, customerId: string, transferId: string): Promise<string[]> {
  const clips = await db.query<{ event_id: string }>(
    `DELETE FROM event_clips k USING migration_transfer_records r
      WHERE r.customer_id = $1 AND r.transfer_id = $2 AND r.kind = 'video'
        AND k.customer_id = $1 AND k.id = r.record_id
     RETURNING k.event_id`,
    [customerId, transferId],
  );
  // What the clips changed on events: back as before the first of them (cameras only grow, and
  // the video start is set once).
  await db.query(
    `UPDATE device_events e SET cameras = p.cameras, video_start_at = p.video_start_at
       FROM (SELECT (r.previous->>'event_id')::uuid AS event_id, min((r.previous->>'cameras')::int) AS cameras,
                    CASE WHEN bool_or(r.previous->>'video_start_at' IS NULL) THEN NULL
                         ELSE min((r.previous->>'video_start_at')::timestamptz) END AS video_start_at
               FROM migration_transfer_records r
              WHERE r.customer_id = $1 AND r.transfer_id = $2 AND r.kind = 'video' AND r.previous IS NOT NULL
              GROUP BY 1) p
      WHERE e.customer_id = $1 AND e.id = p.event_id`,
    [customerId, transferId],
  );
  await db.query(
    `DELETE FROM device_events e USING migration_transfer_records r
      WHERE r.customer_id = $1 AND r.transfer_id = $2 AND r.kind = 'event'
        AND e.customer_id = $1 AND e.id = r.record_id`,
    [customerId, transferId],
  );
  await db.query(
    `DELETE FROM device_positions p USING migration_transfer_records r
      WHERE r.customer_id = $1 AND r.transfer_id = $2 AND r.kind = 'regular'
        AND p.device_pk = r.record_id AND p.time = r.at AND p.message_id = r.message_id`,
    [customerId, transferId],
  );
  await db.query('DELETE FROM migration_transfer_records WHERE customer_id = $1 AND transfer_id = $2', [
    customerId,
    transferId,
  ]);
  // The events that keep living: their video status follows their clips again.
  return [...new Set(clips.map((c) => c.event_id))];
}

/** The kinds whose CSV mapping the customer keeps. */
export type KeptKind = TransferCsvKind;
