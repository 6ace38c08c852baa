// The demo's lock-outs, seeded with the demo fleet's history (modules/demo), both of the past week
// and both released: the latest impact that reaches the lock-out level locked its vehicle a few
// seconds after, and the demo manager released it about forty minutes later with the reason; and
// the one pre-shift check with a failed critical item (pre-shift-checks' demo) locked its vehicle,
// released once repaired. They are history only: the demo's groups keep no level, so the live
// fleet's impacts lock nothing, and no lock is left open (the simulated devices would stay held
// for every story that drives them). One vehicle is never locked twice at once.
import { impactLevel } from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';
import { hasLockouts, insertPastLock, latestImpact, lockedDuring, userNamed } from './repository.ts';

const DAY_MS = 86_400_000;
/** The level the demo's lock was made at, in g. */
export const DEMO_LOCKOUT_LEVEL_G = 2;
export const DEMO_UNLOCK_REASON = 'Mast, forks and load backrest checked; operator unhurt; cleared to drive';
export const DEMO_CHECK_UNLOCK_REASON =
  'Brake line fitting tightened, fluid topped up and brakes tested; cleared to drive';
/** How long the vehicle stood locked, and how late the device locked it after the impact. */
const LOCKED_MS = 40 * 60_000;
const LOCK_DELAY_MS = 3_000;
/** How long the repair after the failed check kept its vehicle locked. */
const CHECK_LOCKED_MS = 55 * 60_000;

/** Seeds the demo's impact lock-out unless the customer has a lock; answers its id, or nothing. */
export async function seedDemoLockout(
  db: Queryable,
  customerId: string,
  now: number,
): Promise<string | undefined> {
  if (await hasLockouts(db, customerId)) return undefined;
  const impact = await latestImpact(db, customerId, {
    from: new Date(now - 7 * DAY_MS),
    // Released before now: the unlock is past too.
    to: new Date(now - LOCKED_MS - LOCK_DELAY_MS - 60_000),
    levelG: DEMO_LOCKOUT_LEVEL_G,
  });
  const manager = await userNamed(db, customerId, 'manager');
  if (!impact || !manager) return undefined;
  const lockedAt = new Date(new Date(impact.time).getTime() + LOCK_DELAY_MS);
  return insertPastLock(db, {
    customerId,
    vehicleId: impact.vehicle_id,
    cause: { eventId: impact.id, impactG: impactLevel(impact), levelG: DEMO_LOCKOUT_LEVEL_G },
    lockedAt,
    unlockedAt: new Date(lockedAt.getTime() + LOCKED_MS),
    unlockedBy: manager,
    reason: DEMO_UNLOCK_REASON,
  });
}

/** The span a failed check done at `doneAt` keeps its vehicle locked in the demo. */
const checkLockSpan = (doneAt: Date) => ({
  from: new Date(doneAt.getTime() + LOCK_DELAY_MS),
  to: new Date(doneAt.getTime() + LOCK_DELAY_MS + CHECK_LOCKED_MS),
});

/**
 * Whether a check failed at `doneAt` may lock its vehicle in the demo: the lock and its release
 * are past by `now`, and the vehicle was not locked meanwhile (by the impact's lock).
 */
export async function demoCheckLockFits(
  db: Queryable,
  check: { customerId: string; vehicleId: string; doneAt: Date },
  now: number,
): Promise<boolean> {
  const span = checkLockSpan(check.doneAt);
  if (span.to.getTime() >= now) return false;
  return !(await lockedDuring(db, check.customerId, check.vehicleId, span));
}

/** The lock of the demo's failed check, released by the demo manager; answers its id, or nothing. */
export async function seedDemoCheckLockout(
  db: Queryable,
  check: { customerId: string; vehicleId: string; checkId: string; doneAt: Date },
): Promise<string | undefined> {
  const manager = await userNamed(db, check.customerId, 'manager');
  if (!manager) return undefined;
  const span = checkLockSpan(check.doneAt);
  return insertPastLock(db, {
    customerId: check.customerId,
    vehicleId: check.vehicleId,
    cause: { checkId: check.checkId },
    lockedAt: span.from,
    unlockedAt: span.to,
    unlockedBy: manager,
    reason: DEMO_CHECK_UNLOCK_REASON,
  });
}
