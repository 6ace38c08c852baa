// Vehicle vendors (manufacturers), domain spec §3: a customer's vendors, for the screens
// /manufacturers… and for the forms that pick a vendor (vehicle models, vehicles). Names are
// unique within a customer; a vendor with models or vehicles cannot be deleted (service.ts).
import { manufacturerResource, vehicleModelResource } from '@fleetlens/contracts';
import { resource, rolesOf, routeModule } from '../../platform/routes.ts';
import { manufacturerService } from './service.ts';

export const registerManufacturers = routeModule(['manufacturers'], async (route, platform) => {
  // The model and vehicle forms and the vehicle list's filter pick a vendor from this list.
  const readers = [
    ...rolesOf(manufacturerResource, vehicleModelResource, 'vehicles'),
    'vehicle:add',
    'vehicle:edit',
  ];
  resource(route, manufacturerResource, {
    service: manufacturerService(platform.database),
    list: { rule: readers, summary: 'Vehicle vendors, paged (filter: name or description)' },
    get: { summary: 'One vehicle vendor' },
    create: { summary: 'Create a vehicle vendor' },
    edit: { summary: 'Edit a vehicle vendor (it keeps its customer)' },
    remove: { summary: 'Delete a vehicle vendor that has no models or vehicles' },
  });
});
