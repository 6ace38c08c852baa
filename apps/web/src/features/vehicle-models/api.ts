// The vehicle master calls (server modules/vehicle-models) and their query keys.
import type { VehicleModel, VehicleModelBody } from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { type ListAnswer, type ListParams, listQuery } from '../../api/listQuery';

export type VehicleModelListParams = ListParams & {
  customerId?: string;
  manufacturerId?: string;
  powerType?: string;
};
const path = (id: string) => `/vehicle-models/${encodeURIComponent(id)}`;

export const vehicleModelKeys = {
  all: ['vehicle-models'] as const,
  list: (params: VehicleModelListParams) => ['vehicle-models', 'list', params] as const,
  one: (id: string) => ['vehicle-models', 'one', id] as const,
};

export const fetchVehicleModels = (params: VehicleModelListParams) =>
  api.get<ListAnswer<VehicleModel>>('/vehicle-models', {
    query: {
      ...listQuery(params),
      customer_id: params.customerId,
      manufacturer_id: params.manufacturerId,
      power_type: params.powerType,
    },
  });
export const fetchVehicleModel = (id: string) => api.get<VehicleModel>(path(id));
export const createVehicleModel = (body: VehicleModelBody) => api.post<VehicleModel>('/vehicle-models', body);
export const updateVehicleModel = (id: string, body: VehicleModelBody) =>
  api.put<VehicleModel>(path(id), body);
export const deleteVehicleModel = (id: string) => api.delete<{ id: string }>(path(id));

/** The models a form or filter may pick: of one vendor, or of one customer. */
export function useVehicleModels(filter: { customerId?: string; manufacturerId?: string }, enabled = true) {
  const params = { orderBy: 'name', ...filter };
  const query = useQuery({
    queryKey: vehicleModelKeys.list(params),
    queryFn: () => fetchVehicleModels(params),
    enabled,
  });
  return query.data?.list ?? [];
}
