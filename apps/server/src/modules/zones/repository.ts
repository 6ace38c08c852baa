// Site safety zones in the database (0095_zones.sql), and the breach events they make. Every read
// for a caller takes its scope; the evaluation reads one customer's zones (the customer of the
// device that reported), and writes breaches as device events of type ZoneBreach.
import type { Zone, ZoneBreach, ZoneListQuery, ZonePolygon, ZoneRule } from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import { likePattern, type Ordering, pageRows } from '../../platform/lists.ts';

interface ZoneRow {
  id: string;
  customer_id: string;
  customer_name: string;
  name: string;
  kind: Zone['kind'];
  polygon: Zone['polygon'] | string;
  rules: ZoneRule[] | string;
  time_zone: string;
  updated_at: Date | string;
}

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

const zoneOf = (r: ZoneRow): Zone => ({
  id: r.id,
  customer: { id: r.customer_id, name: r.customer_name },
  name: r.name,
  kind: r.kind,
  polygon: json(r.polygon),
  rules: json(r.rules),
  time_zone: r.time_zone,
  updated_at: new Date(r.updated_at).toISOString(),
});

const COLUMNS = `z.id, z.customer_id, c.name AS customer_name, z.name, z.kind, z.polygon, z.rules, z.time_zone, z.updated_at`;
const FROM = 'zones z JOIN customers c ON c.id = z.customer_id';

const ORDER: Ordering = {
  alias: 'z',
  plain: ['kind', 'updated_at'],
  text: ['name'],
  by: { customer: ['lower(c.name)', 'lower(z.name)'] },
  fallback: 'customer',
};

/** A page of the zones of the customers the caller sees, or of one of them; `filter` finds by name. */
export function listZones(db: Queryable, scope: Scoped, query: ZoneListQuery) {
  const where = `WHERE ${scope.inScope('z.customer_id', 1)} AND ($2::uuid IS NULL OR z.customer_id = $2)
      AND ($3::text IS NULL OR lower(z.name) LIKE $3)`;
  const params = [scope.customerIds, query.customer_id ?? null, likePattern(query.filter)];
  return pageRows(
    db,
    { select: `SELECT ${COLUMNS} FROM ${FROM}`, count: 'FROM zones z', where, order: ORDER },
    params,
    query,
    zoneOf,
  );
}

export async function findZone(db: Queryable, scope: Scoped, id: string): Promise<Zone | undefined> {
  const [row] = await db.query<ZoneRow>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE z.id = $2 AND ${scope.inScope('z.customer_id', 1)}`,
    [scope.customerIds, id],
  );
  return row && zoneOf(row);
}

export interface ZoneWrite {
  name: string;
  kind: Zone['kind'];
  polygon: ZonePolygon;
  rules: ZoneRule[];
  time_zone: string;
}

/** A write's columns name, kind, polygon, rules, time zone, and who wrote it, as parameters. */
const valuesOf = (zone: ZoneWrite, userId: string | null) => [
  zone.name,
  zone.kind,
  JSON.stringify(zone.polygon),
  JSON.stringify(zone.rules),
  zone.time_zone,
  userId,
];

export async function insertZone(
  db: Queryable,
  customerId: string,
  zone: ZoneWrite,
  userId: string | null,
): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO zones (customer_id, name, kind, polygon, rules, time_zone, updated_by)
     VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6, $7) RETURNING id`,
    [customerId, ...valuesOf(zone, userId)],
  );
  if (!row) throw new Error('zone not stored');
  return row.id;
}

/** Changes a zone the caller sees; answers its customer, or undefined when there is none. */
export async function updateZone(
  db: Queryable,
  scope: Scoped,
  id: string,
  zone: ZoneWrite,
  userId: string | null,
): Promise<string | undefined> {
  const [row] = await db.query<{ customer_id: string }>(
    `UPDATE zones SET name = $3, kind = $4, polygon = $5::jsonb, rules = $6::jsonb, time_zone = $7,
            updated_by = $8, updated_at = now()
      WHERE id = $2 AND ${scope.inScope('customer_id', 1)} RETURNING customer_id`,
    [scope.customerIds, id, ...valuesOf(zone, userId)],
  );
  return row?.customer_id;
}

export async function deleteZone(db: Queryable, scope: Scoped, id: string): Promise<string | undefined> {
  const [row] = await db.query<{ customer_id: string }>(
    `DELETE FROM zones WHERE id = $2 AND ${scope.inScope('customer_id', 1)} RETURNING customer_id`,
    [scope.customerIds, id],
  );
  return row?.customer_id;
}

/** One customer's zones as the evaluation needs them (rules and ring only). */
export async function zonesOfCustomer(
  db: Queryable,
  customerId: string,
): Promise<{ id: string; name: string; polygon: ZonePolygon; rules: ZoneRule[]; time_zone: string }[]> {
  const rows = await db.query<{
    id: string;
    name: string;
    polygon: ZonePolygon | string;
    rules: ZoneRule[] | string;
    time_zone: string;
  }>(
    `SELECT id, name, polygon, rules, time_zone FROM zones WHERE customer_id = $1 AND rules <> '[]'::jsonb`,
    [customerId],
  );
  return rows.map((r) => ({ ...r, polygon: json(r.polygon), rules: json(r.rules) }));
}

/** A breach to store as an event: where and when the vehicle broke the rule. */
export interface BreachWrite {
  devicePk: string;
  customerId: string;
  vehicleId: string | null;
  /** Unique per device: the same breach stored twice is one event. */
  messageId: string;
  time: string;
  lat: number;
  lng: number;
  speed: number;
  direction: number;
  details: ZoneBreach;
}

/**
 * Stores breaches as device events of type ZoneBreach, with the cameras of the device and the
 * operator signed on at that time; the clip job asks the cameras for the clips around them as it
 * does for a device's events (clips_pending, its default). Nobody is mailed about them (no flag names the type).
 * Answers the ids of the events stored (a breach stored before is skipped).
 */
export async function insertBreaches(db: Queryable, breaches: readonly BreachWrite[]): Promise<string[]> {
  if (breaches.length === 0) return [];
  const rows = await db.query<{ id: string }>(
    `WITH b AS (
       SELECT * FROM json_to_recordset($1::json)
         AS r(p uuid, m text, c uuid, v uuid, t timestamptz, la float8, ln float8, sp real, di real, d jsonb)
     ), cams AS (
       SELECT d.p, count(dc.position)::int AS n, coalesce(array_agg(dc.camera_id ORDER BY dc.position)
                FILTER (WHERE dc.camera_id IS NOT NULL), '{}') AS ids
         FROM (SELECT DISTINCT p, c FROM b) d LEFT JOIN device_cameras dc ON dc.device_pk = d.p AND dc.customer_id = d.c
        GROUP BY d.p
     )
     INSERT INTO device_events (device_pk, message_id, customer_id, vehicle_id, rfid, operator_id, time, type,
                                lat, lng, speed, direction, gx, gy, gz, roll, pitch, yaw, cameras, camera_ids,
                                mail_pending, details)
     SELECT b.p, b.m, b.c, b.v, so.rfid, so.operator_id, b.t, 'ZoneBreach', b.la, b.ln, b.sp, b.di, 0, 0, 0, 0, 0, 0,
            least(cams.n, 4), cams.ids, false, b.d
       FROM b JOIN cams ON cams.p = b.p
       LEFT JOIN LATERAL (
         SELECT CASE WHEN o.action = 'sign-on' THEN o.operator_id END AS operator_id,
                CASE WHEN o.action = 'sign-on' THEN o.rfid END AS rfid
           FROM operator_sign_ons o WHERE o.device_pk = b.p AND o.customer_id = b.c AND o.time <= b.t
          ORDER BY o.time DESC LIMIT 1
       ) so ON true
     ON CONFLICT DO NOTHING
     RETURNING id`,
    [
      JSON.stringify(
        breaches.map((b) => ({
          p: b.devicePk,
          m: b.messageId,
          c: b.customerId,
          v: b.vehicleId,
          t: b.time,
          la: b.lat,
          ln: b.lng,
          sp: b.speed,
          di: b.direction,
          d: b.details,
        })),
      ),
    ],
  );
  return rows.map((r) => r.id);
}
