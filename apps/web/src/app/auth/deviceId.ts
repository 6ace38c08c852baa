// The browser's device id for the per-user device limit: made once, kept in localStorage.
import { DEVICE_ID_KEY, DEVICE_ID_LENGTH } from '@fleetlens/contracts';

export { DEVICE_ID_KEY };

/**
 * This browser's id; one the server would refuse (edited by hand, or left by another program under
 * the same key) is replaced, or every sign-in check would fail on it.
 */
export function getDeviceId(): string {
  let id = localStorage.getItem(DEVICE_ID_KEY);
  if (!id || id.length < DEVICE_ID_LENGTH.min || id.length > DEVICE_ID_LENGTH.max) {
    id = crypto.randomUUID();
    localStorage.setItem(DEVICE_ID_KEY, id);
  }
  return id;
}
