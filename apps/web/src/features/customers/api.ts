// The customers calls (server modules/customers) and their query keys.
import type { Customer, CustomerBody, CustomerLiveSettings } from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { type ListParams, listFetch } from '../../api/listQuery';

export const customerKeys = {
  all: ['customers'] as const,
  list: (params: ListParams) => ['customers', 'list', params] as const,
  one: (id: string) => ['customers', 'one', id] as const,
};

export const fetchCustomers = listFetch<Customer>('/customers');
export const fetchCustomer = (id: string) => api.get<Customer>(`/customers/${encodeURIComponent(id)}`);
export const createCustomer = (body: CustomerBody) => api.post<Customer>('/customers', body);
export const updateCustomer = (id: string, body: CustomerBody) =>
  api.put<Customer>(`/customers/${encodeURIComponent(id)}`, body);
export const updateLiveSettings = (id: string, body: CustomerLiveSettings) =>
  api.put<Customer>(`/customers/${encodeURIComponent(id)}/live-settings`, body);

/** Every company the user may pick in a form (users, roles, notices, a parent company), by name. */
export function useCompanies(enabled = true) {
  const query = useQuery({
    queryKey: customerKeys.list({ order_by: 'name' }),
    queryFn: () => fetchCustomers({ order_by: 'name' }),
    enabled,
  });
  const list = query.data?.list ?? [];
  return { list, options: list.map((c) => ({ value: c.id, label: c.name })) };
}
