// The customers calls (server modules/customers) and their query keys.
import type { Customer, CustomerBody, CustomerLiveSettings } from '@fleetlens/contracts';
import { api } from '../../api/client';
import { type ListAnswer, type ListParams, listQuery } from '../../api/listQuery';

export const customerKeys = {
  all: ['customers'] as const,
  list: (params: ListParams) => ['customers', 'list', params] as const,
  one: (id: string) => ['customers', 'one', id] as const,
};

export const fetchCustomers = (params: ListParams) =>
  api.get<ListAnswer<Customer>>('/customers', { query: listQuery(params) });
export const fetchCustomer = (id: string) => api.get<Customer>(`/customers/${encodeURIComponent(id)}`);
export const createCustomer = (body: CustomerBody) => api.post<Customer>('/customers', body);
export const updateCustomer = (id: string, body: CustomerBody) =>
  api.put<Customer>(`/customers/${encodeURIComponent(id)}`, body);
export const updateLiveSettings = (id: string, body: CustomerLiveSettings) =>
  api.put<Customer>(`/customers/${encodeURIComponent(id)}/live-settings`, body);
