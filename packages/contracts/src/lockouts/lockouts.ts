// Impact lock-out (beyond the spec): a customer sets, per vehicle group, the impact level at which
// a vehicle is locked. An Impact event from a vehicle's device at or above it sends the device a
// vehicle-lock command (it holds the vehicle at creep speed or stopped) and marks the vehicle
// locked, until a supervisor unlocks it with a reason. Each lock and unlock is kept with the event.
import { z } from 'zod';
import { textRequired } from '../validation/fields.ts';

/**
 * The levels are the devices' own: g, on the scale and within the range of a device's impact
 * threshold (devices' `impact.threshold`, 0 to 16 g). Below the lowest a lock would follow bumps.
 */
export const LOCKOUT_IMPACT_G_MIN = 0.5;
export const LOCKOUT_IMPACT_G_MAX = 16;

/** The event type that can lock a vehicle. */
export const LOCKOUT_EVENT_TYPE = 'Impact';

/**
 * An impact's level in g: its largest deviation from rest on any axis (gravity taken off gz). It is
 * what a device's g-sensor compares with its impact threshold, whichever way the vehicle was hit.
 */
export function impactLevel(event: { gx: number; gy: number; gz: number }): number {
  const level = Math.max(Math.abs(event.gx), Math.abs(event.gy), Math.abs(event.gz - 1));
  return Math.round(level * 100) / 100;
}

/** The group's lock-out level: a number of g, or null for off. */
export const lockoutLevelSchema = z
  .number('validation.invalidNumber')
  .min(LOCKOUT_IMPACT_G_MIN, 'validation.lockoutLevel')
  .max(LOCKOUT_IMPACT_G_MAX, 'validation.lockoutLevel')
  .nullable()
  .default(null);

export const UNLOCK_REASON_MAX = 500;

export const vehicleUnlockSchema = z
  .object({ reason: textRequired('validation.unlockReasonRequired', UNLOCK_REASON_MAX) })
  .strict();
export type VehicleUnlock = z.input<typeof vehicleUnlockSchema>;

/** What locked a vehicle: an impact, or a failed critical item of a pre-shift check. */
export const LOCKOUT_CAUSES = ['impact', 'check'] as const;
export type LockoutCause = (typeof LOCKOUT_CAUSES)[number];

/** A lock of a vehicle after an impact or a failed check, and its unlock once a supervisor released it. */
export const lockoutSchema = z.object({
  id: z.string(),
  customer_id: z.string(),
  cause: z.enum(LOCKOUT_CAUSES),
  vehicle: z.object({ id: z.string(), name: z.string() }),
  /** The impact (cause impact), else null. */
  event: z.object({ id: z.string(), time: z.string() }).nullable(),
  /** The failed check (cause check), with the critical items that failed, else null. */
  check: z.object({ id: z.string(), time: z.string(), failed: z.array(z.string()) }).nullable(),
  /** The impact's level (impactLevel) and the group's level it reached, in g (null for a check). */
  impact_g: z.number().nullable(),
  level_g: z.number().nullable(),
  locked_at: z.string(),
  /** Where the lock command is: queued (device away), sent, received, completed, failed. */
  lock_command_status: z.string().nullable(),
  unlocked_at: z.string().nullable(),
  unlocked_by: z.string().nullable(),
  unlock_reason: z.string().nullable(),
  unlock_command_status: z.string().nullable(),
});
export type Lockout = z.infer<typeof lockoutSchema>;

/** A vehicle's lock now: null when it is not locked. */
export const vehicleLockoutAnswerSchema = z.object({ lockout: lockoutSchema.nullable() });
export type VehicleLockoutAnswer = z.infer<typeof vehicleLockoutAnswerSchema>;

export const lockoutListQuerySchema = z.object({ customer_id: z.uuid('validation.invalid').optional() });
export const lockoutListSchema = z.object({ list: z.array(lockoutSchema), total: z.number().int() });
export type LockoutList = z.infer<typeof lockoutListSchema>;
