// What a lock says: since when and what locked the vehicle (an impact and its levels, or a failed
// pre-shift check and its critical items), as the vehicle page, the list's mark and the unlock
// dialog show it.
import type { Lockout } from '@fleetlens/contracts';
import type { TFunction } from 'i18next';
import { localTime } from '../../kernel/format';

export const lockText = (t: TFunction, lockout: Lockout) =>
  lockout.cause === 'check'
    ? t('lockedAfterCheck', {
        time: localTime(lockout.locked_at),
        items: lockout.check?.failed.join(', ') ?? '',
      })
    : t('lockedSince', {
        time: localTime(lockout.locked_at),
        impact: lockout.impact_g,
        level: lockout.level_g,
      });
