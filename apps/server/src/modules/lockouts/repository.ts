// Vehicle lock-outs in the database: the impacts that reach their group's level, the locks with
// their commands, and the reads of a vehicle's lock, the open locks and an event's lock history,
// each scoped in SQL to the caller's customers.
import type { Lockout } from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import { firstRow } from '../../platform/rows.repository.ts';
import { iso } from '../events/public.ts';

/** An Impact event of a vehicle whose group has a lock-out level, with its g-forces. */
export interface LockCandidate {
  event_id: string;
  customer_id: string;
  vehicle_id: string;
  device_pk: string;
  gx: number;
  gy: number;
  gz: number;
  level_g: number;
}

/** The events of `eventIds` that may lock their vehicle: impacts of a vehicle in a group with a level. */
export const lockCandidates = (db: Queryable, eventIds: readonly string[]) =>
  db.query<LockCandidate>(
    `SELECT e.id AS event_id, e.customer_id, e.vehicle_id, e.device_pk, e.gx, e.gy, e.gz,
            g.lockout_impact_g AS level_g
       FROM device_events e
       JOIN vehicles v ON v.id = e.vehicle_id AND v.customer_id = e.customer_id
       JOIN vehicle_groups g ON g.id = v.group_id AND g.customer_id = v.customer_id
      WHERE e.id = ANY($1::uuid[]) AND e.type = 'Impact' AND g.lockout_impact_g IS NOT NULL
        AND e.device_pk IS NOT NULL`,
    [eventIds],
  );

/** Locks the vehicle; undefined when it is locked already (one open lock per vehicle). */
export async function insertLock(
  db: Queryable,
  lock: { candidate: LockCandidate; impactG: number },
): Promise<string | undefined> {
  const { candidate, impactG } = lock;
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO vehicle_lockouts (customer_id, vehicle_id, event_id, impact_g, level_g)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (customer_id, vehicle_id) WHERE unlocked_at IS NULL DO NOTHING RETURNING id`,
    [candidate.customer_id, candidate.vehicle_id, candidate.event_id, impactG, candidate.level_g],
  );
  return row?.id;
}

/** Locks the vehicle after its failed check; undefined when it is locked already. */
export async function insertCheckLock(
  db: Queryable,
  lock: { customerId: string; vehicleId: string; checkId: string },
): Promise<string | undefined> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO vehicle_lockouts (customer_id, vehicle_id, cause, check_id)
     VALUES ($1, $2, 'check', $3)
     ON CONFLICT (customer_id, vehicle_id) WHERE unlocked_at IS NULL DO NOTHING RETURNING id`,
    [lock.customerId, lock.vehicleId, lock.checkId],
  );
  return row?.id;
}

/** The device fitted to the vehicle now, if any: the one a check's lock goes to. */
export async function deviceOfVehicle(db: Queryable, customerId: string, vehicleId: string) {
  const [row] = await db.query<{ id: string }>(
    'SELECT id FROM devices WHERE vehicle_id = $2 AND customer_id = $1 ORDER BY id LIMIT 1',
    [customerId, vehicleId],
  );
  return row?.id ?? null;
}

/** Whether the vehicle is locked now (any cause). */
export async function isLocked(db: Queryable, customerId: string, vehicleId: string): Promise<boolean> {
  const rows = await db.query(
    'SELECT 1 FROM vehicle_lockouts WHERE customer_id = $1 AND vehicle_id = $2 AND unlocked_at IS NULL',
    [customerId, vehicleId],
  );
  return rows.length > 0;
}

export async function setLockCommand(db: Queryable, lockoutId: string, commandId: string): Promise<void> {
  await db.query('UPDATE vehicle_lockouts SET lock_command_id = $2 WHERE id = $1', [lockoutId, commandId]);
}

const COLUMNS = `l.id, l.customer_id, l.cause, l.vehicle_id, v.name AS vehicle_name, l.event_id, ${iso('e.time')} AS event_time,
  l.check_id, ${iso('pc.done_at')} AS check_time,
  (SELECT coalesce(array_agg(i->>'text' ORDER BY n), '{}') FROM jsonb_array_elements(pc.items) WITH ORDINALITY AS a(i, n)
    WHERE (i->>'critical')::boolean AND NOT (i->>'passed')::boolean) AS check_failed,
  l.impact_g, l.level_g, ${iso('l.locked_at')} AS locked_at, lc.status AS lock_command_status,
  ${iso('l.unlocked_at')} AS unlocked_at, l.unlocked_by_name, l.unlock_reason, uc.status AS unlock_command_status`;
const FROM = `FROM vehicle_lockouts l
  JOIN vehicles v ON v.id = l.vehicle_id
  LEFT JOIN device_events e ON e.id = l.event_id
  LEFT JOIN pre_shift_checks pc ON pc.id = l.check_id AND pc.customer_id = l.customer_id
  LEFT JOIN device_commands lc ON lc.id = l.lock_command_id
  LEFT JOIN device_commands uc ON uc.id = l.unlock_command_id`;

type LockoutRow = Omit<Lockout, 'vehicle' | 'event' | 'check' | 'unlocked_by'> & {
  vehicle_id: string;
  vehicle_name: string;
  event_id: string | null;
  event_time: string | null;
  check_id: string | null;
  check_time: string | null;
  check_failed: string[] | null;
  unlocked_by_name: string | null;
};

const toLockout = ({
  vehicle_id,
  vehicle_name,
  event_id,
  event_time,
  check_id,
  check_time,
  check_failed,
  unlocked_by_name,
  ...row
}: LockoutRow): Lockout => ({
  ...row,
  vehicle: { id: vehicle_id, name: vehicle_name },
  event: event_id && event_time ? { id: event_id, time: event_time } : null,
  check: check_id && check_time ? { id: check_id, time: check_time, failed: check_failed ?? [] } : null,
  unlocked_by: unlocked_by_name,
});

/** The vehicle's open lock, if the vehicle is the caller's and locked. */
export function openLockOf(db: Queryable, scope: Scoped, vehicleId: string): Promise<Lockout | undefined> {
  return firstRow(
    db,
    `SELECT ${COLUMNS} ${FROM} WHERE l.vehicle_id = $2 AND l.unlocked_at IS NULL AND ${scope.inScope('l.customer_id', 1)}`,
    [scope.customerIds, vehicleId],
    toLockout,
  );
}

/** The vehicles locked now, of the caller's customers (or of one of them), the latest lock first. */
export async function openLocks(
  db: Queryable,
  scope: Scoped,
  customerId: string | undefined,
): Promise<Lockout[]> {
  const rows = await db.query<LockoutRow>(
    `SELECT ${COLUMNS} ${FROM}
      WHERE l.unlocked_at IS NULL AND ${scope.inScope('l.customer_id', 1)} AND ($2::uuid IS NULL OR l.customer_id = $2)
      ORDER BY l.locked_at DESC, l.id`,
    [scope.customerIds, customerId ?? null],
  );
  return rows.map(toLockout);
}

/** The locks an event caused, oldest first: its lock history. */
export async function locksOfEvent(db: Queryable, scope: Scoped, eventId: string): Promise<Lockout[]> {
  const rows = await db.query<LockoutRow>(
    `SELECT ${COLUMNS} ${FROM} WHERE l.event_id = $2 AND ${scope.inScope('l.customer_id', 1)} ORDER BY l.locked_at, l.id`,
    [scope.customerIds, eventId],
  );
  return rows.map(toLockout);
}

/** Locks by id, each read by its own customer (what the lock-out webhooks carry). */
export async function lockoutsByIds(
  db: Queryable,
  locks: readonly { id: string; customer_id: string }[],
): Promise<Lockout[]> {
  if (locks.length === 0) return [];
  const rows = await db.query<LockoutRow>(
    `SELECT ${COLUMNS} ${FROM}
       JOIN unnest($1::uuid[], $2::uuid[]) AS k(id, customer_id) ON k.id = l.id AND k.customer_id = l.customer_id
      ORDER BY l.locked_at, l.id`,
    [locks.map((l) => l.id), locks.map((l) => l.customer_id)],
  );
  return rows.map(toLockout);
}

/** Whether the event is one the caller sees. */
export async function eventSeen(db: Queryable, scope: Scoped, eventId: string): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM device_events WHERE id = $2 AND ${scope.inScope('customer_id', 1)}`,
    [scope.customerIds, eventId],
  );
  return rows.length > 0;
}

/** Whether the vehicle is one the caller sees. */
export async function vehicleSeen(db: Queryable, scope: Scoped, vehicleId: string): Promise<boolean> {
  const rows = await db.query(`SELECT 1 FROM vehicles WHERE id = $2 AND ${scope.inScope('customer_id', 1)}`, [
    scope.customerIds,
    vehicleId,
  ]);
  return rows.length > 0;
}

/**
 * The device to release the vehicle: the one fitted to it now, else the one that locked it. Null
 * when neither exists any more (the lock is released in the console only).
 */
export async function unlockDevice(db: Queryable, lockoutId: string): Promise<string | null> {
  const [row] = await db.query<{ device_pk: string | null }>(
    `SELECT coalesce((SELECT d.id FROM devices d WHERE d.vehicle_id = l.vehicle_id ORDER BY d.id LIMIT 1),
                     (SELECT c.device_pk FROM device_commands c WHERE c.id = l.lock_command_id)) AS device_pk
       FROM vehicle_lockouts l WHERE l.id = $1`,
    [lockoutId],
  );
  return row?.device_pk ?? null;
}

/** Releases an open lock; false when it was released meanwhile. */
export async function releaseLock(
  db: Queryable,
  release: { id: string; userId: string; userName: string; reason: string; commandId: string | null },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE vehicle_lockouts
        SET unlocked_at = now(), unlocked_by = $2, unlocked_by_name = $3, unlock_reason = $4,
            unlock_command_id = $5, updated_at = now()
      WHERE id = $1 AND unlocked_at IS NULL RETURNING id`,
    [release.id, release.userId, release.userName, release.reason, release.commandId],
  );
  return rows.length > 0;
}

/** Whether the customer has any lock, open or released (the demo's is seeded once). */
export async function hasLockouts(db: Queryable, customerId: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM vehicle_lockouts WHERE customer_id = $1 LIMIT 1', [customerId]);
  return rows.length > 0;
}

/** The customer's latest Impact event in [from, to] at `levelG` or above, with its g-forces. */
export async function latestImpact(
  db: Queryable,
  customerId: string,
  window: { from: Date; to: Date; levelG: number },
): Promise<{ id: string; vehicle_id: string; time: Date; gx: number; gy: number; gz: number } | undefined> {
  const [row] = await db.query<{
    id: string;
    vehicle_id: string;
    time: Date;
    gx: number;
    gy: number;
    gz: number;
  }>(
    `SELECT id, vehicle_id, time, gx, gy, gz FROM device_events
      WHERE customer_id = $1 AND type = 'Impact' AND vehicle_id IS NOT NULL AND time BETWEEN $2 AND $3
        AND greatest(abs(gx), abs(gy), abs(gz - 1)) >= $4
      ORDER BY time DESC LIMIT 1`,
    [customerId, window.from.toISOString(), window.to.toISOString(), window.levelG],
  );
  return row;
}

/** The customer's user of `username` (who released the demo's lock). */
export async function userNamed(
  db: Queryable,
  customerId: string,
  username: string,
): Promise<{ id: string; username: string } | undefined> {
  const [row] = await db.query<{ id: string; username: string }>(
    'SELECT id, username FROM users WHERE customer_id = $1 AND username = $2',
    [customerId, username],
  );
  return row;
}

/** Whether the vehicle was locked at any moment of [from, to] (a lock open now runs on). */
export async function lockedDuring(
  db: Queryable,
  customerId: string,
  vehicleId: string,
  window: { from: Date; to: Date },
): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM vehicle_lockouts
      WHERE customer_id = $1 AND vehicle_id = $2 AND locked_at <= $4 AND coalesce(unlocked_at, 'infinity') >= $3
      LIMIT 1`,
    [customerId, vehicleId, window.from.toISOString(), window.to.toISOString()],
  );
  return rows.length > 0;
}

/** What caused a past lock: an impact with its levels, or a failed pre-shift check. */
export type PastLockCause = { eventId: string; impactG: number; levelG: number } | { checkId: string };

/** A lock of the past, released: no command kept (it went out and was done long ago). */
export async function insertPastLock(
  db: Queryable,
  lock: {
    customerId: string;
    vehicleId: string;
    cause: PastLockCause;
    lockedAt: Date;
    unlockedAt: Date;
    unlockedBy: { id: string; username: string };
    reason: string;
  },
): Promise<string | undefined> {
  const { cause } = lock;
  const impact = 'eventId' in cause ? cause : undefined;
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO vehicle_lockouts (customer_id, vehicle_id, cause, event_id, impact_g, level_g, check_id, locked_at,
                                   unlocked_at, unlocked_by, unlocked_by_name, unlock_reason, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $9) RETURNING id`,
    [
      lock.customerId,
      lock.vehicleId,
      impact ? 'impact' : 'check',
      impact?.eventId ?? null,
      impact?.impactG ?? null,
      impact?.levelG ?? null,
      'checkId' in cause ? cause.checkId : null,
      lock.lockedAt.toISOString(),
      lock.unlockedAt.toISOString(),
      lock.unlockedBy.id,
      lock.unlockedBy.username,
      lock.reason,
    ],
  );
  return row?.id;
}
