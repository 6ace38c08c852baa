// The vehicle calls (server modules/vehicles) and their query keys.
import type {
  ListParamsOf,
  StateHistory,
  Vehicle,
  VehicleBody,
  VehicleUpdate,
  vehicleListQuerySchema,
} from '@fleetlens/contracts';
import { api } from '../../api/client';
import { listFetch } from '../../api/listQuery';

export type VehicleListParams = ListParamsOf<typeof vehicleListQuerySchema>;

const path = (id: string) => `/vehicles/${encodeURIComponent(id)}`;

export const vehicleKeys = {
  all: ['vehicles'] as const,
  list: (params: VehicleListParams) => ['vehicles', 'list', params] as const,
  one: (id: string) => ['vehicles', 'one', id] as const,
  stateHistory: (id: string, start: string, end: string) =>
    ['vehicles', 'state-history', id, start, end] as const,
};

export const fetchVehicles = listFetch<Vehicle, VehicleListParams>('/vehicles');
export const fetchVehicle = (id: string) => api.get<Vehicle>(path(id));
/** Changes of connection and motion within a period of at most a week (device link). */
export const fetchStateHistory = (id: string, start: string, end: string) =>
  api.get<StateHistory>(`${path(id)}/state-history`, { query: { start, end } });
export const createVehicle = (body: VehicleBody) => api.post<Vehicle>('/vehicles', body);
export const updateVehicle = (id: string, body: VehicleUpdate) => api.put<Vehicle>(path(id), body);
export const deleteVehicle = (id: string) => api.delete<{ id: string }>(path(id));
