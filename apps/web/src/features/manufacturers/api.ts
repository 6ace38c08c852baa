// The vehicle vendor calls (server modules/manufacturers) and their query keys.
import type {
  ListParamsOf,
  Manufacturer,
  ManufacturerBody,
  ManufacturerUpdate,
  manufacturerListQuerySchema,
} from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { listFetch } from '../../api/listQuery';

export type ManufacturerListParams = ListParamsOf<typeof manufacturerListQuerySchema>;
const path = (id: string) => `/manufacturers/${encodeURIComponent(id)}`;

export const manufacturerKeys = {
  all: ['manufacturers'] as const,
  list: (params: ManufacturerListParams) => ['manufacturers', 'list', params] as const,
  one: (id: string) => ['manufacturers', 'one', id] as const,
};

export const fetchManufacturers = listFetch<Manufacturer, ManufacturerListParams>('/manufacturers');
export const fetchManufacturer = (id: string) => api.get<Manufacturer>(path(id));
export const createManufacturer = (body: ManufacturerBody) => api.post<Manufacturer>('/manufacturers', body);
export const updateManufacturer = (id: string, body: ManufacturerUpdate) =>
  api.put<Manufacturer>(path(id), body);
export const deleteManufacturer = (id: string) => api.delete<{ id: string }>(path(id));

/** The vendors a form or filter may pick, of one customer when given. */
export function useManufacturerOptions(customerId?: string, enabled = true) {
  const params: ManufacturerListParams = { order_by: 'name', customer_id: customerId };
  const query = useQuery({
    queryKey: manufacturerKeys.list(params),
    queryFn: () => fetchManufacturers(params),
    enabled,
  });
  return (query.data?.list ?? []).map((m) => ({ value: m.id, label: m.name }));
}
