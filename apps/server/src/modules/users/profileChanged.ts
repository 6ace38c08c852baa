// Spec §4: "a role change re-reads info, resets routes, regenerates permitted routes and closes
// all open tabs". The API reads access from the database on every call; the browsers of the users
// concerned learn of the change over the live channel and re-read their profile.
import type { DatabaseHandle } from '../../db/client.ts';
import type { LiveHub } from '../../platform/live.ts';

export interface ProfileChangeTarget {
  /** These users. */
  userIds?: string[];
  /** Every user holding this custom role. */
  roleId?: string;
  /** Every user of this company (its functions changed). */
  customerId?: string;
}

export async function pushProfileChanged(
  database: DatabaseHandle,
  hub: LiveHub,
  target: ProfileChangeTarget,
): Promise<void> {
  const rows = await database.query<{ id: string }>(
    'SELECT id FROM users WHERE id = ANY($1::uuid[]) OR role_id = $2 OR customer_id = $3',
    [target.userIds ?? [], target.roleId ?? null, target.customerId ?? null],
  );
  if (rows.length === 0) return;
  const ids = new Set(rows.map((r) => r.id));
  await hub.broadcast(async (p) => (ids.has(p.userId) ? { type: 'profile-changed' } : undefined));
}
