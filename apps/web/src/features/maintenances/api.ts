// The maintenance calls (server modules/maintenances) and their query keys: master items and plans.
import { maintenanceItemResource, maintenanceResource, type ResourceListParams } from '@fleetlens/contracts';
import { nameOptions, resourceApi, useResourceRows } from '../../api/resource';

export type MaintenanceListParams = ResourceListParams<typeof maintenanceResource>;

export const maintenanceItems = resourceApi(maintenanceItemResource);
export const maintenances = resourceApi(maintenanceResource);

/** The master items a plan of one customer may name. */
export const useMaintenanceItemOptions = (customerId?: string, enabled = true) =>
  nameOptions(useResourceRows(maintenanceItems, { order_by: 'name', customer_id: customerId }, enabled));
