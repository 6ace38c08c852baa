// The vehicle group calls (server modules/vehicle-groups) and their query keys.
import type {
  ListParamsOf,
  VehicleGroup,
  VehicleGroupBody,
  VehicleGroupUpdate,
  vehicleGroupListQuerySchema,
} from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { listFetch } from '../../api/listQuery';

export type VehicleGroupListParams = ListParamsOf<typeof vehicleGroupListQuerySchema>;
const path = (id: string) => `/vehicle-groups/${encodeURIComponent(id)}`;

export const vehicleGroupKeys = {
  all: ['vehicle-groups'] as const,
  list: (params: VehicleGroupListParams) => ['vehicle-groups', 'list', params] as const,
};

export const fetchVehicleGroups = listFetch<VehicleGroup, VehicleGroupListParams>('/vehicle-groups');
export const createVehicleGroup = (body: VehicleGroupBody) => api.post<VehicleGroup>('/vehicle-groups', body);
export const updateVehicleGroup = (id: string, body: VehicleGroupUpdate) =>
  api.put<VehicleGroup>(path(id), body);
export const deleteVehicleGroup = (id: string) => api.delete<{ id: string }>(path(id));

/** The groups a form or filter may pick, of one customer when given. */
export function useVehicleGroupOptions(customerId?: string, enabled = true) {
  const params: VehicleGroupListParams = { order_by: 'name', customer_id: customerId };
  const query = useQuery({
    queryKey: vehicleGroupKeys.list(params),
    queryFn: () => fetchVehicleGroups(params),
    enabled,
  });
  return (query.data?.list ?? []).map((g) => ({ value: g.id, label: g.name }));
}
