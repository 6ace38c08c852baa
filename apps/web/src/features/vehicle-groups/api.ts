// The vehicle group calls (server modules/vehicle-groups) and their query keys.
import type { VehicleGroup, VehicleGroupBody, VehicleGroupUpdate } from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { type ListAnswer, type ListParams, listQuery } from '../../api/listQuery';

export type VehicleGroupListParams = ListParams & { customerId?: string };
const path = (id: string) => `/vehicle-groups/${encodeURIComponent(id)}`;

export const vehicleGroupKeys = {
  all: ['vehicle-groups'] as const,
  list: (params: VehicleGroupListParams) => ['vehicle-groups', 'list', params] as const,
};

export const fetchVehicleGroups = (params: VehicleGroupListParams) =>
  api.get<ListAnswer<VehicleGroup>>('/vehicle-groups', {
    query: { ...listQuery(params), customer_id: params.customerId },
  });
export const createVehicleGroup = (body: VehicleGroupBody) => api.post<VehicleGroup>('/vehicle-groups', body);
export const updateVehicleGroup = (id: string, body: VehicleGroupUpdate) =>
  api.put<VehicleGroup>(path(id), body);
export const deleteVehicleGroup = (id: string) => api.delete<{ id: string }>(path(id));

/** The groups a form or filter may pick, of one customer when given. */
export function useVehicleGroupOptions(customerId?: string, enabled = true) {
  const params = { orderBy: 'name', customerId };
  const query = useQuery({
    queryKey: vehicleGroupKeys.list(params),
    queryFn: () => fetchVehicleGroups(params),
    enabled,
  });
  return (query.data?.list ?? []).map((g) => ({ value: g.id, label: g.name }));
}
