// What the firmware screens share: times in the browser's zone, and the colour of each state.
import type { RolloutDeviceState, RolloutState } from '@fleetlens/contracts';
import dayjs from 'dayjs';

/** An instant as the console shows times (the browser's zone), or '-' for none. */
export const localTime = (value: string | null | undefined) =>
  value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : '-';

export const ROLLOUT_COLOURS: Record<RolloutState, string> = {
  scheduled: 'default',
  running: 'processing',
  paused: 'warning',
  stopped: 'error',
  cancelled: 'default',
  finished: 'success',
};

export const DEVICE_COLOURS: Record<RolloutDeviceState, string> = {
  waiting: 'default',
  notified: 'processing',
  downloading: 'processing',
  'waiting-for-stop': 'warning',
  installing: 'processing',
  rebooted: 'processing',
  succeeded: 'success',
  failed: 'error',
  'timed-out': 'error',
  cancelled: 'default',
};
