// Whoever grants privileges (a custom role, a service account) gives only privileges they hold
// themselves (contracts access/grants.ts): one refusal for every place that grants.
import { privilegesNotHeld } from '@fleetlens/contracts';
import type { Principal } from './auth.ts';
import { ApiError } from './errors.ts';

/**
 * Refuses (403, `key` naming the privileges lacking) what `me` does not hold; with `field`, the
 * message also stands under that form field.
 */
export function mustHoldPrivileges(
  me: Principal,
  privileges: readonly string[],
  key: string,
  field?: string,
): void {
  const lacking = privilegesNotHeld(me, privileges).join(', ');
  if (!lacking) return;
  throw new ApiError('forbidden', {
    messageKey: key,
    params: { privileges: lacking },
    fields: field ? [{ field, key, params: { privileges: lacking } }] : undefined,
  });
}
