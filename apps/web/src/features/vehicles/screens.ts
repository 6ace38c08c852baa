// The vehicle screens, loaded together on first use (routes/screens.ts).
import type { FeatureScreens } from '../../routes/screenTypes';
import { VehicleDetailsPage } from './VehicleDetailsPage';
import { VehicleFormPage } from './VehicleFormPage';
import { VehiclesPage } from './VehiclesPage';

export { VehicleDetailsPage, VehicleFormPage, VehiclesPage };

/** The screens by the route name that shows each. */
export const screens = {
  vehicles: VehiclesPage,
  vehicleNew: VehicleFormPage,
  vehicleEdit: VehicleFormPage,
  vehicleDetails: VehicleDetailsPage,
} satisfies FeatureScreens;
