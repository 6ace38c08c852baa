// The demo's lock-out, seeded once with the demo fleet's history (modules/demo): the latest impact
// of the past week that reaches the lock-out level locked its vehicle a few seconds after, and the
// demo manager released it about forty minutes later with the reason. It is history only: the
// demo's groups keep no level, so the live fleet's impacts lock nothing (the simulated devices
// would stay held for every story that drives them).
import { impactLevel } from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';
import { hasLockouts, insertPastLock, latestImpact, userNamed } from './repository.ts';

const DAY_MS = 86_400_000;
/** The level the demo's lock was made at, in g. */
export const DEMO_LOCKOUT_LEVEL_G = 2;
export const DEMO_UNLOCK_REASON = 'Mast, forks and load backrest checked; operator unhurt; cleared to drive';
/** How long the vehicle stood locked, and how late the device locked it after the impact. */
const LOCKED_MS = 40 * 60_000;
const LOCK_DELAY_MS = 3_000;

/** Seeds the demo lock-out unless the customer has one; answers its id, or nothing. */
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
    eventId: impact.id,
    impactG: impactLevel(impact),
    levelG: DEMO_LOCKOUT_LEVEL_G,
    lockedAt,
    unlockedAt: new Date(lockedAt.getTime() + LOCKED_MS),
    unlockedBy: manager,
    reason: DEMO_UNLOCK_REASON,
  });
}
