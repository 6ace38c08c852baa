// The SQL of live camera views (service.ts holds the rules): the company's limits with the month
// rolled over, one stream per device while anybody watches, the views and their counted time.
import type { LiveEndReason, LiveLimits, LiveViewListQuery, LiveViewRecord } from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import { firstRow, personName } from '../../platform/rows.repository.ts';

/**
 * SQL: this month's remaining time of the customer aliased `c` (a new month starts from the
 * maximum). The customer's own page reads it too, so a month nobody has watched in yet shows the
 * maximum rather than what was left last month.
 */
export const REMAINING = (c: string) =>
  `CASE WHEN ${c}.live_remaining_month < date_trunc('month', now() AT TIME ZONE 'UTC')::date
        THEN ${c}.live_monthly_max_seconds ELSE ${c}.live_remaining_seconds END`;

export interface CustomerLive extends LiveLimits {
  functions: string[];
}

export async function customerLive(db: Queryable, customerId: string): Promise<CustomerLive> {
  const [row] = await db.query<CustomerLive>(
    `SELECT c.functions, c.live_continuous_seconds AS continuous_seconds,
            c.live_monthly_max_seconds AS monthly_max_seconds, ${REMAINING('c')} AS remaining_seconds
       FROM customers c WHERE c.id = $1`,
    [customerId],
  );
  if (!row) throw new Error(`customer ${customerId} not found`);
  return row;
}

/** Takes `seconds` off the customer's remaining time of this month; answers what remains. */
export async function spendRemaining(db: Queryable, customerId: string, seconds: number): Promise<number> {
  const [row] = await db.query<{ remaining: number }>(
    `UPDATE customers c SET live_remaining_seconds = greatest(0, ${REMAINING('c')} - $2::int),
            live_remaining_month = date_trunc('month', now() AT TIME ZONE 'UTC')::date
      WHERE c.id = $1 RETURNING c.live_remaining_seconds AS remaining`,
    [customerId, Math.ceil(seconds)],
  );
  return row?.remaining ?? 0;
}

export interface StreamRow {
  device_pk: string;
  stream_key: string;
  cameras: number;
  requested_at: string;
}

export async function streamOf(db: Queryable, devicePk: string): Promise<StreamRow | undefined> {
  const [row] = await db.query<StreamRow>(
    `SELECT device_pk, stream_key, cameras, requested_at::text FROM live_streams WHERE device_pk = $1`,
    [devicePk],
  );
  return row;
}

export async function insertStream(
  db: Queryable,
  stream: { devicePk: string; customerId: string; key: string; cameras: number },
): Promise<void> {
  await db.query(
    `INSERT INTO live_streams (device_pk, customer_id, stream_key, cameras) VALUES ($1, $2, $3, $4)`,
    [stream.devicePk, stream.customerId, stream.key, stream.cameras],
  );
}

export async function deleteStream(db: Queryable, devicePk: string): Promise<void> {
  await db.query('DELETE FROM live_streams WHERE device_pk = $1', [devicePk]);
}

/** The device came back after it was asked to publish: it is asked again (answers whether it was). */
export async function restartIfReconnected(db: Queryable, devicePk: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE live_streams l SET requested_at = now()
       FROM device_states s
      WHERE l.device_pk = $1 AND s.device_pk = l.device_pk AND s.customer_id = l.customer_id AND s.online
        AND s.connection_changed_at > l.requested_at
      RETURNING l.device_pk`,
    [devicePk],
  );
  return rows.length > 0;
}

/** Streams nobody watches any more, taken off the table (one replica gets each). */
export async function takeUnwatchedStreams(
  db: Queryable,
): Promise<{ device_pk: string; customer_id: string; stream_key: string }[]> {
  return db.query(
    `DELETE FROM live_streams l
      WHERE NOT EXISTS (SELECT 1 FROM live_camera_views v WHERE v.device_pk = l.device_pk AND v.ended_at IS NULL)
      RETURNING l.device_pk, l.customer_id, l.stream_key`,
  );
}

export interface ViewRow {
  id: string;
  customer_id: string;
  vehicle_id: string | null;
  device_pk: string | null;
  stream_key: string;
  cameras: number;
  allowed_seconds: number;
  watched_seconds: number;
  started_at: string;
  ended_at: string | null;
  end_reason: LiveEndReason | null;
  online: boolean;
}

const VIEW_COLUMNS = `v.id, v.customer_id, v.vehicle_id, v.device_pk, v.stream_key, v.cameras, v.allowed_seconds,
  v.watched_seconds, ${iso('v.started_at')} AS started_at, ${iso('v.ended_at')} AS ended_at, v.end_reason,
  coalesce(s.online, false) AS online`;

function iso(column: string) {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** A view in the caller's scope, locked for the transaction when `lock`. */
export const viewOf = (db: Queryable, scope: Scoped, id: string, lock = false) =>
  firstRow<ViewRow>(
    db,
    `SELECT ${VIEW_COLUMNS} FROM live_camera_views v LEFT JOIN device_states s ON s.device_pk = v.device_pk AND s.customer_id = v.customer_id
      WHERE v.id = $2 AND ${scope.inScope('v.customer_id', 1)}${lock ? ' FOR UPDATE OF v' : ''}`,
    [scope.customerIds, id],
  );

export async function insertView(
  db: Queryable,
  view: {
    customerId: string;
    vehicleId: string;
    vehicleName: string;
    devicePk: string;
    streamKey: string;
    userId: string;
    userName: string;
    cameras: number;
    allowedSeconds: number;
    /** The server's clock (ms), which measures the view's time from here on. */
    startedAt: number;
  },
): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO live_camera_views (customer_id, vehicle_id, vehicle_name, device_pk, stream_key, user_id, user_name,
                                    cameras, allowed_seconds, started_at, counted_until, seen_at)
     SELECT $1, $2, $3, $4, $5, $6, coalesce((SELECT ${personName('u')} FROM users u WHERE u.id = $6), $7), $8, $9, t, t, t
       FROM to_timestamp($10::float8 / 1000) t
     RETURNING id`,
    [
      view.customerId,
      view.vehicleId,
      view.vehicleName,
      view.devicePk,
      view.streamKey,
      view.userId,
      view.userName,
      view.cameras,
      view.allowedSeconds,
      view.startedAt,
    ],
  );
  return (row as { id: string }).id;
}

/** A view that has not ended: its stream key (the stream route opens its streams only). */
export async function viewPlays(db: Queryable, id: string): Promise<{ stream_key: string } | undefined> {
  const [row] = await db.query<{ stream_key: string }>(
    `SELECT stream_key FROM live_camera_views WHERE id = $1 AND ended_at IS NULL`,
    [id],
  );
  return row;
}

export async function listViews(
  db: Queryable,
  scope: Scoped,
  query: LiveViewListQuery,
): Promise<{ list: LiveViewRecord[]; total: number }> {
  const where = `${scope.inScope('v.customer_id', 1)} AND ($2::uuid IS NULL OR v.vehicle_id = $2)`;
  const params = [scope.customerIds, query.vehicle_id ?? null];
  const [count] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM live_camera_views v WHERE ${where}`,
    params,
  );
  const list = await db.query<LiveViewRecord>(
    `SELECT v.id, v.customer_id, v.vehicle_id, v.vehicle_name, v.user_name, v.cameras,
            ${iso('v.started_at')} AS started_at, ${iso('v.ended_at')} AS ended_at, v.end_reason,
            round(v.watched_seconds::numeric, 1)::float8 AS watched_seconds
       FROM live_camera_views v WHERE ${where}
      ORDER BY v.started_at DESC, v.id LIMIT $3 OFFSET $4`,
    [...params, query.perPage, (query.page - 1) * query.perPage],
  );
  return { list, total: count?.total ?? 0 };
}
