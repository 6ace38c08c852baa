// Vehicle groups (domain spec §3 "Group"): a customer's groups of vehicles, for the screen
// /vehicle-groups and the forms and filters that pick a group. The rules live in service.ts.
import { vehicleGroupResource } from '@fleetlens/contracts';
import { resource, rolesOf, routeModule } from '../../platform/routes.ts';
import { vehicleGroupService } from './service.ts';

export const registerVehicleGroups = routeModule(['vehicle-groups'], async (route, platform) => {
  // The vehicle form and the vehicle list's filter pick a group from this list.
  const readers = [...rolesOf(vehicleGroupResource, 'vehicles'), 'vehicle:add', 'vehicle:edit'];
  resource(route, vehicleGroupResource, {
    service: vehicleGroupService(platform.database),
    list: { rule: readers, summary: 'Vehicle groups, paged (filter: name or description)' },
    get: { rule: readers, summary: 'One vehicle group' },
    create: { summary: 'Create a vehicle group' },
    edit: { summary: 'Edit a vehicle group (it keeps its customer)' },
    remove: { summary: 'Delete a vehicle group that has no vehicles' },
  });
});
