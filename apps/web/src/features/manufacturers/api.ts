// The vehicle vendor calls (server modules/manufacturers) and their query keys.
import type {
  ListParamsOf,
  Manufacturer,
  ManufacturerBody,
  ManufacturerUpdate,
  manufacturerListQuerySchema,
} from '@fleetlens/contracts';
import { nameOptions, resourceApi, useResourceRows } from '../../api/resource';

export type ManufacturerListParams = ListParamsOf<typeof manufacturerListQuerySchema>;

export const manufacturers = resourceApi<
  Manufacturer,
  ManufacturerListParams,
  ManufacturerBody,
  ManufacturerUpdate
>('/manufacturers');
export const { keys: manufacturerKeys, list: fetchManufacturers, one: fetchManufacturer } = manufacturers;
export const { create: createManufacturer, update: updateManufacturer } = manufacturers;

/** The vendors a form or filter may pick, of one customer when given. */
export const useManufacturerOptions = (customerId?: string, enabled = true) =>
  nameOptions(useResourceRows(manufacturers, { order_by: 'name', customer_id: customerId }, enabled));
