// The vehicle master calls (server modules/vehicle-models) and their query keys.
import { type ResourceListParams, type VehicleModel, vehicleModelResource } from '@fleetlens/contracts';
import { resourceApi, useResourceRows } from '../../api/resource';

export type VehicleModelListParams = ResourceListParams<typeof vehicleModelResource>;

export const vehicleModels = resourceApi(vehicleModelResource);
export const { keys: vehicleModelKeys, list: fetchVehicleModels, one: fetchVehicleModel } = vehicleModels;
export const { create: createVehicleModel, update: updateVehicleModel } = vehicleModels;

/** The models a form or filter may pick: of one vendor, or of one customer. */
export const useVehicleModels = (
  filter: { customerId?: string; manufacturerId?: string },
  enabled = true,
): VehicleModel[] =>
  useResourceRows(
    vehicleModels,
    { order_by: 'name', customer_id: filter.customerId, manufacturer_id: filter.manufacturerId },
    enabled,
  );
