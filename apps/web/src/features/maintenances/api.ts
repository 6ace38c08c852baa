// The maintenance calls (server modules/maintenances) and their query keys: master items, plans
// and the vehicles under them.
import {
  type ListPage,
  type ListParamsOf,
  type MaintenanceExecution,
  type MaintenanceExecutionBody,
  type MaintenanceVehicle,
  type MaintenanceVehicleBody,
  type MaintenanceVehicleUpdate,
  type MeterReject,
  type maintenanceAttentionQuerySchema,
  maintenanceItemResource,
  maintenanceResource,
  type maintenanceVehicleListQuerySchema,
  type ResourceListParams,
} from '@fleetlens/contracts';
import { api } from '../../api/client';
import { type ListFetchOptions, listQuery } from '../../api/listQuery';
import { nameOptions, resourceApi, useResourceRows } from '../../api/resource';

export type MaintenanceListParams = ResourceListParams<typeof maintenanceResource>;

export const maintenanceItems = resourceApi(maintenanceItemResource);
export const maintenances = resourceApi(maintenanceResource);

/** The master items a plan of one customer may name. */
export const useMaintenanceItemOptions = (customerId?: string, enabled = true) =>
  nameOptions(useResourceRows(maintenanceItems, { order_by: 'name', customer_id: customerId }, enabled));

/** The vehicles under one plan, one of them, its executions and its readings kept aside. */
export const vehiclesPath = (planId: string, vehicleId?: string, rest = '') =>
  `${maintenances.path(planId, '/vehicles')}${vehicleId ? `/${encodeURIComponent(vehicleId)}` : ''}${rest}`;

export type MaintenanceVehicleRow = MaintenanceVehicle & { id: string };
export type MaintenanceVehicleParams = ListParamsOf<typeof maintenanceVehicleListQuerySchema>;
export type AttentionParams = ListParamsOf<typeof maintenanceAttentionQuerySchema>;
/** A row's id is its vehicle's (an assignment has none of its own). */
const withIds = (page: ListPage<MaintenanceVehicle>): ListPage<MaintenanceVehicleRow> => ({
  ...page,
  list: page.list.map((row) => ({ ...row, id: row.vehicle.id })),
});

export const planVehicles = {
  keys: {
    all: ['maintenance-vehicles'] as const,
    list: (planId: string) => (params: MaintenanceVehicleParams) =>
      ['maintenance-vehicles', planId, 'list', params] as const,
    one: (planId: string, vehicleId: string) => ['maintenance-vehicles', planId, 'one', vehicleId] as const,
    executions: (planId: string, vehicleId: string) =>
      ['maintenance-vehicles', planId, 'executions', vehicleId] as const,
    rejects: (planId: string, vehicleId: string) =>
      ['maintenance-vehicles', planId, 'rejects', vehicleId] as const,
    attention: (params: AttentionParams) => ['maintenance-vehicles', 'attention', params] as const,
  },
  list: (planId: string) => async (params: MaintenanceVehicleParams, options?: ListFetchOptions) =>
    withIds(
      await api.get<ListPage<MaintenanceVehicle>>(vehiclesPath(planId), {
        query: listQuery(params),
        ...options,
      }),
    ),
  attention: async (params: AttentionParams, options?: ListFetchOptions) =>
    withIds(
      await api.get<ListPage<MaintenanceVehicle>>('/maintenance-vehicles', {
        query: listQuery(params),
        ...options,
      }),
    ),
  one: (planId: string, vehicleId: string) => api.get<MaintenanceVehicle>(vehiclesPath(planId, vehicleId)),
  assign: (planId: string, body: MaintenanceVehicleBody) =>
    api.post<MaintenanceVehicle>(vehiclesPath(planId), body),
  update: (planId: string, vehicleId: string, body: MaintenanceVehicleUpdate) =>
    api.put<MaintenanceVehicle>(vehiclesPath(planId, vehicleId), body),
  remove: (planId: string, vehicleId: string) => api.delete<unknown>(vehiclesPath(planId, vehicleId)),
  executions: (planId: string, vehicleId: string) =>
    api.get<MaintenanceExecution[]>(vehiclesPath(planId, vehicleId, '/executions')),
  execute: (planId: string, vehicleId: string, body: MaintenanceExecutionBody) =>
    api.post<MaintenanceVehicle>(vehiclesPath(planId, vehicleId, '/executions'), body),
  rejects: (planId: string, vehicleId: string) =>
    api.get<MeterReject[]>(vehiclesPath(planId, vehicleId, '/rejected-readings')),
};
