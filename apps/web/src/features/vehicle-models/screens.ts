// The vehicle master screens, loaded together on first use (routes/screens.ts).
import { vehicleModelResource } from '@fleetlens/contracts';
import { resourceScreens } from '../../routes/screenTypes';
import { VehicleModelFormPage } from './VehicleModelFormPage';
import { VehicleModelsPage } from './VehicleModelsPage';

/** The screens: each page with the route names that show it. */
export const screens = resourceScreens(vehicleModelResource, {
  list: VehicleModelsPage,
  form: VehicleModelFormPage,
});
