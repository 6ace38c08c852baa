// The browser's device id for the per-user device limit: made once, kept in localStorage.
import { DEVICE_ID_KEY } from '@fleetlens/contracts';

export { DEVICE_ID_KEY };

export function getDeviceId(): string {
  let id = localStorage.getItem(DEVICE_ID_KEY);
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem(DEVICE_ID_KEY, id);
  }
  return id;
}
