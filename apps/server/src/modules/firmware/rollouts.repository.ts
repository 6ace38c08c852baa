// The SQL of firmware rollouts (0071_firmware_rollouts.sql; their rules: rollouts.service.ts, the job's
// steps: rolloutJob.ts). Every count the logs show is counted from the per-device rows.
import {
  FIRMWARE_MIN_VERSION,
  type ListQuery,
  type Rollout,
  type RolloutDevice,
  type RolloutDeviceState,
  type RolloutIneligibleReason,
  type RolloutState,
} from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import { type Ordering, pageRows } from '../../platform/lists.ts';
import { firstRow, insertRow, iso, personName } from '../../platform/rows.repository.ts';

/** A device of a rollout's selection and why it is not updated now (null: it is). */
export interface JudgedRow {
  id: string;
  device_id: string;
  device_type: 'dv426' | 'dv456';
  vehicle_id: string | null;
  vehicle_name: string | null;
  firmware: string | null;
  online: boolean;
  reason: RolloutIneligibleReason | null;
}

/** Who a rollout is for: devices named, or the devices of vehicle groups. */
export interface Selection {
  target: 'devices' | 'groups';
  device_ids: string[];
  group_ids: string[];
}

/**
 * The one place a selection is judged, for the preview and the creation alike: the customer's
 * devices named (target devices), or on a vehicle of the groups or in the groups themselves
 * (target groups), each with its reason: another device type, a running version below the minimum
 * (or none reported), already at the firmware's version, offline (offline ones still join and are
 * updated when they return). Another customer's ids match nothing. Parameters: $1 customer, $2
 * target, $3 device ids, $4 group ids, $5 firmware, $6 the minimum version.
 */
const JUDGED_SELECTION = `
  SELECT d.id, d.device_id, d.device_type, v.id AS vehicle_id, v.name AS vehicle_name, r.firmware, r.online,
         CASE WHEN d.device_type <> f.device_type THEN 'other-device-type'
              WHEN r.running IS NULL OR r.running < $6 THEN 'below-minimum'
              WHEN r.running = f.version THEN 'already-at-version'
              WHEN NOT r.online THEN 'offline' END AS reason
    FROM devices d
    JOIN firmwares f ON f.id = $5
    LEFT JOIN vehicles v ON v.id = d.vehicle_id AND v.customer_id = d.customer_id
    LEFT JOIN device_states s ON s.device_pk = d.id AND s.customer_id = d.customer_id
    CROSS JOIN LATERAL (
      SELECT coalesce(s.firmware, d.firmware) AS firmware, coalesce(s.online, false) AS online,
             substring(coalesce(s.firmware, d.firmware) FROM '[0-9]+')::numeric AS running) r
   WHERE d.customer_id = $1
     AND CASE WHEN $2 = 'devices' THEN d.id = ANY($3::uuid[])
              ELSE (v.group_id = ANY($4::uuid[]) OR d.group_id = ANY($4::uuid[])) END`;

const judgedParams = (customerId: string, firmwareId: string, selection: Selection) => [
  customerId,
  selection.target,
  selection.device_ids,
  selection.group_ids,
  firmwareId,
  FIRMWARE_MIN_VERSION,
];

/** The selection's devices judged for the firmware, in device id order (the preview). */
export async function judgedDevices(
  db: Queryable,
  customerId: string,
  firmwareId: string,
  selection: Selection,
): Promise<JudgedRow[]> {
  return db.query<JudgedRow>(
    `${JUDGED_SELECTION} ORDER BY d.device_id`,
    judgedParams(customerId, firmwareId, selection),
  );
}

/** How many of the groups are the customer's. */
export async function groupsOfCustomer(
  db: Queryable,
  customerId: string,
  groupIds: string[],
): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM vehicle_groups WHERE customer_id = $1 AND id = ANY($2::uuid[])',
    [customerId, groupIds],
  );
  return row?.n ?? 0;
}

/** What a rollout is set to do, as its row holds it. */
interface RolloutSettings {
  starts_at: Date;
  ends_at: Date;
  first_stage_size: number;
  success_threshold: number;
  error_threshold: number;
  error_action: 'pause' | 'stop';
  rate_per_minute: number;
  device_timeout_minutes: number;
}

export interface RolloutWrite extends RolloutSettings {
  id: string;
  customer_id: string;
  firmware_id: string;
  target: 'devices' | 'groups';
  group_ids: string[];
  immediate: boolean;
  time_zone: string;
  created_by: string;
}

/**
 * The rollout and its devices' rows: every device of the selection that is updated now or when it
 * returns, judged and written by the database in one statement (in device id order: the first
 * `first_stage_size` are stage 1, which is cut to the devices there are). Answers how many devices
 * the rollout has; with none the caller refuses it and its transaction writes nothing.
 */
export async function insertRollout(
  tx: Queryable,
  rollout: RolloutWrite,
  selection: Selection,
): Promise<number> {
  await insertRow(tx, 'firmware_rollouts', {
    ...rollout,
    status: rollout.immediate ? 'running' : 'scheduled',
  });
  const [row] = await tx.query<{ n: number }>(
    `WITH included AS (
       SELECT j.id, j.firmware, row_number() OVER (ORDER BY j.device_id)::int AS n
         FROM (${JUDGED_SELECTION}) j WHERE j.reason IS NULL OR j.reason = 'offline'),
     written AS (
       INSERT INTO firmware_rollout_devices (customer_id, rollout_id, device_pk, stage, position, from_version)
       SELECT $1, $7, i.id, CASE WHEN i.n <= $8 THEN 1 ELSE 2 END, i.n, i.firmware FROM included i
       RETURNING 1)
     SELECT count(*)::int AS n FROM written`,
    [
      ...judgedParams(rollout.customer_id, rollout.firmware_id, selection),
      rollout.id,
      rollout.first_stage_size,
    ],
  );
  const devices = row?.n ?? 0;
  if (devices > 0 && devices < rollout.first_stage_size)
    await tx.query('UPDATE firmware_rollouts SET first_stage_size = $3 WHERE customer_id = $1 AND id = $2', [
      rollout.customer_id,
      rollout.id,
      devices,
    ]);
  return devices;
}

export async function rolloutDeviceCount(db: Queryable, rolloutId: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM firmware_rollout_devices WHERE rollout_id = $1',
    [rolloutId],
  );
  return row?.n ?? 0;
}

/** A rollout as the job moves it. */
export interface RolloutState_ extends RolloutSettings {
  id: string;
  customer_id: string;
  firmware_id: string;
  status: RolloutState;
  stage: 1 | 2;
  status_reason: string | null;
  last_notified_at: Date | null;
}

const STATE_COLUMNS = `r.id, r.customer_id, r.firmware_id, r.status, r.stage, r.status_reason, r.starts_at, r.ends_at,
  r.first_stage_size, r.success_threshold, r.error_threshold, r.error_action, r.rate_per_minute,
  r.device_timeout_minutes, r.last_notified_at`;

/** Rollouts the job has work in: scheduled or running, or ended with devices still updating. */
export async function activeRollouts(db: Queryable): Promise<RolloutState_[]> {
  return db.query<RolloutState_>(
    `SELECT ${STATE_COLUMNS} FROM firmware_rollouts r
      WHERE r.status IN ('scheduled', 'running')
         OR (r.status IN ('paused', 'stopped', 'cancelled') AND EXISTS (
              SELECT 1 FROM firmware_rollout_devices x
               WHERE x.customer_id = r.customer_id AND x.rollout_id = r.id
                 AND x.status IN ('notified', 'downloading', 'waiting-for-stop', 'installing', 'rebooted')))
      ORDER BY r.starts_at`,
  );
}

export const rolloutState = (db: Queryable, customerId: string, id: string) =>
  firstRow<RolloutState_>(
    db,
    `SELECT ${STATE_COLUMNS} FROM firmware_rollouts r WHERE r.customer_id = $1 AND r.id = $2`,
    [customerId, id],
  );

/** The rollout's customer, found by its id alone (the paths name a rollout by id). */
export async function rolloutCustomer(db: Queryable, scope: Scoped, id: string): Promise<string | undefined> {
  const [row] = await db.query<{ customer_id: string }>(
    `SELECT customer_id FROM firmware_rollouts WHERE id = $1 AND ${scope.inScope('customer_id', 2)}`,
    [id, scope.customerIds],
  );
  return row?.customer_id;
}

export async function setRolloutStatus(
  db: Queryable,
  rollout: { customer_id: string; id: string },
  change: { status: RolloutState; stage?: 1 | 2; reason?: string | null },
  onlyFrom: readonly RolloutState[],
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE firmware_rollouts SET status = $3, stage = coalesce($4, stage), status_reason = $5, updated_at = now()
      WHERE customer_id = $1 AND id = $2 AND status = ANY($6::text[]) RETURNING id`,
    [rollout.customer_id, rollout.id, change.status, change.stage ?? null, change.reason ?? null, onlyFrom],
  );
  return rows.length > 0;
}

/** The per-stage counts the thresholds are judged on. */
export interface StageCounts {
  stage: 1 | 2;
  total: number;
  waiting: number;
  finished: number;
  succeeded: number;
  errors: number;
}

export async function stageCounts(db: Queryable, rollout: { customer_id: string; id: string }) {
  const rows = await db.query<StageCounts>(
    `SELECT stage, count(*)::int AS total,
            count(*) FILTER (WHERE status = 'waiting')::int AS waiting,
            count(*) FILTER (WHERE status IN ('succeeded', 'failed', 'timed-out', 'cancelled'))::int AS finished,
            count(*) FILTER (WHERE status = 'succeeded')::int AS succeeded,
            count(*) FILTER (WHERE status IN ('failed', 'timed-out'))::int AS errors
       FROM firmware_rollout_devices WHERE customer_id = $1 AND rollout_id = $2 GROUP BY stage`,
    [rollout.customer_id, rollout.id],
  );
  const empty = (stage: 1 | 2): StageCounts => ({
    stage,
    total: 0,
    waiting: 0,
    finished: 0,
    succeeded: 0,
    errors: 0,
  });
  return {
    1: rows.find((r) => r.stage === 1) ?? empty(1),
    2: rows.find((r) => r.stage === 2) ?? empty(2),
  };
}

const RUNNING_STATES = "('notified', 'downloading', 'waiting-for-stop', 'installing', 'rebooted')";

/**
 * Devices notified longer than the time-out ago and not finished: timed out (their commands
 * failed, so they are not sent again). Answers how many.
 */
export async function timeOutOverdue(db: Queryable, rollout: RolloutState_, now: Date): Promise<number> {
  const rows = await db.query<{ command_id: string | null }>(
    `UPDATE firmware_rollout_devices SET status = 'timed-out', error = 'time-out', finished_at = $3, updated_at = $3
      WHERE customer_id = $1 AND rollout_id = $2 AND status IN ${RUNNING_STATES}
        AND notified_at + make_interval(mins => $4) < $3
      RETURNING command_id`,
    [rollout.customer_id, rollout.id, now, rollout.device_timeout_minutes],
  );
  await endCommands(
    db,
    rows.map((r) => r.command_id).filter((id): id is string => !!id),
    'time-out',
  );
  return rows.length;
}

/** Devices never notified, when the window ended (timed out) or the rollout was cancelled or stopped. */
export async function endWaiting(
  db: Queryable,
  rollout: { customer_id: string; id: string },
  status: Extract<RolloutDeviceState, 'timed-out' | 'cancelled'>,
  now: Date,
): Promise<number> {
  const rows = await db.query(
    `UPDATE firmware_rollout_devices SET status = $3, error = CASE WHEN $3 = 'timed-out' THEN 'window-ended' END,
            finished_at = $4, updated_at = $4
      WHERE customer_id = $1 AND rollout_id = $2 AND status = 'waiting' RETURNING device_pk`,
    [rollout.customer_id, rollout.id, status, now],
  );
  return rows.length;
}

/** Commands nobody waits for any more: never sent again. */
async function endCommands(db: Queryable, ids: string[], why: string): Promise<void> {
  if (ids.length === 0) return;
  await db.query(
    `UPDATE device_commands SET status = 'failed', error = $2, acknowledged_at = now()
      WHERE id = ANY($1::uuid[]) AND status IN ('queued', 'sent', 'received')`,
    [ids, why],
  );
}

/** How many devices the rollout notified since `since`. */
export async function notifiedSince(db: Queryable, rollout: RolloutState_, since: Date): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM firmware_rollout_devices
      WHERE customer_id = $1 AND rollout_id = $2 AND notified_at > $3`,
    [rollout.customer_id, rollout.id, since],
  );
  return row?.n ?? 0;
}

/** The next devices to notify: waiting, in the stages open now, online, in order. */
export async function nextDevices(
  db: Queryable,
  rollout: RolloutState_,
  limit: number,
): Promise<{ device_pk: string }[]> {
  return db.query<{ device_pk: string }>(
    `SELECT x.device_pk FROM firmware_rollout_devices x
       JOIN device_states s ON s.device_pk = x.device_pk AND s.customer_id = x.customer_id
      WHERE x.customer_id = $1 AND x.rollout_id = $2 AND x.status = 'waiting' AND x.stage <= $3 AND s.online
      ORDER BY x.position LIMIT $4`,
    [rollout.customer_id, rollout.id, rollout.stage, limit],
  );
}

/**
 * Queues one firmware-update command per device (with the same message but its own id) and marks
 * the devices notified, in the caller's transaction. Answers the devices whose command is queued.
 */
export async function notifyDevices(
  tx: Queryable,
  rollout: RolloutState_,
  devicePks: string[],
  params: Record<string, unknown>,
  now: Date,
): Promise<string[]> {
  if (devicePks.length === 0) return [];
  const rows = await tx.query<{ device_pk: string }>(
    `WITH chosen AS (
       SELECT x.device_pk, gen_random_uuid() AS command_id FROM firmware_rollout_devices x
        WHERE x.customer_id = $1 AND x.rollout_id = $2 AND x.device_pk = ANY($3::uuid[]) AND x.status = 'waiting'
        FOR UPDATE),
     commands AS (
       INSERT INTO device_commands (id, device_pk, customer_id, type, params, created_at)
       SELECT command_id, device_pk, $1, 'firmware-update', $4::jsonb, $5 FROM chosen)
     UPDATE firmware_rollout_devices x SET status = 'notified', command_id = chosen.command_id, notified_at = $5,
            updated_at = $5
       FROM chosen WHERE x.customer_id = $1 AND x.rollout_id = $2 AND x.device_pk = chosen.device_pk
     RETURNING x.device_pk`,
    [rollout.customer_id, rollout.id, devicePks, JSON.stringify(params), now],
  );
  await tx.query('UPDATE firmware_rollouts SET last_notified_at = $3 WHERE customer_id = $1 AND id = $2', [
    rollout.customer_id,
    rollout.id,
    now,
  ]);
  return rows.map((r) => r.device_pk);
}

/**
 * What the devices answered on their firmware-update commands, onto their rollout rows: the step
 * and percent while it runs; completed with the firmware's version (succeeded, the device's
 * firmware recorded), completed with another version or failed (failed). A command answers only
 * for the device it was sent to (the link stores an answer only from that device), and a row takes
 * only its own command's answer. Answers the rollouts changed.
 */
export async function applyAnswers(db: Queryable, commandIds: readonly string[]): Promise<string[]> {
  if (commandIds.length === 0) return [];
  const rows = await db.query<{ rollout_id: string }>(
    `WITH answered AS (
       SELECT c.id, c.device_pk, c.customer_id, x.rollout_id, c.status, c.error, c.result->'firmware' AS fw, f.version
         FROM device_commands c
         JOIN firmware_rollout_devices x ON x.command_id = c.id AND x.device_pk = c.device_pk AND x.customer_id = c.customer_id
         JOIN firmware_rollouts r ON r.customer_id = x.customer_id AND r.id = x.rollout_id
         JOIN firmwares f ON f.id = r.firmware_id
        WHERE c.id = ANY($1::uuid[]) AND c.type = 'firmware-update'),
     judged AS (
       SELECT a.*, CASE
           WHEN a.status = 'completed' AND a.fw->>'version' IS NOT NULL
                AND substring(a.fw->>'version' FROM '[0-9]+')::int = a.version THEN 'succeeded'
           WHEN a.status = 'completed' THEN 'failed'
           WHEN a.status = 'failed' THEN 'failed'
           WHEN a.fw->>'step' IS NOT NULL THEN a.fw->>'step'
           ELSE NULL END AS next
         FROM answered a),
     moved AS (
       UPDATE firmware_rollout_devices x SET
              status = j.next,
              progress = CASE WHEN j.fw ? 'percent' THEN (j.fw->>'percent')::int
                              WHEN j.next IN ('installing', 'rebooted', 'succeeded') THEN 100 ELSE x.progress END,
              reported_version = coalesce(j.fw->>'version', x.reported_version),
              error = CASE WHEN j.next = 'failed' THEN coalesce(j.fw->>'failure',
                             CASE WHEN j.status = 'completed' THEN 'wrong-version' END, j.error, 'failed') END,
              finished_at = CASE WHEN j.next IN ('succeeded', 'failed') THEN now() END,
              updated_at = now()
         FROM judged j
        WHERE x.customer_id = j.customer_id AND x.rollout_id = j.rollout_id AND x.device_pk = j.device_pk
          AND x.command_id = j.id AND j.next IS NOT NULL
          AND x.status IN ${RUNNING_STATES}
        RETURNING x.rollout_id, x.device_pk, x.customer_id, x.status, x.reported_version)
     , recorded AS (
       UPDATE devices d SET firmware = m.reported_version
         FROM moved m WHERE m.status = 'succeeded' AND d.id = m.device_pk AND d.customer_id = m.customer_id
       RETURNING d.id)
     SELECT DISTINCT rollout_id FROM moved`,
    [commandIds],
  );
  return rows.map((r) => r.rollout_id);
}

interface RolloutRow extends RolloutSettings {
  id: string;
  firmware_id: string;
  file_name: string;
  device_type: 'dv426' | 'dv456';
  version: number;
  customer_id: string;
  customer_name: string;
  target: 'devices' | 'groups';
  immediate: boolean;
  time_zone: string;
  status: RolloutState;
  stage: number;
  status_reason: string | null;
  total_devices: number;
  finished_devices: number;
  succeeded_devices: number;
  failed_devices: number;
  created_by_id: string | null;
  created_by_name: string | null;
  created_at: Date;
}

const ROLLOUT_SELECT = `SELECT r.id, r.firmware_id, f.file_name, f.device_type, f.version, r.customer_id, c.name AS customer_name,
    r.target, r.immediate, r.starts_at, r.ends_at, r.time_zone, r.first_stage_size, r.success_threshold,
    r.error_threshold, r.error_action, r.rate_per_minute, r.device_timeout_minutes, r.status, r.stage,
    r.status_reason, n.total_devices, n.finished_devices, n.succeeded_devices, n.failed_devices,
    u.id AS created_by_id, ${personName('u')} AS created_by_name, r.created_at
  FROM firmware_rollouts r
  JOIN firmwares f ON f.id = r.firmware_id
  JOIN customers c ON c.id = r.customer_id
  LEFT JOIN users u ON u.id = r.created_by
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS total_devices,
           count(*) FILTER (WHERE x.status IN ('succeeded', 'failed', 'timed-out', 'cancelled'))::int AS finished_devices,
           count(*) FILTER (WHERE x.status = 'succeeded')::int AS succeeded_devices,
           count(*) FILTER (WHERE x.status IN ('failed', 'timed-out'))::int AS failed_devices
      FROM firmware_rollout_devices x WHERE x.customer_id = r.customer_id AND x.rollout_id = r.id) n`;

const toRollout = (row: RolloutRow): Rollout => ({
  id: row.id,
  firmware: {
    id: row.firmware_id,
    file_name: row.file_name,
    device_type: row.device_type,
    version: row.version,
  },
  customer: { id: row.customer_id, name: row.customer_name },
  target: row.target,
  immediate: row.immediate,
  starts_at: iso(row.starts_at) ?? '',
  ends_at: iso(row.ends_at) ?? '',
  time_zone: row.time_zone,
  first_stage_size: row.first_stage_size,
  success_threshold: row.success_threshold,
  error_threshold: row.error_threshold,
  error_action: row.error_action,
  rate_per_minute: row.rate_per_minute,
  device_timeout_minutes: row.device_timeout_minutes,
  status: row.status,
  stage: row.stage,
  status_reason: row.status_reason,
  total_devices: row.total_devices,
  finished_devices: row.finished_devices,
  succeeded_devices: row.succeeded_devices,
  failed_devices: row.failed_devices,
  created_by: row.created_by_id ? { id: row.created_by_id, name: row.created_by_name ?? '' } : null,
  created_at: iso(row.created_at) ?? '',
});

export async function rolloutById(db: Queryable, scope: Scoped, id: string): Promise<Rollout | undefined> {
  const [row] = await db.query<RolloutRow>(
    `${ROLLOUT_SELECT} WHERE r.id = $1 AND ${scope.inScope('r.customer_id', 2)}`,
    [id, scope.customerIds],
  );
  return row ? toRollout(row) : undefined;
}

const ROLLOUT_ORDER: Ordering = {
  alias: 'r',
  plain: ['created_at', 'starts_at', 'status'],
  fallback: 'created_at',
  descending: true,
};

export async function listRollouts(
  db: Queryable,
  scope: Scoped,
  query: ListQuery & { firmware_id?: string | undefined; status?: string | undefined },
) {
  const where = `WHERE ${scope.inScope('r.customer_id', 1)} AND ($2::uuid IS NULL OR r.firmware_id = $2)
      AND ($3::text IS NULL OR r.status = $3)`;
  return pageRows<RolloutRow, Rollout>(
    db,
    { select: ROLLOUT_SELECT, count: 'FROM firmware_rollouts r', where, order: ROLLOUT_ORDER },
    [scope.customerIds, query.firmware_id ?? null, query.status ?? null],
    query,
    toRollout,
  );
}

interface RolloutDeviceRow {
  rollout_id: string;
  device_pk: string;
  device_id: string;
  vehicle_id: string | null;
  vehicle_name: string | null;
  firmware_id: string;
  file_name: string;
  version: number;
  stage: number;
  status: RolloutDeviceState;
  progress: number | null;
  from_version: string | null;
  reported_version: string | null;
  error: string | null;
  notified_at: Date | null;
  updated_at: Date;
  finished_at: Date | null;
}

const DEVICE_SELECT = `SELECT x.rollout_id, x.device_pk, d.device_id, v.id AS vehicle_id, v.name AS vehicle_name,
    f.id AS firmware_id, f.file_name, f.version, x.stage, x.status, x.progress, x.from_version, x.reported_version,
    x.error, x.notified_at, x.updated_at, x.finished_at
  FROM firmware_rollout_devices x
  JOIN firmware_rollouts r ON r.customer_id = x.customer_id AND r.id = x.rollout_id
  JOIN firmwares f ON f.id = r.firmware_id
  JOIN devices d ON d.customer_id = x.customer_id AND d.id = x.device_pk
  LEFT JOIN vehicles v ON v.customer_id = d.customer_id AND v.id = d.vehicle_id`;

const toRolloutDevice = (row: RolloutDeviceRow): RolloutDevice => ({
  rollout_id: row.rollout_id,
  device: { id: row.device_pk, device_id: row.device_id },
  vehicle: row.vehicle_id ? { id: row.vehicle_id, name: row.vehicle_name ?? '' } : null,
  firmware: { id: row.firmware_id, file_name: row.file_name, version: row.version },
  stage: row.stage,
  status: row.status,
  progress: row.progress,
  from_version: row.from_version,
  reported_version: row.reported_version,
  error: row.error,
  notified_at: iso(row.notified_at),
  updated_at: iso(row.updated_at) ?? '',
  finished_at: iso(row.finished_at),
});

// The device's id breaks ties (a rollout's rows have none of their own).
const DEVICE_ORDER: Ordering = {
  alias: 'd',
  by: { position: 'x.position', status: 'x.status', updated_at: 'x.updated_at' },
  fallback: 'position',
};

export async function rolloutDevices(
  db: Queryable,
  rollout: { customer_id: string; id: string },
  query: ListQuery & { status?: string | undefined },
) {
  return pageRows<RolloutDeviceRow, RolloutDevice>(
    db,
    {
      select: DEVICE_SELECT,
      count: 'FROM firmware_rollout_devices x',
      where: `WHERE x.customer_id = $1 AND x.rollout_id = $2 AND ($3::text IS NULL OR x.status = $3)`,
      order: DEVICE_ORDER,
    },
    [rollout.customer_id, rollout.id, query.status ?? null],
    query,
    toRolloutDevice,
  );
}

/** A device's updates, newest first (the device's update log). */
export async function deviceUpdates(db: Queryable, scope: Scoped, devicePk: string, query: ListQuery) {
  return pageRows<RolloutDeviceRow, RolloutDevice>(
    db,
    {
      select: DEVICE_SELECT,
      count: 'FROM firmware_rollout_devices x',
      where: `WHERE x.device_pk = $1 AND ${scope.inScope('x.customer_id', 2)}`,
      order: { alias: 'd', by: { updated_at: 'x.updated_at' }, fallback: 'updated_at', descending: true },
    },
    [devicePk, scope.customerIds],
    query,
    toRolloutDevice,
  );
}

export async function deviceInScope(db: Queryable, scope: Scoped, devicePk: string): Promise<boolean> {
  const rows = await db.query(`SELECT 1 FROM devices WHERE id = $1 AND ${scope.inScope('customer_id', 2)}`, [
    devicePk,
    scope.customerIds,
  ]);
  return rows.length > 0;
}
