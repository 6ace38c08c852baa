// The devices calls (server modules/devices) and their query keys.
import { type DeviceVehicleOption, deviceResource, type ResourceListParams } from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { resourceApi } from '../../api/resource';

export type DeviceListParams = ResourceListParams<typeof deviceResource>;

export type Option = { id: string; name: string };
export type DeviceOptions = {
  groups: Option[];
  cases: Option[];
  sims: (Option & { device_id: string | null })[];
};

export const devices = resourceApi(deviceResource);
export const deviceKeys = {
  ...devices.keys,
  options: (customerId: string) => [devices.name, 'options', customerId] as const,
  vehicleOptions: (params: VehicleOptionParams) => [devices.name, 'vehicle-options', params] as const,
};

export type VehicleOptionParams = { customerId: string; q: string; vehicleId?: string };
export type VehicleOption = DeviceVehicleOption;

export const { one: fetchDevice, create: createDevice, update: updateDevice } = devices;

/** The vehicles of one customer whose name holds `q` (a page at most), the chosen one first. */
export const fetchVehicleOptions = ({ customerId, q, vehicleId }: VehicleOptionParams) =>
  api.get<VehicleOption[]>('/devices/vehicle-options', {
    query: { customer_id: customerId, q: q || undefined, vehicle_id: vehicleId },
  });

/** The groups, cases and SIMs the device form offers for one customer. */
export function useDeviceOptions(customerId: string | undefined) {
  return useQuery({
    queryKey: deviceKeys.options(customerId ?? ''),
    queryFn: () => api.get<DeviceOptions>('/devices/options', { query: { customer_id: customerId ?? '' } }),
    enabled: !!customerId,
  });
}
