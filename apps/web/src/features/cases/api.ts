// The cases calls (server modules/cases) and their query keys: cases, their vehicles and devices,
// and their SIM cards.
import {
  type CaseDeviceBody,
  type CaseVehicle,
  caseResource,
  type Device,
  type DeviceSettingsBody,
  type ResourceListParams,
  type Sim,
  type SimAction,
  type SimBody,
} from '@fleetlens/contracts';
import { api } from '../../api/client';
import { type ListAnswer, type ListFetchOptions, type ListParams, listQuery } from '../../api/listQuery';
import { resourceApi } from '../../api/resource';

export type CaseListParams = ResourceListParams<typeof caseResource>;

export const cases = resourceApi(caseResource);
const { path } = cases;

export const caseKeys = {
  ...cases.keys,
  vehicles: (id: string, params: ListParams) => [cases.name, 'vehicles', id, params] as const,
  vehicleDevice: (id: string, vehicleId: string) => [cases.name, 'vehicle-device', id, vehicleId] as const,
  device: (id: string, deviceId: string) => [cases.name, 'device', id, deviceId] as const,
  sims: (id: string) => [cases.name, 'sims', id] as const,
  sim: (id: string, simId: string) => [cases.name, 'sim', id, simId] as const,
};

export const { one: fetchCase, create: createCase, update: updateCase } = cases;

export const fetchCaseVehicles = (id: string, params: ListParams, options?: ListFetchOptions) =>
  api.get<ListAnswer<CaseVehicle>>(path(id, '/vehicles'), { ...options, query: listQuery(params) });
export const fetchVehicleDevice = (id: string, vehicleId: string) =>
  api.get<{ vehicle: { id: string; name: string }; device: Device | null }>(
    path(id, `/vehicles/${encodeURIComponent(vehicleId)}/device`),
  );
export const registerDevice = (id: string, vehicleId: string, body: CaseDeviceBody) =>
  api.put<Device>(path(id, `/vehicles/${encodeURIComponent(vehicleId)}/device`), body);
export const fetchCaseDevice = (id: string, deviceId: string) =>
  api.get<Device>(path(id, `/devices/${encodeURIComponent(deviceId)}`));
export const updateDeviceSettings = (id: string, deviceId: string, body: DeviceSettingsBody) =>
  api.put<Device>(path(id, `/devices/${encodeURIComponent(deviceId)}/settings`), body);

export const fetchSims = (id: string) => api.get<Sim[]>(path(id, '/sims'));
export const fetchSim = (id: string, simId: string) =>
  api.get<Sim>(path(id, `/sims/${encodeURIComponent(simId)}`));
export const createSim = (id: string, body: SimBody) => api.post<Sim>(path(id, '/sims'), body);
export const updateSim = (id: string, simId: string, body: SimBody) =>
  api.put<Sim>(path(id, `/sims/${encodeURIComponent(simId)}`), body);
export const actOnSim = (id: string, simId: string, action: SimAction) =>
  api.post<Sim>(path(id, `/sims/${encodeURIComponent(simId)}/actions`), { action });
export const deleteSim = (id: string, simId: string) =>
  api.delete<null>(path(id, `/sims/${encodeURIComponent(simId)}`));
