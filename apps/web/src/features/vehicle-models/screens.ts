// The vehicle master screens, loaded together on first use (routes/screens.ts).
import { screensOf } from '../../routes/screenTypes';
import { VehicleModelFormPage } from './VehicleModelFormPage';
import { VehicleModelsPage } from './VehicleModelsPage';

/** The screens: each page with the route names that show it. */
export const screens = screensOf(
  [VehicleModelsPage, 'vehicleModels'],
  [VehicleModelFormPage, 'vehicleModelNew', 'vehicleModelEdit'],
);
