// A device as the form's values, and the values a new device starts from.
import { DEFAULT_THRESHOLDS, type Device, type DeviceBody, deviceBodyOf } from '@fleetlens/contracts';

export const NEW_DEVICE: Partial<DeviceBody> = {
  channel_number: 1,
  cameras: [{ camera_id: '', rotation: 'normal' }],
  icon: 'blue',
  installation_direction: 'front',
  thresholds: DEFAULT_THRESHOLDS,
  plate_number: '',
  firmware: '',
};

/** A saved device as the form's values: its body, with empty texts where it has none. */
export function valuesOf(device: Device): DeviceBody {
  return {
    ...deviceBodyOf(device),
    plate_number: device.plate_number ?? '',
    firmware: device.firmware ?? '',
  };
}

/** antd gives undefined for a cleared select; the API wants null. */
export function cleaned<T extends Record<string, unknown>>(values: T): T {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === undefined ? null : v])) as T;
}
