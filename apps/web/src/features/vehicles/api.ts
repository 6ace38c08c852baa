// The vehicle calls (server modules/vehicles) and their query keys.
import type {
  LinkStateFilter,
  StateHistory,
  Vehicle,
  VehicleBody,
  VehicleUpdate,
} from '@fleetlens/contracts';
import { api } from '../../api/client';
import { type ListAnswer, type ListParams, listQuery } from '../../api/listQuery';

/** The vehicle list's parameters (contracts vehicleListQuerySchema), camel-cased for the web. */
export type VehicleListParams = ListParams & {
  customerId?: string;
  groupId?: string;
  manufacturerId?: string;
  modelId?: string;
  vehicleType?: string;
  installationType?: string;
  powerType?: string;
  maintenanceMode?: 'true' | 'false';
  state?: LinkStateFilter;
};

const path = (id: string) => `/vehicles/${encodeURIComponent(id)}`;

export const vehicleKeys = {
  all: ['vehicles'] as const,
  list: (params: VehicleListParams) => ['vehicles', 'list', params] as const,
  one: (id: string) => ['vehicles', 'one', id] as const,
  stateHistory: (id: string, start: string, end: string) =>
    ['vehicles', 'state-history', id, start, end] as const,
};

export const vehicleListQuery = (params: VehicleListParams) => ({
  ...listQuery(params),
  customer_id: params.customerId,
  group_id: params.groupId,
  manufacturer_id: params.manufacturerId,
  model_id: params.modelId,
  vehicle_type: params.vehicleType,
  installation_type: params.installationType,
  power_type: params.powerType,
  maintenance_mode: params.maintenanceMode,
  state: params.state,
});

export const fetchVehicles = (params: VehicleListParams) =>
  api.get<ListAnswer<Vehicle>>('/vehicles', { query: vehicleListQuery(params) });
export const fetchVehicle = (id: string) => api.get<Vehicle>(path(id));
/** Changes of connection and motion within a period of at most a week (device link). */
export const fetchStateHistory = (id: string, start: string, end: string) =>
  api.get<StateHistory>(`${path(id)}/state-history`, { query: { start, end } });
export const createVehicle = (body: VehicleBody) => api.post<Vehicle>('/vehicles', body);
export const updateVehicle = (id: string, body: VehicleUpdate) => api.put<Vehicle>(path(id), body);
export const deleteVehicle = (id: string) => api.delete<{ id: string }>(path(id));
