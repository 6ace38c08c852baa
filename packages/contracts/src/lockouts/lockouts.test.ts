import { describe, expect, it } from 'vitest';
import { deviceCommandSchema } from '../device-link/messages.ts';
import { impactLevel, lockoutLevelSchema, vehicleUnlockSchema } from './lockouts.ts';

describe('impact lock-out', () => {
  it('measures an impact by its largest g on any axis, gravity taken off the vertical', () => {
    expect(impactLevel({ gx: -2.4, gy: 0.3, gz: 1 })).toBe(2.4);
    expect(impactLevel({ gx: 0.1, gy: 1.7, gz: 1.02 })).toBe(1.7);
    expect(impactLevel({ gx: 0, gy: 0, gz: 3 })).toBe(2);
    expect(impactLevel({ gx: 0, gy: 0, gz: 1 })).toBe(0);
  });

  it("takes a group's level in the devices' range, or none for off", () => {
    expect(lockoutLevelSchema.parse(undefined)).toBeNull();
    expect(lockoutLevelSchema.parse(2.5)).toBe(2.5);
    for (const wrong of [0.4, 16.5])
      expect(lockoutLevelSchema.safeParse(wrong).error?.issues[0]?.message).toBe('validation.lockoutLevel');
  });

  it('needs an unlock reason that is not blank', () => {
    expect(vehicleUnlockSchema.parse({ reason: ' Checked ' })).toEqual({ reason: 'Checked' });
    for (const body of [{}, { reason: '  ' }])
      expect(vehicleUnlockSchema.safeParse(body).error?.issues[0]?.message).toBe(
        'validation.unlockReasonRequired',
      );
  });

  it('sends lock and unlock commands a device can check', () => {
    const id = '2e7b0d6c-1f3a-4c5e-9b8d-7a6f5e4d3c2b';
    const time = '2026-12-07T10:00:01Z';
    const lock = { id, time, type: 'vehicle-lock', max_speed: 5, event_id: id };
    expect(deviceCommandSchema.parse(lock)).toEqual(lock);
    expect(deviceCommandSchema.safeParse({ ...lock, max_speed: 20 }).success).toBe(false);
    expect(deviceCommandSchema.parse({ id, time, type: 'vehicle-unlock' })).toMatchObject({
      type: 'vehicle-unlock',
    });
  });
});
