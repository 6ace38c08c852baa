// The device link's SQL. Writes take arrays and insert with unnest, so one statement stores a
// whole batch; every insert of device data is ON CONFLICT DO NOTHING on its idempotency key and
// RETURNs only the rows it really added, so duplicates are dropped and never pushed live twice.
import type {
  DeviceCommandAck,
  DeviceEvent,
  DevicePosition,
  DeviceSignOn,
  DeviceStatus,
} from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';

/** A registered device as the link needs it. */
export interface LinkedDevice {
  pk: string;
  deviceId: string;
  customerId: string;
  vehicleId: string | null;
}

export async function findLinkedDevice(db: Queryable, deviceId: string): Promise<LinkedDevice | undefined> {
  const [row] = await db.query<LinkedDevice>(
    `SELECT id AS "pk", device_id AS "deviceId", customer_id AS "customerId", vehicle_id AS "vehicleId"
       FROM devices WHERE device_id = $1`,
    [deviceId],
  );
  return row;
}

export interface Stored<T> {
  device: LinkedDevice;
  body: T;
}

const ts = (v: string) => new Date(v).toISOString();

/**
 * Inserts positions; answers those that were new (not duplicates). The batch travels as one JSON
 * document rather than twelve arrays: the driver escapes every array element in JavaScript, which
 * cost the ingestion more than the rest of its work (npm run bench:ingest).
 */
export async function insertPositions(
  db: Queryable,
  items: Stored<DevicePosition>[],
): Promise<Stored<DevicePosition>[]> {
  if (items.length === 0) return [];
  const rows = await db.query<{ device_pk: string; message_id: string }>(
    `INSERT INTO device_positions
       (device_pk, message_id, customer_id, vehicle_id, time, lat, lng, speed, direction, altitude, satellites, hdop)
     SELECT p, m, c, v, t, la, ln, sp, di, al, sa, hd
       FROM json_to_recordset($1::json) AS r(p uuid, m text, c uuid, v uuid, t timestamptz, la float8, ln float8,
                                             sp real, di real, al real, sa smallint, hd real)
     ON CONFLICT DO NOTHING
     RETURNING device_pk, message_id`,
    [
      JSON.stringify(
        items.map(({ device, body }) => ({
          p: device.pk,
          m: body.id,
          c: device.customerId,
          v: device.vehicleId,
          t: ts(body.time),
          la: body.lat,
          ln: body.lng,
          sp: body.speed,
          di: body.direction,
          al: body.altitude,
          sa: body.satellites,
          hd: body.hdop,
        })),
      ),
    ],
  );
  const added = new Set(rows.map((r) => `${r.device_pk}/${r.message_id}`));
  return items.filter((i) => added.delete(`${i.device.pk}/${i.body.id}`));
}

/**
 * Vehicles' last position (vehicles.last_*) is refreshed at most this often: device_states holds
 * the newest position of every device; the vehicle's copy is for the vehicle screens, and updating
 * the wide, many-indexed vehicles row for every position cost PostgreSQL more than storing the
 * position itself (npm run bench:ingest).
 */
const VEHICLE_POSITION_EVERY = '60 seconds';

/**
 * Keeps each device's last position: only a newer position replaces it. Its vehicle's copy
 * follows at most every VEHICLE_POSITION_EVERY.
 */
export async function updateLastPositions(db: Queryable, latest: Stored<DevicePosition>[]): Promise<void> {
  if (latest.length === 0) return;
  const params = [
    latest.map((i) => i.device.pk),
    latest.map((i) => i.device.customerId),
    latest.map((i) => ts(i.body.time)),
    latest.map((i) => i.body.lat),
    latest.map((i) => i.body.lng),
    latest.map((i) => i.body.speed),
    latest.map((i) => i.body.direction),
    latest.map((i) => i.device.vehicleId),
  ];
  await db.query(
    `INSERT INTO device_states AS s (device_pk, customer_id, position_time, lat, lng, speed, direction)
     SELECT p, c, t, la, ln, sp, di
       FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[], $4::float8[], $5::float8[], $6::real[], $7::real[])
         AS u(p, c, t, la, ln, sp, di)
     ON CONFLICT (device_pk, customer_id) DO UPDATE
        SET position_time = EXCLUDED.position_time, lat = EXCLUDED.lat, lng = EXCLUDED.lng,
            speed = EXCLUDED.speed, direction = EXCLUDED.direction, updated_at = now()
      WHERE s.position_time IS NULL OR s.position_time < EXCLUDED.position_time`,
    params.slice(0, 7),
  );
  await db.query(
    `UPDATE vehicles v SET last_latitude = u.la, last_longitude = u.ln, last_position_at = u.t
       FROM unnest($1::uuid[], $2::timestamptz[], $3::float8[], $4::float8[]) AS u(vid, t, la, ln)
      WHERE v.id = u.vid
        AND (v.last_position_at IS NULL OR v.last_position_at < u.t - interval '${VEHICLE_POSITION_EVERY}')`,
    [params[7], params[2], params[3], params[4]],
  );
}

/** The operator holding an RFID card now (within the device's customer), as SQL. */
const OPERATOR_OF_CARD = `(SELECT ra.operator_id FROM rfids r
    JOIN rfid_assignments ra ON ra.rfid_id = r.id AND ra.customer_id = r.customer_id AND ra.assigned_till IS NULL
   WHERE r.customer_id = u.c AND r.rfid = u.rfid)`;

/** The event's values that are stored as the device sent them, in the order of their parameters ($7…$18). */
const EVENT_VALUES = [
  'type',
  'lat',
  'lng',
  'speed',
  'direction',
  'gx',
  'gy',
  'gz',
  'roll',
  'pitch',
  'yaw',
  'cameras',
] as const satisfies readonly (keyof DeviceEvent)[];

export async function insertEvents(
  db: Queryable,
  items: Stored<DeviceEvent>[],
): Promise<(Stored<DeviceEvent> & { operatorId: string | null; eventId: string })[]> {
  if (items.length === 0) return [];
  const col = <T>(pick: (e: DeviceEvent) => T) => items.map((i) => pick(i.body));
  const rows = await db.query<{
    id: string;
    device_pk: string;
    message_id: string;
    operator_id: string | null;
  }>(
    `INSERT INTO device_events (device_pk, message_id, customer_id, vehicle_id, rfid, operator_id, time, type,
                                lat, lng, speed, direction, gx, gy, gz, roll, pitch, yaw, cameras, camera_ids)
     SELECT u.p, u.m, u.c, u.v, u.rfid, ${OPERATOR_OF_CARD}, u.t, u.ty, u.la, u.ln, u.sp, u.di,
            u.gx, u.gy, u.gz, u.ro, u.pi, u.ya, u.ca, string_to_array(u.ci, ',')
       FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::uuid[], $5::text[], $6::timestamptz[], $7::text[],
                   $8::float8[], $9::float8[], $10::real[], $11::real[], $12::real[], $13::real[], $14::real[],
                   $15::real[], $16::real[], $17::real[], $18::smallint[], $19::text[])
         AS u(p, m, c, v, rfid, t, ty, la, ln, sp, di, gx, gy, gz, ro, pi, ya, ca, ci)
     ON CONFLICT DO NOTHING
     RETURNING id, device_pk, message_id, operator_id`,
    [
      items.map((i) => i.device.pk),
      col((e) => e.id),
      items.map((i) => i.device.customerId),
      items.map((i) => i.device.vehicleId),
      col((e) => e.rfid),
      col((e) => ts(e.time)),
      ...EVENT_VALUES.map((field) => col((e) => e[field])),
      col((e) => e.camera_ids.map((c) => c.replaceAll(',', '')).join(',')),
    ],
  );
  const added = new Map(rows.map((r) => [`${r.device_pk}/${r.message_id}`, r]));
  const stored = items.flatMap((i) => {
    const row = added.get(`${i.device.pk}/${i.body.id}`);
    return row ? [{ ...i, operatorId: row.operator_id, eventId: row.id }] : [];
  });
  await insertEventSamples(db, stored);
  return stored;
}

/** The new events' sensor readings, in time order (a device may send them in any order). */
async function insertEventSamples(
  db: Queryable,
  events: { eventId: string; device: LinkedDevice; body: DeviceEvent }[],
): Promise<void> {
  const withSamples = events.filter((e) => e.body.samples.length > 0);
  if (withSamples.length === 0) return;
  await db.query(
    `INSERT INTO device_event_samples (customer_id, event_id, samples)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::jsonb[]) ON CONFLICT DO NOTHING`,
    [
      withSamples.map((e) => e.device.customerId),
      withSamples.map((e) => e.eventId),
      withSamples.map((e) => JSON.stringify(e.body.samples.toSorted((a, b) => a.offset_ms - b.offset_ms))),
    ],
  );
}

/** Stores sign-ons and sign-offs; the newest one of each device sets its current operator. */
export async function insertSignOns(db: Queryable, items: Stored<DeviceSignOn>[]): Promise<string[]> {
  if (items.length === 0) return [];
  const rows = await db.query<{ device_pk: string }>(
    `WITH added AS (
       INSERT INTO operator_sign_ons (device_pk, message_id, customer_id, vehicle_id, action, rfid, operator_id, time)
       SELECT u.p, u.m, u.c, u.v, u.a, u.rfid, ${OPERATOR_OF_CARD}, u.t
         FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::uuid[], $5::text[], $6::text[], $7::timestamptz[])
           AS u(p, m, c, v, a, rfid, t)
       ON CONFLICT DO NOTHING
       RETURNING device_pk, customer_id, action, rfid, operator_id, time
     ), newest AS (
       SELECT DISTINCT ON (device_pk) * FROM added ORDER BY device_pk, time DESC
     )
     INSERT INTO device_states AS s (device_pk, customer_id, rfid, operator_id, signed_on_at)
     SELECT device_pk, customer_id,
            CASE WHEN action = 'sign-on' THEN rfid END, CASE WHEN action = 'sign-on' THEN operator_id END, time
       FROM newest
     ON CONFLICT (device_pk, customer_id) DO UPDATE
        SET rfid = EXCLUDED.rfid, operator_id = EXCLUDED.operator_id, signed_on_at = EXCLUDED.signed_on_at,
            updated_at = now()
      WHERE s.signed_on_at IS NULL OR s.signed_on_at <= EXCLUDED.signed_on_at
     RETURNING device_pk`,
    [
      items.map((i) => i.device.pk),
      items.map((i) => i.body.id),
      items.map((i) => i.device.customerId),
      items.map((i) => i.device.vehicleId),
      items.map((i) => i.body.action),
      items.map((i) => i.body.rfid),
      items.map((i) => ts(i.body.time)),
    ],
  );
  return rows.map((r) => r.device_pk);
}

/**
 * SQL run before a device_states write (CTEs): records a change of connection (parameter
 * `online`, at the receive time) and of motion (parameter `motion`, at the device's time `time`)
 * in the state history. A motion is recorded when it differs from the one recorded before its
 * time, so a resend adds nothing and a late report lands in its place. $1 device, $2 customer.
 */
const recordChanges = (p: { online: number; vehicle: number; motion?: number; time?: number }) => {
  const head = `before AS (SELECT online FROM device_states WHERE customer_id = $2 AND device_pk = $1),
  connection_change AS (
    INSERT INTO device_state_changes (device_pk, customer_id, vehicle_id, kind, state, time)
    SELECT $1::uuid, $2::uuid, $${p.vehicle}::uuid, 'connection',
           CASE WHEN $${p.online}::boolean THEN 'online' ELSE 'offline' END, now()
     WHERE $${p.online}::boolean IS NOT NULL AND (SELECT online FROM before) IS DISTINCT FROM $${p.online}::boolean
  )`;
  if (p.motion === undefined || p.time === undefined) return head;
  const [motion, time] = [`$${p.motion}::text`, `$${p.time}::timestamptz`];
  return `${head},
  motion_change AS (
    INSERT INTO device_state_changes (device_pk, customer_id, vehicle_id, kind, state, time)
    SELECT $1::uuid, $2::uuid, $${p.vehicle}::uuid, 'motion', ${motion}, ${time}
     WHERE ${motion} IS NOT NULL AND (SELECT c.state FROM device_state_changes c
             WHERE c.customer_id = $2 AND c.device_pk = $1 AND c.kind = 'motion' AND c.time <= ${time}
             ORDER BY c.time DESC, c.id DESC LIMIT 1) IS DISTINCT FROM ${motion}
  )`;
};

/**
 * Applies status messages: each field only when newer than what is stored, so a late or resent
 * message never rolls a state back. Connection is what the server saw last (receive order).
 * Changes of connection and motion go into the state history (recordChanges).
 */
export async function applyStatus(db: Queryable, item: Stored<DeviceStatus>): Promise<boolean> {
  const { device, body } = item;
  const rows = await db.query(
    `WITH ${recordChanges({ online: 3, motion: 4, time: 6, vehicle: 8 })}
     INSERT INTO device_states AS s (device_pk, customer_id, online, connection_changed_at, motion, motion_at,
                                     motion_changed_at, hour_meter, hour_meter_at, firmware)
     VALUES ($1, $2, coalesce($3, false), CASE WHEN $3::boolean IS NULL THEN NULL ELSE now() END,
             $4, CASE WHEN $4::text IS NULL THEN NULL ELSE $6::timestamptz END,
             CASE WHEN $4::text IS NULL THEN NULL ELSE $6::timestamptz END,
             $5, CASE WHEN $5::float8 IS NULL THEN NULL ELSE $6::timestamptz END, $7)
     ON CONFLICT (device_pk, customer_id) DO UPDATE SET
       online = coalesce($3, s.online),
       connection_changed_at = CASE WHEN $3::boolean IS NULL OR $3 = s.online THEN s.connection_changed_at ELSE now() END,
       motion = CASE WHEN $4::text IS NOT NULL AND (s.motion_at IS NULL OR s.motion_at <= $6) THEN $4 ELSE s.motion END,
       motion_at = CASE WHEN $4::text IS NOT NULL AND (s.motion_at IS NULL OR s.motion_at <= $6) THEN $6 ELSE s.motion_at END,
       motion_changed_at = CASE WHEN $4::text IS NOT NULL AND (s.motion_at IS NULL OR s.motion_at <= $6)
                                 AND s.motion IS DISTINCT FROM $4 THEN $6 ELSE s.motion_changed_at END,
       hour_meter = CASE WHEN $5::float8 IS NOT NULL AND (s.hour_meter_at IS NULL OR s.hour_meter_at <= $6) THEN $5 ELSE s.hour_meter END,
       hour_meter_at = CASE WHEN $5::float8 IS NOT NULL AND (s.hour_meter_at IS NULL OR s.hour_meter_at <= $6) THEN $6 ELSE s.hour_meter_at END,
       firmware = coalesce($7, s.firmware),
       updated_at = now()
     RETURNING device_pk`,
    [
      device.pk,
      device.customerId,
      body.connection === undefined ? null : body.connection === 'online',
      body.motion ?? null,
      body.hour_meter ?? null,
      ts(body.time),
      body.firmware ?? null,
      device.vehicleId,
    ],
  );
  // The vehicle's cumulative uptime is the device's hour meter (docs/decisions/2026-11-23-vehicle-registry.md),
  // when this message's reading is the newest one.
  if (body.hour_meter !== undefined && device.vehicleId)
    await db.query(
      `UPDATE vehicles SET cumulative_uptime_hours = $1
        WHERE id = $2 AND EXISTS (SELECT 1 FROM device_states
                                   WHERE customer_id = $5 AND device_pk = $3 AND hour_meter_at = $4)`,
      [body.hour_meter, device.vehicleId, device.pk, ts(body.time), device.customerId],
    );
  return rows.length > 0;
}

/** Marks a device connected or not, as the embedded broker saw it (a change goes into the history). */
export async function setOnline(db: Queryable, device: LinkedDevice, online: boolean): Promise<void> {
  await db.query(
    `WITH ${recordChanges({ online: 3, vehicle: 4 })}
     INSERT INTO device_states AS s (device_pk, customer_id, online, connection_changed_at)
     VALUES ($1, $2, $3, now())
     ON CONFLICT (device_pk, customer_id) DO UPDATE
        SET online = $3, connection_changed_at = CASE WHEN s.online = $3 THEN s.connection_changed_at ELSE now() END,
            updated_at = now()`,
    [device.pk, device.customerId, online, device.vehicleId],
  );
}

/**
 * A device's acknowledgement moves its command forward (never backward: completed stays), and
 * the device's threshold state with it; a completed reading keeps the values the device read.
 */
export async function applyCommandAck(db: Queryable, item: Stored<DeviceCommandAck>): Promise<void> {
  const { device, body } = item;
  const result = body.thresholds
    ? { thresholds: body.thresholds }
    : body.video || body.reason
      ? { video: body.video ?? null, reason: body.reason ?? null }
      : body.firmware
        ? { firmware: body.firmware }
        : null;
  // A video-upload's answer (what was uploaded, or why not) is kept for the clip job
  // (modules/events/clipJob.ts), which checks the object itself.
  await db.query(
    `WITH acked AS (
       UPDATE device_commands
          SET status = $3, acknowledged_at = $4, result = coalesce($5::jsonb, result), error = coalesce($6, error)
        WHERE id = $1 AND device_pk = $2
          AND status NOT IN ('completed', 'failed')
          -- A second 'received' changes nothing, unless it reports progress (a firmware update's
          -- steps), and then only when it is newer than the last answer.
          AND NOT (status = 'received' AND $3 = 'received'
                   AND ($5::jsonb IS NULL OR acknowledged_at > $4))
        RETURNING type, status
     )
     UPDATE devices d SET
       threshold_state = CASE
         WHEN acked.status = 'completed' AND acked.type = 'threshold-read' THEN 'reading-completed'
         WHEN acked.status = 'completed' AND acked.type = 'threshold-write' THEN 'sending-completed'
         ELSE d.threshold_state END,
       acceleration_threshold = CASE WHEN acked.type = 'threshold-read' AND $7::float8 IS NOT NULL THEN $7 ELSE acceleration_threshold END,
       acceleration_duration = CASE WHEN acked.type = 'threshold-read' AND $8::int IS NOT NULL THEN $8 ELSE acceleration_duration END,
       deceleration_threshold = CASE WHEN acked.type = 'threshold-read' AND $9::float8 IS NOT NULL THEN $9 ELSE deceleration_threshold END,
       deceleration_duration = CASE WHEN acked.type = 'threshold-read' AND $10::int IS NOT NULL THEN $10 ELSE deceleration_duration END,
       impact_threshold = CASE WHEN acked.type = 'threshold-read' AND $11::float8 IS NOT NULL THEN $11 ELSE impact_threshold END,
       impact_duration = CASE WHEN acked.type = 'threshold-read' AND $12::int IS NOT NULL THEN $12 ELSE impact_duration END,
       quick_handle_threshold = CASE WHEN acked.type = 'threshold-read' AND $13::float8 IS NOT NULL THEN $13 ELSE quick_handle_threshold END,
       quick_handle_duration = CASE WHEN acked.type = 'threshold-read' AND $14::int IS NOT NULL THEN $14 ELSE quick_handle_duration END
       FROM acked WHERE d.id = $2 AND acked.status IN ('completed', 'failed') AND acked.type <> 'video-upload'`,
    [
      body.command_id,
      device.pk,
      body.status,
      ts(body.time),
      result ? JSON.stringify(result) : null,
      body.error ?? null,
      ...(body.status === 'completed' && body.thresholds
        ? [
            body.thresholds.acceleration.threshold,
            body.thresholds.acceleration.duration,
            body.thresholds.deceleration.threshold,
            body.thresholds.deceleration.duration,
            body.thresholds.impact.threshold,
            body.thresholds.impact.duration,
            body.thresholds.quick_handle.threshold,
            body.thresholds.quick_handle.duration,
          ]
        : [null, null, null, null, null, null, null, null]),
    ],
  );
}

/**
 * Firmware-update answers (steps, the end) of a batch, as applyCommandAck would store them one by
 * one, in one statement per round: round k holds each command's k-th answer, so a command's
 * answers still apply in the order they came. They never touch a device's thresholds.
 */
export async function applyFirmwareAcks(db: Queryable, items: Stored<DeviceCommandAck>[]): Promise<void> {
  const rounds: Stored<DeviceCommandAck>[][] = [];
  const seen = new Map<string, number>();
  for (const item of items) {
    const round = seen.get(item.body.command_id) ?? 0;
    seen.set(item.body.command_id, round + 1);
    if (!rounds[round]) rounds[round] = [];
    rounds[round].push(item);
  }
  for (const round of rounds)
    await db.query(
      `UPDATE device_commands c
          SET status = a.s, acknowledged_at = a.t, result = coalesce(a.r, c.result), error = coalesce(a.e, c.error)
         FROM json_to_recordset($1::json) AS a(c uuid, p uuid, s text, t timestamptz, r jsonb, e text)
        WHERE c.id = a.c AND c.device_pk = a.p
          AND c.status NOT IN ('completed', 'failed')
          AND NOT (c.status = 'received' AND a.s = 'received' AND (a.r IS NULL OR c.acknowledged_at > a.t))`,
      [
        JSON.stringify(
          round.map(({ device, body }) => ({
            c: body.command_id,
            p: device.pk,
            s: body.status,
            t: ts(body.time),
            r: body.firmware ? { firmware: body.firmware } : null,
            e: body.error ?? null,
          })),
        ),
      ],
    );
}

export interface DeadLetterRow {
  deviceId: string | null;
  customerId: string | null;
  topic: string;
  reason: string;
  detail: string[];
  size: number;
  payload: string;
}

/**
 * Letters kept per device (null: unknown senders together) and reason per window; later ones only
 * count. Per reason, so that a flood of one kind never hides a letter of another.
 */
export const DEAD_LETTER_CAP = { letters: 10, windowSeconds: 60 };

/**
 * Stores a refused message, unless its device already left DEAD_LETTER_CAP.letters of the same
 * reason within the window: then the newest of those counts it (repeats, last_received_at). A
 * flooding device costs one row update per message, not a row each. True when a letter was stored.
 */
export async function insertDeadLetter(db: Queryable, row: DeadLetterRow): Promise<boolean> {
  const stored = await db.query(
    `WITH recent AS (
       SELECT id, count(*) OVER () AS n FROM dead_letters
        WHERE device_id IS NOT DISTINCT FROM $1::text AND reason = $4::text
          AND received_at > now() - make_interval(secs => $8)
        ORDER BY received_at DESC, id DESC LIMIT 1
     ), counted AS (
       UPDATE dead_letters d SET repeats = d.repeats + 1, last_received_at = now()
         FROM recent WHERE d.id = recent.id AND recent.n >= $9
       RETURNING d.id
     )
     INSERT INTO dead_letters (device_id, customer_id, topic, reason, detail, size, payload)
     SELECT $1::text, $2::uuid, $3::text, $4::text, $5::text[], $6::int, $7::text
      WHERE NOT EXISTS (SELECT 1 FROM counted)
     RETURNING id`,
    [
      row.deviceId,
      row.customerId,
      row.topic,
      row.reason,
      row.detail,
      row.size,
      row.payload,
      DEAD_LETTER_CAP.windowSeconds,
      DEAD_LETTER_CAP.letters,
    ],
  );
  return stored.length > 0;
}
