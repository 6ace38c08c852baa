// Locations in the database: the device link's tables (0010_device_link.sql) read through the
// registry (vehicles, devices). Every read takes the caller's scope (platform/access.ts `Scoped`)
// and applies it in SQL.
import { type LinkState, TRACK_MAX_POINTS, type VehicleLocation } from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import { linkStateJson, parseLinkState, vehicleLinkStateJson } from '../device-link/public.ts';

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());
const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

type LocationRow = {
  vehicle_id: string;
  name: string;
  customer_id: string;
  customer_name: string;
  vehicle_type: string;
  icon: string;
  maintenance_mode: boolean;
  device_pk: string | null;
  device_id: string | null;
  lat: number | null;
  lng: number | null;
  speed: number | null;
  direction: number | null;
  motion: 'running' | 'stopping' | null;
  online: boolean | null;
  position_at: Date | string | null;
  updated_at: Date | string | null;
  link_state: unknown;
};

/**
 * The latest position and state of every vehicle the caller sees: the device's state row when the
 * vehicle has a device that reported, else the vehicle's last known position (null when none).
 */
export async function latestLocations(
  db: Queryable,
  scope: Scoped,
  customerId: string | undefined,
): Promise<VehicleLocation[]> {
  const rows = await db.query<LocationRow>(
    `SELECT v.id AS vehicle_id, v.name, v.customer_id, c.name AS customer_name, v.vehicle_type, v.icon,
            v.maintenance_mode, d.id AS device_pk, d.device_id,
            coalesce(s.lat, v.last_latitude) AS lat, coalesce(s.lng, v.last_longitude) AS lng,
            s.speed, s.direction, s.motion, s.online,
            coalesce(s.position_time, v.last_position_at) AS position_at, s.updated_at,
            ${linkStateJson('s')} AS link_state
       FROM vehicles v
       JOIN customers c ON c.id = v.customer_id
       LEFT JOIN devices d ON d.vehicle_id = v.id AND d.customer_id = v.customer_id
       LEFT JOIN device_states s ON s.device_pk = d.id AND s.customer_id = v.customer_id
      WHERE ${scope.inScope('v.customer_id', 1)}
        AND ($2::uuid IS NULL OR v.customer_id = $2)
      ORDER BY v.name, v.id`,
    [scope.customerIds, customerId ?? null],
  );
  return rows.map((r) => ({
    vehicle_id: r.vehicle_id,
    name: r.name,
    customer: { id: r.customer_id, name: r.customer_name },
    vehicle_type: r.vehicle_type,
    icon: r.icon,
    maintenance_mode: r.maintenance_mode,
    device: r.device_pk && r.device_id ? { id: r.device_pk, device_id: r.device_id } : null,
    lat: num(r.lat),
    lng: num(r.lng),
    speed: num(r.speed),
    direction: num(r.direction),
    motion: r.motion,
    online: r.online === true,
    position_at: iso(r.position_at),
    updated_at: iso(r.updated_at),
    state: parseLinkState(r.link_state),
  }));
}

export type TrackOwner = {
  vehicle: {
    id: string;
    name: string;
    vehicle_type: string;
    icon: string;
    maintenance_mode?: boolean;
  } | null;
  device: { id: string; device_id: string } | null;
  customer_id: string;
  /** The vehicle's (or the device's) state now. */
  state: LinkState | null;
};

/** A vehicle the caller sees, with its device. */
export async function findVehicle(db: Queryable, scope: Scoped, id: string): Promise<TrackOwner | undefined> {
  const [row] = await db.query<{
    id: string;
    name: string;
    vehicle_type: string;
    icon: string;
    maintenance_mode: boolean;
    customer_id: string;
    device_pk: string | null;
    device_id: string | null;
    link_state: unknown;
  }>(
    `SELECT v.id, v.name, v.vehicle_type, v.icon, v.maintenance_mode, v.customer_id, d.id AS device_pk, d.device_id,
            ${vehicleLinkStateJson('v')} AS link_state
       FROM vehicles v
       LEFT JOIN devices d ON d.vehicle_id = v.id AND d.customer_id = v.customer_id
      WHERE v.id = $1 AND ${scope.inScope('v.customer_id', 2)}`,
    [id, scope.customerIds],
  );
  if (!row) return undefined;
  return {
    vehicle: {
      id: row.id,
      name: row.name,
      vehicle_type: row.vehicle_type,
      icon: row.icon,
      maintenance_mode: row.maintenance_mode,
    },
    device: row.device_pk && row.device_id ? { id: row.device_pk, device_id: row.device_id } : null,
    customer_id: row.customer_id,
    state: parseLinkState(row.link_state),
  };
}

/** A device the caller sees, named by its record id (uuid) or its device id (digits), with its vehicle. */
export async function findDevice(db: Queryable, scope: Scoped, key: string): Promise<TrackOwner | undefined> {
  const byRecord = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(key);
  const [row] = await db.query<{
    id: string;
    device_id: string;
    customer_id: string;
    vehicle_id: string | null;
    name: string | null;
    vehicle_type: string | null;
    icon: string | null;
    link_state: unknown;
  }>(
    `SELECT d.id, d.device_id, d.customer_id, v.id AS vehicle_id, v.name, v.vehicle_type, v.icon,
            ${linkStateJson('s')} AS link_state
       FROM devices d
       LEFT JOIN vehicles v ON v.id = d.vehicle_id AND v.customer_id = d.customer_id
       LEFT JOIN device_states s ON s.device_pk = d.id AND s.customer_id = d.customer_id
      WHERE ${byRecord ? 'd.id = $1::uuid' : 'd.device_id = $1'}
        AND ${scope.inScope('d.customer_id', 2)}`,
    [key, scope.customerIds],
  );
  if (!row) return undefined;
  return {
    vehicle:
      row.vehicle_id && row.name
        ? { id: row.vehicle_id, name: row.name, vehicle_type: row.vehicle_type ?? '', icon: row.icon ?? 'a' }
        : null,
    device: { id: row.id, device_id: row.device_id },
    customer_id: row.customer_id,
    state: parseLinkState(row.link_state),
  };
}

type Statement = { text: string; params: unknown[] };

/**
 * The track's statements (exported so `npm run bench:route` runs the very same SQL raw). Each row
 * is one position already written as the JSON of a TrackPoint, `[t,lng,lat,speed,direction]`,
 * from PostgreSQL's own text of each value (the shortest text that reads back the same number):
 * a vehicle-day of tens of thousands of positions then goes into the answer as it stands, without
 * being parsed into numbers, walked by zod and written out again, and with one string a position
 * instead of five (that garbage, and zod, were most of the route's time: bench:route). `points`
 * reads the period in time order, one row past TRACK_MAX_POINTS so a longer period is noticed
 * without a count first: a vehicle-day is one index range read once. `thinned` keeps every n-th
 * position of a longer period (the first and the last always), counting in the same pass.
 */
export function trackSql(
  by: { vehicleId: string } | { devicePk: string },
  customerId: string,
  start: string,
  end: string,
): { points: Statement; thinned: Statement } {
  const [column, value] = 'vehicleId' in by ? ['vehicle_id', by.vehicleId] : ['device_pk', by.devicePk];
  const where = `${column} = $1 AND customer_id = $2 AND time >= $3 AND time <= $4`;
  const params = [value, customerId, start, end];
  // date_part, not extract: extract's numeric arithmetic cost a third of the read (whole
  // milliseconds either way, as the devices report them).
  const point = `concat('[', round(date_part('epoch', time) * 1000), ',', lng, ',', lat, ',', speed, ',', direction, ']') AS p`;
  return {
    points: {
      text: `SELECT ${point} FROM device_positions WHERE ${where} ORDER BY time LIMIT $5`,
      params: [...params, TRACK_MAX_POINTS + 1],
    },
    thinned: {
      text: `SELECT ${point} FROM (
               SELECT time, lng, lat, speed, direction,
                      row_number() OVER (ORDER BY time) AS rn, count(*) OVER () AS n
                 FROM device_positions WHERE ${where}) p
              WHERE (rn - 1) % ceil(n::float8 / $5)::bigint = 0 OR rn = n
              ORDER BY time`,
      params: [...params, TRACK_MAX_POINTS],
    },
  };
}

/**
 * The positions as the JSON text of an array of TrackPoint. The columns are never null, and a
 * finite number's text is a JSON number; NaN or Infinity would not be, and fail the answer
 * rather than send JSON that does not parse (one scan of the text, not one check a value).
 */
export function trackPointsJson(rows: { p: string }[]): string {
  const json = `[${rows.map((r) => r.p).join(',')}]`;
  // Plain searches, each a fast scan: "N" of NaN, "I" of Infinity, and the gaps a null would leave.
  const bad = ['N', 'I', '[,', ',,', ',]'].find((text) => json.includes(text));
  if (bad) throw new Error(`a track value is not a finite number (found ${JSON.stringify(bad)})`);
  return json;
}

/**
 * Positions in time order between start and end (inclusive), of one vehicle or one device,
 * within the owner's customer, as the JSON text of an array of TrackPoint, with their count. The
 * vehicle's track is what its devices reported while mounted on it; the device's route is what
 * it reported wherever it was mounted. Past TRACK_MAX_POINTS the database keeps every n-th
 * position (the first and the last always), so one answer stays small.
 */
export async function trackPoints(
  db: Queryable,
  by: { vehicleId: string } | { devicePk: string },
  customerId: string,
  start: string,
  end: string,
): Promise<{ pointsJson: string; count: number; thinned: boolean }> {
  const sql = trackSql(by, customerId, start, end);
  let rows = await db.query<{ p: string }>(sql.points.text, sql.points.params);
  const thinned = rows.length > TRACK_MAX_POINTS;
  if (thinned) rows = await db.query<{ p: string }>(sql.thinned.text, sql.thinned.params);
  return { pointsJson: trackPointsJson(rows), count: rows.length, thinned };
}
