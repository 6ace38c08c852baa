// The vehicle master calls (server modules/vehicle-models) and their query keys.
import type {
  ListParamsOf,
  VehicleModel,
  VehicleModelBody,
  vehicleModelListQuerySchema,
} from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { listFetch } from '../../api/listQuery';

export type VehicleModelListParams = ListParamsOf<typeof vehicleModelListQuerySchema>;
const path = (id: string) => `/vehicle-models/${encodeURIComponent(id)}`;

export const vehicleModelKeys = {
  all: ['vehicle-models'] as const,
  list: (params: VehicleModelListParams) => ['vehicle-models', 'list', params] as const,
  one: (id: string) => ['vehicle-models', 'one', id] as const,
};

export const fetchVehicleModels = listFetch<VehicleModel, VehicleModelListParams>('/vehicle-models');
export const fetchVehicleModel = (id: string) => api.get<VehicleModel>(path(id));
export const createVehicleModel = (body: VehicleModelBody) => api.post<VehicleModel>('/vehicle-models', body);
export const updateVehicleModel = (id: string, body: VehicleModelBody) =>
  api.put<VehicleModel>(path(id), body);
export const deleteVehicleModel = (id: string) => api.delete<{ id: string }>(path(id));

/** The models a form or filter may pick: of one vendor, or of one customer. */
export function useVehicleModels(filter: { customerId?: string; manufacturerId?: string }, enabled = true) {
  const params: VehicleModelListParams = {
    order_by: 'name',
    customer_id: filter.customerId,
    manufacturer_id: filter.manufacturerId,
  };
  const query = useQuery({
    queryKey: vehicleModelKeys.list(params),
    queryFn: () => fetchVehicleModels(params),
    enabled,
  });
  return query.data?.list ?? [];
}
