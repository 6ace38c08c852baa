// A device as the form's values, and the values a new device starts from.
import { DEFAULT_THRESHOLDS, type Device, type DeviceBody } from '@fleetlens/contracts';

export const NEW_DEVICE: Partial<DeviceBody> = {
  channel_number: 1,
  cameras: [{ camera_id: '', rotation: 'normal' }],
  icon: 'blue',
  installation_direction: 'front',
  thresholds: DEFAULT_THRESHOLDS,
  plate_number: '',
  firmware: '',
};

export function valuesOf(device: Device): DeviceBody {
  return {
    customer_id: device.customer.id,
    device_id: device.device_id,
    plate_number: device.plate_number ?? '',
    device_type: device.device_type,
    kitting_id: device.kitting?.id ?? null,
    vehicle_id: device.vehicle?.id ?? null,
    channel_number: device.channel_number,
    cameras: device.cameras,
    group_id: device.group?.id ?? null,
    icon: device.icon,
    firmware: device.firmware ?? '',
    sim_id: device.sim?.id ?? null,
    thresholds: device.thresholds,
    installation_direction: device.installation_direction,
  };
}

/** antd gives undefined for a cleared select; the API wants null. */
export function cleaned<T extends Record<string, unknown>>(values: T): T {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === undefined ? null : v])) as T;
}
