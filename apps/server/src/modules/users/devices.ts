// The browsers a user is signed in from (spec §4, "device/session validity check"). Each browser
// keeps a DEVICE_ID in local storage; a user may be signed in from at most their own limit
// (users.login_device_limit) or the configured default. A known browser always passes; a new one
// is admitted while there is room. The check-and-insert runs under a lock on the user's row,
// so two browsers signing in at the same moment cannot both take the last place.
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client.ts';

export interface DeviceVisit {
  userId: string;
  customerId: string;
  deviceId: string;
  sessionState: string | null;
  userAgent: string | null;
  ip: string | null;
}

export async function admitDevice(
  database: DatabaseHandle,
  visit: DeviceVisit,
  defaultLimit: number,
): Promise<boolean> {
  return database.db.transaction(async (tx) => {
    const locked = await tx.execute<{ lim: number }>(
      sql`SELECT coalesce(login_device_limit, ${defaultLimit})::int AS lim FROM users
           WHERE id = ${visit.userId} AND customer_id = ${visit.customerId} FOR UPDATE`,
    );
    const limit = rowsOf<{ lim: number }>(locked)[0]?.lim;
    if (limit === undefined) return false;
    const known = await tx.execute(
      sql`UPDATE login_devices SET last_seen_at = now(), session_state = ${visit.sessionState},
                 user_agent = ${visit.userAgent}, ip = ${visit.ip}
           WHERE customer_id = ${visit.customerId} AND user_id = ${visit.userId}
             AND device_id = ${visit.deviceId}
       RETURNING id`,
    );
    if (rowsOf(known).length > 0) return true;
    const counted = await tx.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM login_devices
           WHERE customer_id = ${visit.customerId} AND user_id = ${visit.userId}`,
    );
    if ((rowsOf<{ n: number }>(counted)[0]?.n ?? 0) >= limit) return false;
    await tx.execute(
      sql`INSERT INTO login_devices (customer_id, user_id, device_id, session_state, user_agent, ip)
          VALUES (${visit.customerId}, ${visit.userId}, ${visit.deviceId}, ${visit.sessionState},
                  ${visit.userAgent}, ${visit.ip})`,
    );
    return true;
  });
}

/** Signs every browser of the user out of the device count (they are admitted again on return). */
export async function resetDevices(database: DatabaseHandle, userId: string): Promise<number> {
  const rows = await database.query('DELETE FROM login_devices WHERE user_id = $1 RETURNING id', [userId]);
  return rows.length;
}

// node-postgres answers {rows}, PGlite answers {rows} too, but drizzle's typings differ per driver.
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
