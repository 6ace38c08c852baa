// Vehicles (domain spec §3): the list with the spec's list parameters, one vehicle, create, edit
// and delete, for the screens /vehicles… (kitting and support set vehicles up; sales and
// customers' users with vehicle:view read them). The rest of the registry (vendors, models,
// groups) registers beside it in app.ts.
import { READ_RULES, vehicleResource } from '@fleetlens/contracts';
import { resource, rolesOf, routeModule } from '../../platform/routes.ts';
import { vehicleService } from './service.ts';

export const registerVehicles = routeModule(['vehicles'], async (route, platform) => {
  resource(route, vehicleResource, {
    service: vehicleService(platform.database),
    list: {
      rule: READ_RULES.vehicleList,
      summary:
        'Vehicles, paged, sorted and filtered (filter: name, serial, key number, kitting id, description)',
    },
    get: { rule: [...rolesOf(vehicleResource.pages.detail), 'vehicle:edit'], summary: 'One vehicle' },
    create: { summary: 'Create a vehicle' },
    edit: { summary: 'Edit a vehicle (it keeps its customer)' },
    remove: { summary: 'Delete a vehicle that has no device' },
  });
});
