// The customers calls (server modules/customers) and their query keys.
import { type Customer, type CustomerLiveSettings, customerResource } from '@fleetlens/contracts';
import { api } from '../../api/client';
import { nameOptions, resourceApi, useResourceRows } from '../../api/resource';

export const customers = resourceApi(customerResource);
export const { keys: customerKeys, list: fetchCustomers, one: fetchCustomer } = customers;
export const { create: createCustomer, update: updateCustomer } = customers;
export const updateLiveSettings = (id: string, body: CustomerLiveSettings) =>
  api.put<Customer>(customers.path(id, '/live-settings'), body);

/** Every company the user may pick in a form (users, roles, notices, a parent company), by name. */
export function useCompanies(enabled = true) {
  const list = useResourceRows(customers, { order_by: 'name' }, enabled);
  return { list, options: nameOptions(list) };
}
