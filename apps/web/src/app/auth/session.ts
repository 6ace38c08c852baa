// First-load device/session check (spec §4): over the device limit → signed out, #/403.
import { checkSession } from '../../api/platform';
import { getDeviceId } from './deviceId';

export type SessionCheckDeps = {
  sessionState: string | undefined;
  removeUser: () => Promise<void>;
  check?: typeof checkSession;
};

/** Returns false when this browser may not stay signed in (and has already been sent to #/403). */
export async function verifySession({ sessionState, removeUser, check = checkSession }: SessionCheckDeps) {
  const answer = await check({ device_id: getDeviceId(), session_state: sessionState ?? null });
  if (answer?.valid === false) {
    await removeUser();
    window.location.replace(`${window.location.pathname}#/403`);
    return false;
  }
  return true;
}
