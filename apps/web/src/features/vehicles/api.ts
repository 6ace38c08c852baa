// The vehicle calls (server modules/vehicles) and their query keys.
import { type ResourceListParams, type StateHistory, vehicleResource } from '@fleetlens/contracts';
import { api } from '../../api/client';
import { resourceApi } from '../../api/resource';

export type VehicleListParams = ResourceListParams<typeof vehicleResource>;

export const vehicles = resourceApi(vehicleResource);
export const vehicleKeys = {
  ...vehicles.keys,
  stateHistory: (id: string, start: string, end: string) =>
    ['vehicles', 'state-history', id, start, end] as const,
};
export const { list: fetchVehicles, one: fetchVehicle } = vehicles;
export const { create: createVehicle, update: updateVehicle } = vehicles;

/** Changes of connection and motion within a period of at most a week (device link). */
export const fetchStateHistory = (id: string, start: string, end: string) =>
  api.get<StateHistory>(vehicles.path(id, '/state-history'), { query: { start, end } });
