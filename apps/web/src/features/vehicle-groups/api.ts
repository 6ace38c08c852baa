// The vehicle group calls (server modules/vehicle-groups) and their query keys.
import { type ResourceListParams, vehicleGroupResource } from '@fleetlens/contracts';
import { nameOptions, resourceApi, useResourceRows } from '../../api/resource';

export type VehicleGroupListParams = ResourceListParams<typeof vehicleGroupResource>;

export const vehicleGroups = resourceApi(vehicleGroupResource);
export const { keys: vehicleGroupKeys, list: fetchVehicleGroups } = vehicleGroups;
export const { create: createVehicleGroup, update: updateVehicleGroup } = vehicleGroups;

/** The groups a form or filter may pick, of one customer when given. */
export const useVehicleGroupOptions = (customerId?: string, enabled = true) =>
  nameOptions(useResourceRows(vehicleGroups, { order_by: 'name', customer_id: customerId }, enabled));
