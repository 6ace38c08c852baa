// Maintenance (domain spec, Maintenance): a customer's master items (/maintenances/masters) and
// plans (/maintenances…), for the console's maintenance screens. The rules are in service.ts.
import { maintenanceItemResource, maintenanceResource } from '@fleetlens/contracts';
import { resource, rolesOf, routeModule } from '../../platform/routes.ts';
import { maintenanceItemService, maintenanceService } from './service.ts';

export const registerMaintenances = routeModule(['maintenances'], async (route, platform) => {
  // The plan forms and the plan list's filter pick an item from this list.
  const itemReaders = rolesOf(maintenanceItemResource, maintenanceResource);
  resource(route, maintenanceItemResource, {
    service: maintenanceItemService(platform.database),
    list: { rule: itemReaders, summary: 'Maintenance master items, paged (filter: name or description)' },
    get: { rule: itemReaders, summary: 'One maintenance master item' },
    create: { summary: 'Create a maintenance master item' },
    edit: {
      summary: 'Rename a maintenance master item (not one whose plans have recorded maintenance: 400008)',
    },
    remove: { summary: 'Delete a maintenance master item that no plan uses (else 400009)' },
  });
  resource(route, maintenanceResource, {
    service: maintenanceService(platform.database),
    list: { summary: 'Maintenance plans, paged (filter: item name or description)' },
    get: { summary: 'One maintenance plan' },
    create: { summary: 'Create a maintenance plan' },
    edit: { summary: 'Edit a maintenance plan (it keeps its customer)' },
    remove: { summary: 'Delete a maintenance plan that has no vehicles' },
  });
});
