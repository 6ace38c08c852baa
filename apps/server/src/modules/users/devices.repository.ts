// The browsers a user is signed in from (spec §4, "device/session validity check"). Each browser
// keeps a DEVICE_ID in local storage; a user may be signed in from at most their own limit
// (users.login_device_limit) or the configured default. A browser seen within LOGIN_DEVICE_IDLE_DAYS
// passes; a new one (or one back from longer away) is admitted while there is room, and browsers
// left unused that long hold no place. A user refused at the limit frees their other browsers by
// signing in again from the 403 page (the realm calls resetDevices, identity/interactions.ts).
// The check-and-insert runs under a lock on the user's row, so two browsers signing in at the
// same moment cannot both take the last place: the rule is one transaction, so it lives here.
import type { LoginDevicesAnswer } from '@fleetlens/contracts';
import type { DatabaseHandle } from '../../db/client.ts';

export interface DeviceVisit {
  userId: string;
  customerId: string;
  deviceId: string;
  sessionState: string | null;
  userAgent: string | null;
  ip: string | null;
}

export interface DeviceLimit {
  /** Places when the user has no limit of their own (LOGIN_DEVICE_LIMIT). */
  defaultLimit: number;
  /** A browser not seen for this many days holds no place (LOGIN_DEVICE_IDLE_DAYS). */
  idleDays: number;
}

export async function admitDevice(
  database: DatabaseHandle,
  visit: DeviceVisit,
  { defaultLimit, idleDays }: DeviceLimit,
): Promise<boolean> {
  return database.transaction(async (tx) => {
    const [locked] = await tx.query<{ lim: number }>(
      `SELECT coalesce(login_device_limit, $3)::int AS lim FROM users
        WHERE id = $1 AND customer_id = $2 FOR UPDATE`,
      [visit.userId, visit.customerId, defaultLimit],
    );
    if (!locked) return false;
    const device = [visit.customerId, visit.userId, visit.deviceId];
    const fresh = `last_seen_at > now() - make_interval(days => ${Math.trunc(idleDays)})`;
    // A browser seen lately keeps its place; one back from a long absence asks for a place anew.
    const known = await tx.query(
      `UPDATE login_devices SET last_seen_at = now(), session_state = $4, user_agent = $5, ip = $6
        WHERE customer_id = $1 AND user_id = $2 AND device_id = $3 AND ${fresh} RETURNING id`,
      [...device, visit.sessionState, visit.userAgent, visit.ip],
    );
    if (known.length > 0) return true;
    const [counted] = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM login_devices WHERE customer_id = $1 AND user_id = $2 AND ${fresh}`,
      [visit.customerId, visit.userId],
    );
    if ((counted?.n ?? 0) >= locked.lim) return false;
    await tx.query(
      `INSERT INTO login_devices (customer_id, user_id, device_id, session_state, user_agent, ip)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (customer_id, user_id, device_id) DO UPDATE SET last_seen_at = now(),
         session_state = EXCLUDED.session_state, user_agent = EXCLUDED.user_agent, ip = EXCLUDED.ip`,
      [...device, visit.sessionState, visit.userAgent, visit.ip],
    );
    return true;
  });
}

/** Frees every place of the user's device count (they are admitted again on return) and notes who did it. */
export async function resetDevices(
  database: DatabaseHandle,
  userId: string,
  resetBy: string,
): Promise<number> {
  return database.transaction(async (tx) => {
    const rows = await tx.query<{ customer_id: string }>(
      'DELETE FROM login_devices WHERE user_id = $1 RETURNING customer_id',
      [userId],
    );
    await tx.query(
      `INSERT INTO login_device_resets (customer_id, user_id, reset_by, removed)
       SELECT customer_id, id, $2, $3 FROM users WHERE id = $1`,
      [userId, resetBy, rows.length],
    );
    return rows.length;
  });
}

type Device = LoginDevicesAnswer['devices'][number];
type DeviceRow = Omit<Device, 'created_at' | 'last_seen_at'> & {
  created_at: Date | string;
  last_seen_at: Date | string;
};

export async function listDevices(database: DatabaseHandle, userId: string): Promise<Device[]> {
  const rows = await database.query<DeviceRow>(
    `SELECT device_id, user_agent, ip, created_at, last_seen_at FROM login_devices
      WHERE user_id = $1 ORDER BY last_seen_at DESC`,
    [userId],
  );
  return rows.map((r) => ({
    ...r,
    created_at: new Date(r.created_at).toISOString(),
    last_seen_at: new Date(r.last_seen_at).toISOString(),
  }));
}

/** The latest resets, at most `limit` (the spec shows 5), with who reset. */
type Reset = LoginDevicesAnswer['resets'][number];
type ResetRow = {
  removed: number | string;
  created_at: Date | string;
  first_name: string | null;
  last_name: string | null;
  username: string | null;
};

export async function listResets(database: DatabaseHandle, userId: string, limit = 5): Promise<Reset[]> {
  const rows = await database.query<ResetRow>(
    `SELECT r.removed, r.created_at, u.first_name, u.last_name, u.username
       FROM login_device_resets r LEFT JOIN users u ON u.id = r.reset_by
      WHERE r.user_id = $1 ORDER BY r.created_at DESC, r.id DESC LIMIT $2`,
    [userId, limit],
  );
  return rows.map((r) => ({
    removed: Number(r.removed),
    reset_by: r.username ? `${r.first_name} ${r.last_name}`.trim() || r.username : null,
    created_at: new Date(r.created_at).toISOString(),
  }));
}
