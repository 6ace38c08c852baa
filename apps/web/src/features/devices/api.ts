// The devices calls (server modules/devices) and their query keys.
import type {
  Device,
  DeviceBody,
  DeviceVehicleOption,
  deviceListQuerySchema,
  ListParamsOf,
} from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { listFetch } from '../../api/listQuery';

export type DeviceListParams = ListParamsOf<typeof deviceListQuerySchema>;

export type Option = { id: string; name: string };
export type DeviceOptions = {
  groups: Option[];
  cases: Option[];
  sims: (Option & { device_id: string | null })[];
};

export const deviceKeys = {
  all: ['devices'] as const,
  list: (params: DeviceListParams) => ['devices', 'list', params] as const,
  one: (id: string) => ['devices', 'one', id] as const,
  options: (customerId: string) => ['devices', 'options', customerId] as const,
  vehicleOptions: (params: VehicleOptionParams) => ['devices', 'vehicle-options', params] as const,
};

export type VehicleOptionParams = { customerId: string; q: string; vehicleId?: string };
export type VehicleOption = DeviceVehicleOption;

const path = (id: string) => `/devices/${encodeURIComponent(id)}`;

export const fetchDevices = listFetch<Device, DeviceListParams>('/devices');
export const fetchDevice = (id: string) => api.get<Device>(path(id));
export const createDevice = (body: DeviceBody) => api.post<Device>('/devices', body);
export const updateDevice = (id: string, body: DeviceBody) => api.put<Device>(path(id), body);
export const deleteDevice = (id: string) => api.delete<null>(path(id));

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
