// The vehicle screens, loaded together on first use (routes/screens.ts).
import { vehicleResource } from '@fleetlens/contracts';
import { resourceScreens } from '../../routes/screenTypes';
import { VehicleDetailsPage } from './VehicleDetailsPage';
import { VehicleFormPage } from './VehicleFormPage';
import { VehiclesPage } from './VehiclesPage';

/** The screens: each page with the route names that show it. */
export const screens = resourceScreens(vehicleResource, {
  list: VehiclesPage,
  form: VehicleFormPage,
  detail: VehicleDetailsPage,
});
