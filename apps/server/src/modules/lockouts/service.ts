// The rules of the lock-out: an Impact event at or above its vehicle group's level locks the
// vehicle (a vehicle-lock command to the event's device, held until released), and so does a
// pre-shift check with a failed critical item (lockForFailedCheck, on the check's transaction); a
// vehicle is locked once at a time, and only a locked vehicle of the caller's customers is
// unlocked, with a reason, by a vehicle-unlock command. Each lock and unlock is an entry of the
// audit log, and is published to the customer's webhooks (`lockout.locked`, `lockout.unlocked`).
import { randomUUID } from 'node:crypto';
import { impactLevel, LOCKOUT_CREEP_SPEED_KMH, type Lockout } from '@fleetlens/contracts';
import type { DatabaseHandle, Queryable } from '../../db/client.ts';
import type { RequestAccess, Scoped } from '../../platform/access.ts';
import { auditedIn, auditTrail, SERVER_ACTOR } from '../../platform/audit.ts';
import { insertDeviceCommand } from '../../platform/deviceCommands.repository.ts';
import type { DeviceCommands } from '../../platform/deviceLink.ts';
import { ApiError } from '../../platform/errors.ts';
import type { WebhookPublisher } from '../integrations/public.ts';
import {
  deviceOfVehicle,
  eventSeen,
  insertCheckLock,
  insertLock,
  isLocked,
  type LockCandidate,
  lockCandidates,
  lockoutsByIds,
  locksOfEvent,
  openLockOf,
  openLocks,
  releaseLock,
  setLockCommand,
  unlockDevice,
  vehicleSeen,
} from './repository.ts';

const audit = auditTrail('vehicle_lockout', 'vehicle_lockouts');

/**
 * Locks the vehicle after a check with a failed critical item, on the check's transaction (both
 * or neither): the lock (cause check) and a vehicle-lock command to the vehicle's device, if it
 * has one. Answers the device to send to, or null (no device, or locked already: one lock at a
 * time, and the open one stays until a supervisor releases it), and the new lock's id (null: locked
 * already). The caller sends the command and publishes the lock once committed.
 */
export async function lockForFailedCheck(
  tx: Queryable,
  check: { customerId: string; vehicleId: string; checkId: string },
): Promise<{ device: string | null; lockout: string | null }> {
  const devicePk = await deviceOfVehicle(tx, check.customerId, check.vehicleId);
  const lockoutId = await auditedIn(tx, audit(SERVER_ACTOR, 'create'), (t) => insertCheckLock(t, check));
  if (!lockoutId || !devicePk) return { device: null, lockout: lockoutId ?? null };
  const commandId = randomUUID();
  await insertDeviceCommand(
    tx,
    {
      id: commandId,
      devicePk,
      customerId: check.customerId,
      type: 'vehicle-lock',
      params: { max_speed: LOCKOUT_CREEP_SPEED_KMH, check_id: check.checkId },
    },
    null,
  );
  await setLockCommand(tx, lockoutId, commandId);
  return { device: devicePk, lockout: lockoutId };
}

/** Whether the vehicle is locked now, whatever the cause. */
export const vehicleLocked = (db: Queryable, customerId: string, vehicleId: string) =>
  isLocked(db, customerId, vehicleId);

export interface LockoutDeps {
  database: DatabaseHandle;
  commands: DeviceCommands;
  /** Where each lock and unlock is told to the customer's webhooks. */
  publish: WebhookPublisher;
}

export function lockoutService({ database, commands, publish }: LockoutDeps) {
  /** Locks the candidate's vehicle unless it is locked already; answers the device to send to. */
  const lock = (candidate: LockCandidate) =>
    database.transaction(async (tx) => {
      const commandId = randomUUID();
      const id = await auditedIn(tx, audit(SERVER_ACTOR, 'create'), async (t) => {
        const lockoutId = await insertLock(t, { candidate, impactG: impactLevel(candidate) });
        if (!lockoutId) return undefined;
        await insertDeviceCommand(
          t,
          {
            id: commandId,
            devicePk: candidate.device_pk,
            customerId: candidate.customer_id,
            type: 'vehicle-lock',
            params: { max_speed: LOCKOUT_CREEP_SPEED_KMH, event_id: candidate.event_id },
          },
          null,
        );
        await setLockCommand(t, lockoutId, commandId);
        return lockoutId;
      });
      return id ? { id, customer_id: candidate.customer_id, device: candidate.device_pk } : undefined;
    });

  async function vehicleLock(scope: Scoped, vehicleId: string): Promise<Lockout | null> {
    const lockout = await openLockOf(database, scope, vehicleId);
    if (lockout) return lockout;
    if (!(await vehicleSeen(database, scope, vehicleId))) throw new ApiError('notFound');
    return null;
  }

  return {
    /** New events (events' onEventsCreated): the impacts that reach their group's level lock their vehicle. */
    async eventsCreated(eventIds: string[]) {
      const reached = (await lockCandidates(database, eventIds)).filter((c) => impactLevel(c) >= c.level_g);
      const locked: { id: string; customer_id: string; device: string }[] = [];
      for (const candidate of reached) {
        const done = await lock(candidate);
        if (done) locked.push(done);
      }
      for (const device of new Set(locked.map((l) => l.device))) await commands.sendPending(device);
      const lockouts = await lockoutsByIds(database, locked);
      await publish(
        'lockout.locked',
        lockouts.map((lockout) => ({ customerId: lockout.customer_id, data: { lockout } })),
      );
    },

    vehicle: async (scope: Scoped, vehicleId: string) => ({ lockout: await vehicleLock(scope, vehicleId) }),

    async open(scope: Scoped, customerId: string | undefined) {
      const list = await openLocks(database, scope, customerId);
      return { list, total: list.length };
    },

    async ofEvent(scope: Scoped, eventId: string) {
      if (!(await eventSeen(database, scope, eventId))) throw new ApiError('notFound');
      const list = await locksOfEvent(database, scope, eventId);
      return { list, total: list.length };
    },

    /** Releases the vehicle's lock with the caller's reason and sends the device the unlock. */
    async unlock(access: RequestAccess, vehicleId: string, reason: string): Promise<Lockout> {
      const lockout = await vehicleLock(access, vehicleId);
      if (!lockout) throw new ApiError('conflict', { messageKey: 'vehicleNotLocked' });
      const { userId, username } = access.principal;
      const device = await database.transaction(async (tx) => {
        const devicePk = await unlockDevice(tx, lockout.id);
        const commandId = devicePk ? randomUUID() : null;
        const released = await auditedIn(tx, audit(access.principal, 'update', lockout.id), async (t) => {
          if (devicePk && commandId)
            await insertDeviceCommand(
              t,
              {
                id: commandId,
                devicePk,
                customerId: lockout.customer_id,
                type: 'vehicle-unlock',
                params: {},
              },
              userId,
            );
          const done = await releaseLock(t, {
            id: lockout.id,
            userId,
            userName: username,
            reason,
            commandId,
          });
          return done ? lockout.id : undefined;
        });
        // Released by another call meanwhile: this one changes nothing (its command is rolled back).
        if (!released) throw new ApiError('conflict', { messageKey: 'vehicleNotLocked' });
        return devicePk;
      });
      if (device) await commands.sendPending(device);
      const [released = lockout] = await lockoutsByIds(database, [lockout]);
      await publish('lockout.unlocked', [{ customerId: released.customer_id, data: { lockout: released } }]);
      return released;
    },
  };
}
