// The vehicle vendor calls (server modules/manufacturers) and their query keys.
import { manufacturerResource, type ResourceListParams } from '@fleetlens/contracts';
import { nameOptions, resourceApi, useResourceRows } from '../../api/resource';

export type ManufacturerListParams = ResourceListParams<typeof manufacturerResource>;

export const manufacturers = resourceApi(manufacturerResource);
export const { keys: manufacturerKeys, list: fetchManufacturers, one: fetchManufacturer } = manufacturers;
export const { create: createManufacturer, update: updateManufacturer } = manufacturers;

/** The vendors a form or filter may pick, of one customer when given. */
export const useManufacturerOptions = (customerId?: string, enabled = true) =>
  nameOptions(useResourceRows(manufacturers, { order_by: 'name', customer_id: customerId }, enabled));
