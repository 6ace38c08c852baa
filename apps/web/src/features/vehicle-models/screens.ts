// The vehicle master screens, loaded together on first use (routes/screens.ts).
import type { FeatureScreens } from '../../routes/screenTypes';
import { VehicleModelFormPage } from './VehicleModelFormPage';
import { VehicleModelsPage } from './VehicleModelsPage';

export { VehicleModelFormPage, VehicleModelsPage };

/** The screens by the route name that shows each. */
export const screens = {
  vehicleModels: VehicleModelsPage,
  vehicleModelNew: VehicleModelFormPage,
  vehicleModelEdit: VehicleModelFormPage,
} satisfies FeatureScreens;
