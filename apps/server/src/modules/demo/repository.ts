// The demo's rows (seed.ts, fleet.ts). Every insert leaves an existing row as it is (ON CONFLICT DO
// NOTHING, or a look-up first), so a demo changed by hand stays changed across restarts.
import type { Queryable } from '../../db/client.ts';
import { type Breach, breachMessageId } from '../zones/public.ts';
import type { History } from './history.ts';

export interface DemoCustomer {
  stkUser: string;
  name: string;
  parentId: string | null;
  isProvider: boolean;
  functions: string[];
  /** The managerial download types the customer enables (none when not given). */
  downloadTypes?: readonly string[];
}

export async function customerIdOf(db: Queryable, stkUser: string): Promise<string | undefined> {
  const [row] = await db.query<{ id: string }>('SELECT id FROM customers WHERE stk_user = $1', [stkUser]);
  return row?.id;
}

/** The customer's id, the row created first when there is none. */
export async function ensureCustomer(db: Queryable, row: DemoCustomer): Promise<string> {
  await db.query(
    `INSERT INTO customers (stk_user, name, parent_id, realm, is_provider, functions, download_types, description)
     VALUES ($1, $2, $3, 'fleet', $4, $5, $6, 'Demo') ON CONFLICT (stk_user) DO NOTHING`,
    [row.stkUser, row.name, row.parentId, row.isProvider, row.functions, row.downloadTypes ?? []],
  );
  const id = await customerIdOf(db, row.stkUser);
  if (!id) throw new Error(`demo customer ${row.stkUser} missing`);
  return id;
}

/** The role's id, the role created first when there is none. */
export async function ensureRole(
  db: Queryable,
  customerId: string,
  role: { name: string; description: string; privileges: string[] },
): Promise<string | undefined> {
  await db.query(
    `INSERT INTO roles (customer_id, name, description, privileges) VALUES ($1, $2, $3, $4)
     ON CONFLICT (customer_id, name) DO NOTHING`,
    [customerId, role.name, role.description, role.privileges],
  );
  const [row] = await db.query<{ id: string }>('SELECT id FROM roles WHERE customer_id = $1 AND name = $2', [
    customerId,
    role.name,
  ]);
  return row?.id;
}

export interface DemoUser {
  customerId: string;
  roleId: string | null;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  sysRole: string;
  isManager: boolean;
  downloadRole: string;
  passwordHash: string;
}

export async function insertUserOnce(db: Queryable, u: DemoUser): Promise<void> {
  await db.query(
    `INSERT INTO users (customer_id, role_id, username, email, first_name, last_name, sys_role,
                        is_manager, download_role, password_hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT DO NOTHING`,
    [
      u.customerId,
      u.roleId,
      u.username,
      u.email,
      u.firstName,
      u.lastName,
      u.sysRole,
      u.isManager,
      u.downloadRole,
      u.passwordHash,
    ],
  );
}

export async function insertWelcomeNotices(db: Queryable): Promise<void> {
  await db.query(
    `INSERT INTO notifications (title, description, type, is_publish_to_all, publish_date, expire_date)
     VALUES ('Welcome to FleetLens v3', 'Your console is ready. The user manual is in the user menu.',
             'release', true, now() - interval '1 hour', now() + interval '365 days'),
            ('Planned maintenance', 'The service will be briefly unavailable on Sunday from 02:00 to 02:30 UTC.',
             'maintenance', true, now() - interval '10 minutes', now() + interval '30 days')`,
  );
}

/** The operator group's id, the group created first when there is none. */
export async function ensureOperatorGroup(
  db: Queryable,
  customerId: string,
  name: string,
  description: string,
): Promise<string | undefined> {
  await db.query(
    `INSERT INTO operator_groups (customer_id, name, description) VALUES ($1, $2, $3)
     ON CONFLICT (customer_id, name) DO NOTHING`,
    [customerId, name, description],
  );
  const [row] = await db.query<{ id: string }>(
    'SELECT id FROM operator_groups WHERE customer_id = $1 AND name = $2',
    [customerId, name],
  );
  return row?.id;
}

export interface DemoOperator {
  code: string;
  first: string;
  last: string;
  card: string;
}

/** The operator, its RFID card, and the card's assignment to it, each unless it exists. */
export async function ensureOperatorWithCard(
  db: Queryable,
  customerId: string,
  groupId: string | undefined,
  o: DemoOperator,
): Promise<void> {
  await db.query(
    `INSERT INTO operators (customer_id, operator_code, first_name, last_name, birth_date, address,
                            license_number, license_received_on, license_valid_till, license_location, phone, group_id)
     VALUES ($1, $2, $3, $4, '1990-04-01', '1-2-3 Yashio, Shinagawa, Tokyo', $5, '2015-04-01', '2030-03-31',
             'Tokyo', '+81 3 0000 0000', $6)
     ON CONFLICT (customer_id, operator_code) DO NOTHING`,
    [customerId, o.code, o.first, o.last, `FL-${o.code}`, groupId],
  );
  await db.query(
    `INSERT INTO rfids (customer_id, rfid, owner, group_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT (customer_id, rfid) DO NOTHING`,
    [customerId, o.card, `${o.first} ${o.last}`, groupId],
  );
  await db.query(
    `INSERT INTO rfid_assignments (customer_id, rfid_id, operator_id, operator_code, operator_name)
     SELECT $1, r.id, op.id, op.operator_code, op.first_name || ' ' || op.last_name
       FROM rfids r, operators op
      WHERE r.customer_id = $1 AND r.rfid = $2 AND op.customer_id = $1 AND op.operator_code = $3
        AND NOT EXISTS (SELECT 1 FROM rfid_assignments a WHERE a.rfid_id = r.id)`,
    [customerId, o.card, o.code],
  );
}

export async function devicePkOf(db: Queryable, deviceId: string): Promise<string | undefined> {
  const [row] = await db.query<{ id: string }>('SELECT id FROM devices WHERE device_id = $1', [deviceId]);
  return row?.id;
}

/**
 * A demo vehicle with its device (fixed thresholds, front and rear camera) whose hour meter has
 * run `hours` since it was fitted; answers the device's id.
 */
export async function insertVehicleWithDevice(
  db: Queryable,
  customerId: string,
  v: { name: string; type: string; deviceId: string; cameras: number; hours: number },
): Promise<string | undefined> {
  const [vehicle] = await db.query<{ id: string }>(
    `INSERT INTO vehicles (customer_id, name, description, introduce_date, vehicle_type, initial_hour_meter, cumulative_uptime_hours)
     VALUES ($1, $2, 'Demo fleet', current_date - 400, $3, 1200, $4) RETURNING id`,
    [customerId, v.name, v.type, v.hours],
  );
  const [device] = await db.query<{ id: string }>(
    `INSERT INTO devices (customer_id, device_id, device_type, vehicle_id, channel_number, firmware,
       acceleration_threshold, acceleration_duration, deceleration_threshold, deceleration_duration,
       impact_threshold, impact_duration, quick_handle_threshold, quick_handle_duration)
     VALUES ($1, $2, 'dv426', $3, $4, '8690', 0.35, 300, 0.4, 300, 1, 100, 0.35, 300) RETURNING id`,
    [customerId, v.deviceId, vehicle?.id, v.cameras],
  );
  // One to four cameras per demo device, as the registry's 1-to-4 rule asks.
  for (let position = 1; position <= v.cameras; position += 1)
    await db.query(
      'INSERT INTO device_cameras (device_pk, customer_id, position, camera_id) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
      [device?.id, customerId, position, `CAM-${v.deviceId}-${position}`],
    );
  return device?.id;
}

/**
 * The device's hour meter as it last told it (else its vehicle's cumulative uptime): where the
 * simulated device goes on counting, so its readings never run backwards across restarts.
 */
export async function lastHourMeterOf(db: Queryable, devicePk: string): Promise<number | undefined> {
  const [row] = await db.query<{ meter: number | null }>(
    `SELECT coalesce(s.hour_meter, v.cumulative_uptime_hours)::float8 AS meter
       FROM devices d LEFT JOIN vehicles v ON v.id = d.vehicle_id AND v.customer_id = d.customer_id
       LEFT JOIN device_states s ON s.device_pk = d.id AND s.customer_id = d.customer_id
      WHERE d.id = $1`,
    [devicePk],
  );
  return row?.meter ?? undefined;
}

/** The cameras registered on a device now, with its vehicle's name (a fleet seeded earlier keeps its own). */
export async function camerasOf(
  db: Queryable,
  devicePk: string,
): Promise<{ camera_id: string; vehicle: string | null }[]> {
  return db.query<{ camera_id: string; vehicle: string | null }>(
    `SELECT dc.camera_id, v.name AS vehicle FROM device_cameras dc
       JOIN devices d ON d.id = dc.device_pk AND d.customer_id = dc.customer_id LEFT JOIN vehicles v ON v.id = d.vehicle_id
      WHERE dc.device_pk = $1 ORDER BY dc.position`,
    [devicePk],
  );
}

/** The time of the vehicle's last position (ms), or undefined when it has none: one index probe. */
export async function lastPositionAt(db: Queryable, vehicleId: string): Promise<number | undefined> {
  const [row] = await db.query<{ time: Date | null }>(
    'SELECT max(time) AS time FROM device_positions WHERE vehicle_id = $1',
    [vehicleId],
  );
  return row?.time ? new Date(row.time).getTime() : undefined;
}

/**
 * A vehicle's history (history.ts), in bulk: positions, connection and motion changes,
 * sign-ons and events, as the device link stores them (a row that exists is left as it is). The
 * events are past news: not mailed, no clips (no cameras filmed them), waiting for review.
 */
export async function insertHistory(
  db: Queryable,
  v: { devicePk: string; vehicleId: string; customerId: string },
  h: History,
): Promise<void> {
  const iso = (ms: number) => new Date(ms).toISOString();
  // Message ids by time: a later fill never reuses one.
  const positions = h.positions.map((p) => ({ ...p, id: `history-p${p.time}` }));
  const CHUNK = 20_000;
  for (let i = 0; i < positions.length; i += CHUNK) {
    const some = positions.slice(i, i + CHUNK);
    await db.query(
      `INSERT INTO device_positions (device_pk, message_id, customer_id, vehicle_id, time, lat, lng, speed, direction)
       SELECT $1, u.id, $2, $3, u.time, u.lat, u.lng, u.speed, u.direction
         FROM unnest($4::text[], $5::timestamptz[], $6::float8[], $7::float8[], $8::real[], $9::real[])
           AS u(id, time, lat, lng, speed, direction)
       ON CONFLICT DO NOTHING`,
      [
        v.devicePk,
        v.customerId,
        v.vehicleId,
        some.map((p) => p.id),
        some.map((p) => iso(p.time)),
        some.map((p) => p.lat),
        some.map((p) => p.lng),
        some.map((p) => p.speed),
        some.map((p) => p.direction),
      ],
    );
  }
  const states = h.states;
  await db.query(
    `INSERT INTO device_state_changes (device_pk, customer_id, vehicle_id, kind, state, time, received_at)
     SELECT $1, $2, $3, u.kind, u.state, u.time, u.time
       FROM unnest($4::text[], $5::text[], $6::timestamptz[]) AS u(kind, state, time)`,
    [
      v.devicePk,
      v.customerId,
      v.vehicleId,
      states.map((s) => s.kind),
      states.map((s) => s.state),
      states.map((s) => iso(s.time)),
    ],
  );
  const signOns = h.signOns.map((s) => ({ ...s, id: `history-s${s.time}-${s.action}` }));
  await db.query(
    `INSERT INTO operator_sign_ons (device_pk, message_id, customer_id, vehicle_id, action, rfid, operator_id, time)
     SELECT $1, u.id, $2, $3, u.action, u.rfid, u.operator_id, u.time
       FROM unnest($4::text[], $5::text[], $6::text[], $7::uuid[], $8::timestamptz[]) AS u(id, action, rfid, operator_id, time)
     ON CONFLICT DO NOTHING`,
    [
      v.devicePk,
      v.customerId,
      v.vehicleId,
      signOns.map((s) => s.id),
      signOns.map((s) => s.action),
      signOns.map((s) => s.operator.card),
      signOns.map((s) => s.operator.id),
      signOns.map((s) => iso(s.time)),
    ],
  );
  const events = h.events.map((e) => ({ ...e, id: `history-e${e.time}` }));
  await db.query(
    `INSERT INTO device_events (device_pk, message_id, customer_id, vehicle_id, rfid, operator_id, time, received_at,
       type, lat, lng, speed, direction, gx, gy, gz, roll, pitch, yaw, cameras, mail_pending)
     SELECT $1, u.id, $2, $3, u.rfid, u.operator_id, u.time, u.time, u.type, u.lat, u.lng, u.speed, u.direction,
            -- An impact as the g-sensor feels a hit: over 2 g sideways; the harsh driving, under 0.5 g.
            CASE WHEN u.type = 'Impact' THEN 2.35 ELSE 0.45 END, CASE WHEN u.type = 'Impact' THEN 0.8 ELSE 0.1 END,
            1, 0, 0, 0, 0, false
       FROM unnest($4::text[], $5::text[], $6::uuid[], $7::timestamptz[], $8::text[], $9::float8[], $10::float8[],
                   $11::real[], $12::real[]) AS u(id, rfid, operator_id, time, type, lat, lng, speed, direction)
     ON CONFLICT DO NOTHING`,
    [
      v.devicePk,
      v.customerId,
      v.vehicleId,
      events.map((e) => e.id),
      events.map((e) => e.operator?.card ?? null),
      events.map((e) => e.operator?.id ?? null),
      events.map((e) => iso(e.time)),
      events.map((e) => e.type),
      events.map((e) => e.lat),
      events.map((e) => e.lng),
      events.map((e) => e.speed),
      events.map((e) => e.direction),
    ],
  );
}

/**
 * The zone breaches of a vehicle's history (zones' trackBreaches), as the evaluation stores them:
 * ZoneBreach events with the zone and rule, the operator signed on then; past news like the
 * history's events (not mailed, no clips).
 */
export async function insertHistoryBreaches(
  db: Queryable,
  v: { devicePk: string; vehicleId: string; customerId: string },
  breaches: readonly Breach[],
): Promise<void> {
  if (breaches.length === 0) return;
  const iso = (ms: number) => new Date(ms).toISOString();
  await db.query(
    `INSERT INTO device_events (device_pk, message_id, customer_id, vehicle_id, rfid, operator_id, time, received_at,
       type, lat, lng, speed, direction, gx, gy, gz, roll, pitch, yaw, cameras, mail_pending, details)
     SELECT $1, u.id, $2, $3, so.rfid, so.operator_id, u.time, u.time, 'ZoneBreach', u.lat, u.lng, u.speed,
            u.direction, 0, 0, 0, 0, 0, 0, 0, false, u.details::jsonb
       FROM unnest($4::text[], $5::timestamptz[], $6::float8[], $7::float8[], $8::real[], $9::real[], $10::text[])
         AS u(id, time, lat, lng, speed, direction, details)
       LEFT JOIN LATERAL (
         SELECT CASE WHEN o.action = 'sign-on' THEN o.operator_id END AS operator_id,
                CASE WHEN o.action = 'sign-on' THEN o.rfid END AS rfid
           FROM operator_sign_ons o WHERE o.device_pk = $1 AND o.customer_id = $2 AND o.time <= u.time
          ORDER BY o.time DESC LIMIT 1
       ) so ON true
     ON CONFLICT DO NOTHING`,
    [
      v.devicePk,
      v.customerId,
      v.vehicleId,
      breaches.map(breachMessageId),
      breaches.map((b) => iso(b.fix.time)),
      breaches.map((b) => b.fix.lat),
      breaches.map((b) => b.fix.lng),
      breaches.map((b) => b.fix.speed),
      breaches.map((b) => b.fix.direction),
      breaches.map((b) => JSON.stringify(b.details)),
    ],
  );
}

/**
 * The demo yard's safety zones for the demo customer while it has none: zones drawn or changed by
 * hand stay as they are across restarts (a customer that removed every one gets the demo's back).
 */
export async function insertZonesOnce(
  db: Queryable,
  customerId: string,
  zones: readonly { name: string; kind: string; polygon: object; rules: object[]; time_zone: string }[],
): Promise<void> {
  const [has] = await db.query('SELECT 1 FROM zones WHERE customer_id = $1 LIMIT 1', [customerId]);
  if (has) return;
  for (const zone of zones)
    await db.query(
      `INSERT INTO zones (customer_id, name, kind, polygon, rules, time_zone)
       VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6) ON CONFLICT DO NOTHING`,
      [
        customerId,
        zone.name,
        zone.kind,
        JSON.stringify(zone.polygon),
        JSON.stringify(zone.rules),
        zone.time_zone,
      ],
    );
}

/** The demo devices' vehicles and the demo operators with their cards, in the order given. */
export async function historySubjects(
  db: Queryable,
  customerId: string,
  deviceIds: readonly string[],
  operators: readonly { code: string; card: string }[],
) {
  const vehicles = await db.query<{ devicePk: string; vehicleId: string; customerId: string }>(
    `SELECT d.id AS "devicePk", d.vehicle_id AS "vehicleId", d.customer_id AS "customerId"
       FROM unnest($2::text[]) WITH ORDINALITY AS u(device_id, n)
       JOIN devices d ON d.device_id = u.device_id AND d.customer_id = $1 AND d.vehicle_id IS NOT NULL
      ORDER BY u.n`,
    [customerId, deviceIds],
  );
  const cards = await db.query<{ id: string; card: string }>(
    `SELECT o.id, u.card FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS u(code, card, n)
       JOIN operators o ON o.customer_id = $1 AND o.operator_code = u.code
      ORDER BY u.n`,
    [customerId, operators.map((o) => o.code), operators.map((o) => o.card)],
  );
  return { vehicles, operators: cards };
}
