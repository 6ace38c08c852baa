// The vehicle master (models), domain spec §3: a vendor's models with their specifications, for
// the screens /vehicle-models… and for the vehicle form, which copies a model's specification.
// Names are unique within their vendor; a model that vehicles use cannot be deleted (service.ts).
import { vehicleModelResource } from '@fleetlens/contracts';
import { resource, rolesOf, routeModule } from '../../platform/routes.ts';
import { vehicleModelService } from './service.ts';

export const registerVehicleModels = routeModule(['vehicle-models'], async (route, platform) => {
  // The vehicle form and the vehicle list's filter pick a model from this list.
  const readers = [...rolesOf(vehicleModelResource, 'vehicles'), 'vehicle:add', 'vehicle:edit'];
  resource(route, vehicleModelResource, {
    service: vehicleModelService(platform.database),
    list: {
      rule: readers,
      summary: 'Vehicle models, paged (filter: name, series, model name or engine model)',
    },
    get: { rule: readers, summary: 'One vehicle model' },
    create: { summary: 'Create a vehicle model under a vendor' },
    edit: {
      summary: 'Edit a vehicle model (another vendor of the same customer may be chosen)',
    },
    remove: { summary: 'Delete a vehicle model that no vehicle uses' },
  });
});
